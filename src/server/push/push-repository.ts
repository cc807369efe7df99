import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const SHOP = 'shop';

export type SubscriptionRow = Selectable<PushSubscriptionsTable>;

/** Several instances starting at once: the first insert wins and every instance reads the same keys back. */
export async function ensurePushKeys(db: Executor, candidate: { publicKey: string; privateKey: string }, now: number) {
  await db
    .insertInto('push_state')
    .values({ id: SHOP, public_key: candidate.publicKey, private_key: candidate.privateKey, created_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return readPushState(db);
}

export async function readPushState(db: Executor) {
  const row = await db.selectFrom('push_state').selectAll().where('id', '=', SHOP).executeTakeFirst();
  if (!row) return undefined;
  return {
    publicKey: row.public_key,
    privateKey: row.private_key,
    lastSentAt: row.last_sent_at === null ? null : Number(row.last_sent_at),
    lastFailureAt: row.last_failure_at === null ? null : Number(row.last_failure_at),
    lastFailure: row.last_failure,
  };
}

export async function recordPushSent(db: Executor, subscriptionId: string, at: number): Promise<void> {
  await db.updateTable('push_state').set({ last_sent_at: at }).where('id', '=', SHOP).execute();
  await db.updateTable('push_subscriptions').set({ last_sent_at: at }).where('id', '=', subscriptionId).execute();
}

export async function recordPushFailure(db: Executor, at: number, failure: string): Promise<void> {
  await db
    .updateTable('push_state')
    .set({ last_failure_at: at, last_failure: failure.slice(0, 300) })
    .where('id', '=', SHOP)
    .execute();
}

/** A browser has one subscription per push service: subscribing again, even as another person, replaces it. */
export async function saveSubscription(
  db: Kysely<Database>,
  input: { person: string; endpoint: string; p256dh: string; auth: string; device: string; now: number },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_subscriptions').where('endpoint', '=', input.endpoint).execute();
    const id = randomUUID();
    await trx
      .insertInto('push_subscriptions')
      .values({
        id,
        person: input.person,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
        device: input.device,
        created_at: input.now,
        last_sent_at: null,
      })
      .execute();
    return id;
  });
}

export function listSubscriptions(db: Executor, person?: string): Promise<SubscriptionRow[]> {
  let query = db.selectFrom('push_subscriptions').selectAll().orderBy('created_at');
  if (person !== undefined) query = query.where('person', '=', person);
  return query.execute();
}

export function findSubscription(db: Executor, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSubscription(db: Executor, id: string, person?: string): Promise<boolean> {
  let query = db.deleteFrom('push_subscriptions').where('id', '=', id);
  if (person !== undefined) query = query.where('person', '=', person);
  return Number((await query.executeTakeFirst()).numDeletedRows) > 0;
}

/** A device that signs out: its subscription, if it is that person's. */
export async function deleteSubscriptionByEndpoint(db: Executor, endpoint: string, person: string): Promise<number> {
  const deleted = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('person', '=', person)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** `person` undefined: every device, as when every session ends. */
export async function deleteSubscriptionsOf(db: Executor, person?: string): Promise<number> {
  let query = db.deleteFrom('push_subscriptions');
  if (person !== undefined) query = query.where('person', '=', person);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

export function readPreferenceRows(db: Executor) {
  return db.selectFrom('push_preferences').selectAll().execute();
}

export async function savePreferenceRow(
  db: Executor,
  row: { person: string; muted: string; quietStart: number; quietEnd: number; now: number },
): Promise<void> {
  const values = { muted: row.muted, quiet_start: row.quietStart, quiet_end: row.quietEnd, updated_at: row.now };
  await db
    .insertInto('push_preferences')
    .values({ person: row.person, ...values })
    .onConflict((conflict) => conflict.column('person').doUpdateSet(values))
    .execute();
}

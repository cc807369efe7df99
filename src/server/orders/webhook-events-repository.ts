import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ProviderId } from '../gateway/provider-registry.ts';
import type { Database } from '../db/schema.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { SHOP_ALERT_ORDER_ID, UNRECOGNISED_EVENT_FAMILY } from './unrecognised-events.ts';

export const MAX_AUDITED_BODY = 16 * 1024;

export async function recordWebhookEvent(
  db: Kysely<Database>,
  event: { orderId: string | null; secretOk: boolean; contentType: string | null; body: string; candidateIds: string[]; now: number },
): Promise<void> {
  await db
    .insertInto('webhook_events')
    .values({
      id: randomUUID(),
      received_at: event.now,
      order_id: event.orderId,
      secret_ok: event.secretOk ? 1 : 0,
      content_type: event.contentType?.slice(0, 200) ?? null,
      // As the provider's parseWebhook handed it: the customer the gateway repeats already removed (LGPD).
      body: event.body.slice(0, MAX_AUDITED_BODY),
      candidate_ids: JSON.stringify(event.candidateIds.slice(0, 10)),
    })
    .execute();
}

const heldKey = (provider: ProviderId, chargeId: string) => `${provider}:${chargeId}`;

/** Kept, one row per charge, for the order that gets the charge (adoptHeldWebhooks); false when held already. */
export async function holdWebhook(db: Kysely<Database>, held: { provider: ProviderId; chargeId: string; now: number }): Promise<boolean> {
  const key = heldKey(held.provider, held.chargeId);
  const creating = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'creating')
    .where('provider', '=', held.provider)
    .limit(1)
    .executeTakeFirst();
  // No create in flight: a charge of the account that is none of ours (another sales channel's).
  if (!creating) return false;
  const known = await db.selectFrom('webhook_events').select('id').where('held_charge', '=', key).executeTakeFirst();
  if (known) return false;
  await db
    .insertInto('webhook_events')
    .values({
      id: randomUUID(),
      received_at: held.now,
      order_id: null,
      secret_ok: 1,
      content_type: null,
      body: '',
      candidate_ids: JSON.stringify([held.chargeId]),
      held_charge: key,
    })
    .execute();
  return true;
}

/** The order that now holds one of `chargeIds` takes the webhooks kept for them; true when there were any. */
export async function adoptHeldWebhooks(
  db: Kysely<Database>,
  provider: ProviderId,
  chargeIds: readonly string[],
  orderId: string,
): Promise<boolean> {
  if (chargeIds.length === 0) return false;
  const result = await db
    .updateTable('webhook_events')
    .set({ order_id: orderId, held_charge: null })
    .where(
      'held_charge',
      'in',
      chargeIds.map((id) => heldKey(provider, id)),
    )
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findPostbackCandidateIds(db: Kysely<Database>, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_events')
    .select('candidate_ids')
    .where('order_id', '=', orderId)
    .where('secret_ok', '=', 1)
    .orderBy('received_at', 'desc')
    .limit(5)
    .execute();
  const ids = new Set<string>();
  for (const row of rows) {
    try {
      for (const id of JSON.parse(row.candidate_ids) as unknown[]) if (typeof id === 'string') ids.add(id);
    } catch {
      // An unreadable audit row names nothing.
    }
  }
  return [...ids];
}

/** One row per provider, so a flood of forged calls grows a count, never the disk; every instance's Saúde reads it. */
export async function recordWebhookRejection(db: Kysely<Database>, provider: ProviderId, reason: string, now: number): Promise<void> {
  await db
    .insertInto('webhook_rejections')
    .values({ provider, count: 1, last_at: now, last_reason: reason.slice(0, 200) })
    .onConflict((conflict) =>
      conflict.column('provider').doUpdateSet((eb) => ({
        count: eb('webhook_rejections.count', '+', 1),
        last_at: eb.ref('excluded.last_at'),
        last_reason: eb.ref('excluded.last_reason'),
      })),
    )
    .execute();
}

/** Names kept per provider: a signed sender could otherwise grow the table without end. */
const MAX_UNRECOGNISED_NAMES = 50;
const MAX_NAME_LENGTH = 100;

/**
 * Counts a verified event the shop does not read, and queues the seller's alert in the same transaction the
 * first time its name appears (true then); one alert per name on any number of instances, by the outbox's key.
 */
export async function recordUnrecognisedEvent(db: Kysely<Database>, provider: ProviderId, rawName: string, now: number): Promise<boolean> {
  const name = rawName.slice(0, MAX_NAME_LENGTH);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('unrecognised_events')
      .set((eb) => ({ count: eb('count', '+', 1), last_at: now }))
      .where('provider', '=', provider)
      .where('name', '=', name)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return false;
    const known = await trx
      .selectFrom('unrecognised_events')
      .select((eb) => eb.fn.countAll<number>().as('names'))
      .where('provider', '=', provider)
      .executeTakeFirstOrThrow();
    if (Number(known.names) >= MAX_UNRECOGNISED_NAMES) return false;
    const inserted = await trx
      .insertInto('unrecognised_events')
      .values({ provider, name, count: 1, first_at: now, last_at: now })
      .onConflict((conflict) => conflict.columns(['provider', 'name']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      // Another instance recorded the name between our update and insert: counted, its alert theirs.
      await trx
        .updateTable('unrecognised_events')
        .set((eb) => ({ count: eb('count', '+', 1), last_at: now }))
        .where('provider', '=', provider)
        .where('name', '=', name)
        .execute();
      return false;
    }
    return enqueueOutboxMessage(trx, {
      orderId: SHOP_ALERT_ORDER_ID,
      kind: `${UNRECOGNISED_EVENT_FAMILY}${provider}:${name}`,
      payload: null,
      now,
    });
  });
}

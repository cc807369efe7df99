import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type {
  AffiliateCommissionsTable,
  AffiliateLinksTable,
  AffiliatePixChangesTable,
  AffiliateSettingsTable,
  AffiliatesTable,
  Database,
} from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type AffiliateRow = Selectable<AffiliatesTable>;
export type CommissionRow = Selectable<AffiliateCommissionsTable>;
export type SettingsRow = Selectable<AffiliateSettingsTable>;
export type LinkRow = Selectable<AffiliateLinksTable>;
export type PixChangeRow = Selectable<AffiliatePixChangesTable>;

const SETTINGS_ID = 'shop';

export async function insertAffiliate(db: Executor, row: Insertable<AffiliatesTable>): Promise<void> {
  await db.insertInto('affiliates').values(row).execute();
}

export function findAffiliate(db: Executor, id: string): Promise<AffiliateRow | undefined> {
  return db.selectFrom('affiliates').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAffiliateByCode(db: Executor, code: string): Promise<AffiliateRow | undefined> {
  return db.selectFrom('affiliates').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findAffiliateByEmail(db: Executor, email: string): Promise<AffiliateRow | undefined> {
  return db.selectFrom('affiliates').selectAll().where('email', '=', email).executeTakeFirst();
}

export function listAffiliates(db: Executor): Promise<AffiliateRow[]> {
  return db.selectFrom('affiliates').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function updateAffiliate(db: Executor, id: string, changes: Updateable<AffiliatesTable>): Promise<boolean> {
  const result = await db.updateTable('affiliates').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function readSettings(db: Executor): Promise<SettingsRow | undefined> {
  return db.selectFrom('affiliate_settings').selectAll().where('id', '=', SETTINGS_ID).executeTakeFirst();
}

export async function writeSettings(db: Executor, values: Omit<Insertable<AffiliateSettingsTable>, 'id'>): Promise<void> {
  await db
    .insertInto('affiliate_settings')
    .values({ id: SETTINGS_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** Born once per item: a payment told twice changes nothing. */
export async function insertCommissions(db: Executor, rows: ReadonlyArray<Insertable<AffiliateCommissionsTable>>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('affiliate_commissions')
    .values([...rows])
    .onConflict((oc) => oc.columns(['order_id', 'item']).doNothing())
    .execute();
}

export function commissionsOfAffiliates(db: Executor, affiliateIds: readonly string[]): Promise<CommissionRow[]> {
  if (affiliateIds.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('affiliate_commissions')
      .selectAll()
      .where('affiliate_id', 'in', [...affiliateIds])
      .orderBy('created_at')
      .orderBy('order_id')
      // 'main' before 'bump', as a purchase lists them.
      .orderBy('item', 'desc')
      .execute()
  );
}

export async function insertLink(db: Executor, row: Insertable<AffiliateLinksTable>): Promise<void> {
  await db.insertInto('affiliate_links').values(row).execute();
}

/** One conditional UPDATE: of two openings of one link only one uses it. Undefined: unknown, used or expired. */
export async function useLink(db: Executor, tokenHash: string, now: number): Promise<LinkRow | undefined> {
  const result = await db
    .updateTable('affiliate_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('affiliate_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** A used or expired link is worth nothing: kept a day past its end for the tests of "already used", then gone. */
export async function pruneLinks(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('affiliate_links').where('expires_at', '<', before).execute();
}

export async function insertSession(db: Executor, row: { idHash: string; affiliateId: string; now: number; expiresAt: number }) {
  await db
    .insertInto('affiliate_sessions')
    .values({ id_hash: row.idHash, affiliate_id: row.affiliateId, created_at: row.now, expires_at: row.expiresAt })
    .execute();
}

export function findSession(db: Executor, idHash: string, now: number) {
  return db
    .selectFrom('affiliate_sessions')
    .select(['affiliate_id', 'expires_at'])
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.deleteFrom('affiliate_sessions').where('id_hash', '=', idHash).execute();
}

export async function pruneSessions(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('affiliate_sessions').where('expires_at', '<=', now).execute();
}

/** A removed affiliate's browsers are signed out with them. */
export async function deleteSessionsOf(db: Executor, affiliateId: string): Promise<void> {
  await db.deleteFrom('affiliate_sessions').where('affiliate_id', '=', affiliateId).execute();
}

export async function insertPixChange(db: Executor, row: Insertable<AffiliatePixChangesTable>): Promise<void> {
  await db.insertInto('affiliate_pix_changes').values(row).execute();
}

export function findPixChange(db: Executor, id: string): Promise<PixChangeRow | undefined> {
  return db.selectFrom('affiliate_pix_changes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A change waiting for its confirmation; a newer request drops the older one (`dropPendingPixChanges`). */
export function pendingPixChange(db: Executor, affiliateId: string): Promise<PixChangeRow | undefined> {
  return db
    .selectFrom('affiliate_pix_changes')
    .selectAll()
    .where('affiliate_id', '=', affiliateId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
}

export async function dropPendingPixChanges(db: Executor, affiliateId: string): Promise<void> {
  await db.deleteFrom('affiliate_pix_changes').where('affiliate_id', '=', affiliateId).where('confirmed_at', 'is', null).execute();
}

export async function confirmPixChange(db: Executor, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('affiliate_pix_changes')
    .set({ confirmed_at: now })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { AffiliateCommissionsTable, AffiliateSettingsTable, AffiliatesTable, Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type AffiliateRow = Selectable<AffiliatesTable>;
export type CommissionRow = Selectable<AffiliateCommissionsTable>;
export type SettingsRow = Selectable<AffiliateSettingsTable>;

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

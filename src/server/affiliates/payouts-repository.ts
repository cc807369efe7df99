import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AffiliatePayoutLinesTable, AffiliatePayoutsTable, Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type PayoutRow = Selectable<AffiliatePayoutsTable>;
export type PayoutLineRow = Selectable<AffiliatePayoutLinesTable>;

/** False when the affiliate already has an open payout (the unique `open_for`): nothing is written. */
export async function insertPayout(
  trx: Transaction<Database>,
  payout: Insertable<AffiliatePayoutsTable>,
  lines: ReadonlyArray<Insertable<AffiliatePayoutLinesTable>>,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('affiliate_payouts')
    .values(payout)
    .onConflict((oc) => oc.column('open_for').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  if (lines.length > 0)
    await trx
      .insertInto('affiliate_payout_lines')
      .values([...lines])
      .execute();
  return true;
}

export function findPayout(db: Executor, id: string): Promise<PayoutRow | undefined> {
  return db.selectFrom('affiliate_payouts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listPayouts(db: Executor, limit = 200): Promise<PayoutRow[]> {
  return db.selectFrom('affiliate_payouts').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

export function confirmedPayouts(db: Executor): Promise<PayoutRow[]> {
  return db.selectFrom('affiliate_payouts').selectAll().where('state', '=', 'confirmed').orderBy('paid_at').execute();
}

/** Affiliates with a payout still open: their commissions wait for it. */
export async function affiliatesWithOpenPayouts(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('affiliate_payouts').select('affiliate_id').where('open_for', 'is not', null).execute();
  return new Set(rows.map((row) => row.affiliate_id));
}

export function linesOf(db: Executor, payoutId: string): Promise<PayoutLineRow[]> {
  return db.selectFrom('affiliate_payout_lines').selectAll().where('payout_id', '=', payoutId).execute();
}

/** Open payouts sent by API that no instance holds now: queued, or left mid-call, or waiting for the provider's word. */
export function payoutsToWork(db: Executor, now: number): Promise<PayoutRow[]> {
  return db
    .selectFrom('affiliate_payouts')
    .selectAll()
    .where('provider', 'is not', null)
    .where('state', 'in', ['queued', 'sending', 'sent', 'unknown'])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('created_at')
    .orderBy('id')
    .limit(50)
    .execute();
}

/** Takes the payout for this instance until `until`, if no other holds it. */
export async function leasePayout(db: Executor, id: string, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('affiliate_payouts')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'sending', 'sent', 'unknown'])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves an open payout; false when it is no longer open (another instance ended it). */
export async function movePayout(
  db: Executor,
  id: string,
  changes: {
    state: PayoutRow['state'];
    failure?: string | null;
    end_to_end_id?: string | null;
    lease_until?: number | null;
    attempts?: number;
    paid_at?: number;
    fee_cents?: number | null;
  },
  now: number,
): Promise<boolean> {
  const closes = changes.state === 'confirmed' || changes.state === 'failed';
  const result = await db
    .updateTable('affiliate_payouts')
    .set({ ...changes, updated_at: now, ...(closes ? { open_for: null, lease_until: null } : {}) })
    .where('id', '=', id)
    .where('open_for', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

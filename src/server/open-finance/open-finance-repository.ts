import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, OpenFinancePaymentsTable } from '../db/schema.ts';

export type OpenFinancePaymentRow = Selectable<OpenFinancePaymentsTable>;

export function findOpenFinanceByKey(db: Kysely<Database>, idempotencyKey: string): Promise<OpenFinancePaymentRow | undefined> {
  return db.selectFrom('open_finance_payments').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export function findOpenFinancePayment(db: Kysely<Database>, paymentId: string): Promise<OpenFinancePaymentRow | undefined> {
  return db.selectFrom('open_finance_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

/** A repeat of the same start (same key) keeps the first row. */
export async function insertOpenFinancePayment(db: Kysely<Database>, row: Insertable<OpenFinancePaymentsTable>): Promise<void> {
  await db
    .insertInto('open_finance_payments')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The state Efí last gave, while it is not yet paid. */
export async function setOpenFinanceState(db: Kysely<Database>, paymentId: string, state: OpenFinancePaymentRow['state']): Promise<void> {
  await db.updateTable('open_finance_payments').set({ state }).where('payment_id', '=', paymentId).where('paid_at', 'is', null).execute();
}

/** True for the one caller (callback or way back) that settles the payment as paid. */
export async function claimOpenFinancePaid(db: Kysely<Database>, paymentId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('open_finance_payments')
    .set({ state: 'paid', paid_at: now })
    .where('payment_id', '=', paymentId)
    .where('paid_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** True for the one caller that claims the automatic return. */
export async function claimOpenFinanceReturn(db: Kysely<Database>, paymentId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('open_finance_payments')
    .set({ returned_at: now })
    .where('payment_id', '=', paymentId)
    .where('returned_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Banks by how many of this shop's Open Finance payments chose them. */
export async function participantUse(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('open_finance_payments')
    .select(['participant_id', (eb) => eb.fn.countAll<number | string>().as('uses')])
    .groupBy('participant_id')
    .execute();
  return new Map(rows.map((row) => [row.participant_id, Number(row.uses)]));
}

/** The order's Open Finance payment that paid it and was not returned, if any. */
export function findPaidOpenFinance(db: Kysely<Database>, orderId: string): Promise<OpenFinancePaymentRow | undefined> {
  return db
    .selectFrom('open_finance_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('paid_at', 'is not', null)
    .where('returned_at', 'is', null)
    .executeTakeFirst();
}

function waiting(db: Kysely<Database>) {
  return db.selectFrom('open_finance_payments').where('state', 'in', ['pending', 'unknown']).where('paid_at', 'is', null);
}

const idsOf = (rows: Array<{ payment_id: string }>) => rows.map((row) => row.payment_id);

/** Waiting payments started before `before`, least recently read first (never read first), then newest: each in turn. */
export async function listUnsettledOpenFinance(db: Kysely<Database>, range: { before: number; limit: number }): Promise<string[]> {
  return idsOf(
    await waiting(db)
      .select('payment_id')
      .where('created_at', '<=', range.before)
      .orderBy(sql`coalesce(checked_at, 0)`)
      .orderBy('created_at', 'desc')
      .limit(range.limit)
      .execute(),
  );
}

/** True for the one reader that may read the payment now: none did in the last `intervalMs`. */
export async function claimOpenFinanceRead(db: Kysely<Database>, paymentId: string, now: number, intervalMs: number): Promise<boolean> {
  const result = await db
    .updateTable('open_finance_payments')
    .set({ checked_at: now })
    .where('payment_id', '=', paymentId)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', now - intervalMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markOpenFinanceChecked(db: Kysely<Database>, paymentIds: string[], now: number): Promise<void> {
  if (paymentIds.length === 0) return;
  await db.updateTable('open_finance_payments').set({ checked_at: now }).where('payment_id', 'in', paymentIds).execute();
}

/**
 * When the oldest payment waiting at a bank the checkout listed (`jsr` or not) was started, or null when none waits.
 * `providerPages`: the participants that name a provider's own page, left out.
 */
export async function oldestWaitingAtBanks(db: Kysely<Database>, jsr: boolean, providerPages: readonly string[]): Promise<number | null> {
  const row = await waiting(db)
    .select((eb) => eb.fn.min('created_at').as('oldest'))
    .where('participant_id', 'not in', providerPages)
    .where('jsr', '=', jsr ? 1 : 0)
    .executeTakeFirst();
  return row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
}

export async function waitingAmong(db: Kysely<Database>, paymentIds: string[], before: number): Promise<string[]> {
  if (paymentIds.length === 0) return [];
  return idsOf(await waiting(db).select('payment_id').where('payment_id', 'in', paymentIds).where('created_at', '<=', before).execute());
}

export async function listOrderUnsettledOpenFinance(db: Kysely<Database>, orderId: string): Promise<string[]> {
  return idsOf(await waiting(db).select('payment_id').where('order_id', '=', orderId).execute());
}

import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OpenFinancePaymentsTable } from '../db/schema.ts';

type OpenFinancePaymentRow = Selectable<OpenFinancePaymentsTable>;

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

export async function releaseOpenFinanceReturn(db: Kysely<Database>, paymentId: string): Promise<void> {
  await db.updateTable('open_finance_payments').set({ returned_at: null }).where('payment_id', '=', paymentId).execute();
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

/** Payments still waiting for Efí's word, started between `from` and `to`, oldest first. */
export async function listUnsettledOpenFinance(
  db: Kysely<Database>,
  range: { from: number; to: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('open_finance_payments')
    .select('payment_id')
    .where('state', 'in', ['pending', 'unknown'])
    .where('paid_at', 'is', null)
    .where('created_at', '>=', range.from)
    .where('created_at', '<=', range.to)
    .orderBy('created_at')
    .limit(range.limit)
    .execute();
  return rows.map((row) => row.payment_id);
}

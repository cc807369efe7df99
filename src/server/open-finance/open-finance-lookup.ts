/** What other folders of the core read of the bank-app payments: the checkout's pages and the reconciler's filter. */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OpenFinancePaymentRow } from './open-finance-repository.ts';

/** The order's Open Finance payment that was paid and then returned because the PIX was paid too, if any. */
export function findReturnedOpenFinance(
  db: Kysely<Database>,
  orderId: string,
): Promise<Pick<OpenFinancePaymentRow, 'amount_cents'> | undefined> {
  return db
    .selectFrom('open_finance_payments')
    .select('amount_cents')
    .where('order_id', '=', orderId)
    .where('paid_at', 'is not', null)
    .where('returned_at', 'is not', null)
    .executeTakeFirst();
}

/** Whether the order's latest payment in the bank's app ended unpaid (refused, expired, cancelled): nothing was charged. */
export async function lastBankPaymentRefused(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const last = await db
    .selectFrom('open_finance_payments')
    .select('state')
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('idempotency_key', 'desc')
    .executeTakeFirst();
  return last !== undefined && (last.state === 'failed' || last.state === 'expired' || last.state === 'cancelled');
}

export function paidInBankAppNotReturned(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.exists(
    eb
      .selectFrom('open_finance_payments')
      .select('open_finance_payments.payment_id')
      .whereRef('open_finance_payments.order_id', '=', 'orders.id')
      .where('open_finance_payments.paid_at', 'is not', null)
      .where('open_finance_payments.returned_at', 'is', null),
  );
}

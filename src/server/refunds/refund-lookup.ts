import { expressionBuilder, type Kysely, type Transaction } from 'kysely';
import { idsInChunks } from '../db/in-chunks.ts';
import type { Database } from '../db/schema.ts';
import type { RefundStatus } from '../../shared/refunds.ts';
import type { RefundRow } from './refunds-repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The order's latest refund row: what other folders read of it (the review request, the buyer's export). */
export async function findRefund(db: Executor, orderId: string): Promise<RefundRow | undefined> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('updated_at', 'desc')
    .orderBy('item')
    .executeTakeFirst();
}

/** A refund of the order was asked for and not declined: the offer after payment is closed (docs/money.md#invariants). */
export async function refundAskedFor(db: Executor, orderId: string): Promise<boolean> {
  // One row per item (migration 0031): any item asked back and not declined closes the offer.
  const refund = await db
    .selectFrom('refunds')
    .select('status')
    .where('order_id', '=', orderId)
    .where('status', '!=', 'declined')
    .executeTakeFirst();
  return refund !== undefined;
}

/** The ids of the orders with a refund in one of these statuses, as a subquery another folder's query filters by. */
export function orderIdsWithRefund(statuses: readonly RefundStatus[]) {
  return expressionBuilder<Database, never>()
    .selectFrom('refunds')
    .select('refunds.order_id')
    .where('refunds.status', 'in', [...statuses]);
}

/** Which of these orders the buyer (or the seller) asked a refund of, in any state: an A/B test's guardrail. */
export function ordersWithRefundRequest(db: Executor, orderIds: readonly string[]): Promise<Set<string>> {
  return idsInChunks(orderIds, async (chunk) => {
    const rows = await db.selectFrom('refunds').select('order_id').distinct().where('order_id', 'in', chunk).execute();
    return rows.map((row) => row.order_id);
  });
}

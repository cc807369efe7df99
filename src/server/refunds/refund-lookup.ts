import { expressionBuilder, sql, type Kysely, type Transaction } from 'kysely';
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

/** One status per order, though refunds are per item: a refund still open first, else the latest (the console's lists). */
export async function refundStatusesOf(db: Executor, orderIds: readonly string[]): Promise<Map<string, RefundStatus>> {
  const statuses = new Map<string, RefundStatus>();
  await idsInChunks(orderIds, async (chunk) => {
    const rows = await db
      .selectFrom('refunds')
      .select(['order_id', 'status'])
      .where('order_id', 'in', chunk)
      .orderBy('order_id')
      .orderBy(sql`case when status in ('requested', 'approved') then 0 else 1 end`)
      .orderBy('updated_at', 'desc')
      .execute();
    for (const row of rows) if (!statuses.has(row.order_id)) statuses.set(row.order_id, row.status);
    return rows.map((row) => row.order_id);
  });
  return statuses;
}

/** Which of these orders the buyer (or the seller) asked a refund of, in any state: an A/B test's guardrail. */
export function ordersWithRefundRequest(db: Executor, orderIds: readonly string[]): Promise<Set<string>> {
  return idsInChunks(orderIds, async (chunk) => {
    const rows = await db.selectFrom('refunds').select('order_id').distinct().where('order_id', 'in', chunk).execute();
    return rows.map((row) => row.order_id);
  });
}

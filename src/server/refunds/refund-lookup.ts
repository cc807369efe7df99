import { expressionBuilder, type Kysely, type Transaction } from 'kysely';
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

/** The ids of the orders with a refund in one of these statuses, as a subquery another folder's query filters by. */
export function orderIdsWithRefund(statuses: readonly RefundStatus[]) {
  return expressionBuilder<Database, never>()
    .selectFrom('refunds')
    .select('refunds.order_id')
    .where('refunds.status', 'in', [...statuses]);
}

import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, RefundsTable } from '../db/schema.ts';
import type { GatewayRefundState, RefundOrigin, RefundReason } from '../../shared/refunds.ts';

/** Conditional updates on the status, so a double click, a retry or a second instance changes it once. */
export type RefundRow = Selectable<RefundsTable>;

type Executor = Kysely<Database> | Transaction<Database>;

export async function findRefund(db: Executor, orderId: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function findRefunds(db: Executor, orderIds: readonly string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
}

export async function insertRefundRequest(
  trx: Executor,
  request: { orderId: string; reason: RefundReason | null; note: string | null; now: number; autoApprove: boolean; gateway: boolean },
): Promise<boolean> {
  const result = await trx
    .insertInto('refunds')
    .values({
      order_id: request.orderId,
      status: request.autoApprove ? 'approved' : 'requested',
      origin: 'buyer',
      reason: request.reason,
      note: request.note,
      requested_at: request.now,
      decided_at: request.autoApprove ? request.now : null,
      decided_by: request.autoApprove ? 'auto' : null,
      decline_reason: null,
      refunded_at: null,
      gateway_state: request.autoApprove && request.gateway ? 'calling' : 'off',
      gateway_error: null,
      gateway_called_at: null,
      updated_at: request.now,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A declined one the seller reconsiders turns approved too; undefined when nothing changed. */
export async function approveRefund(
  trx: Executor,
  input: {
    orderId: string;
    origin: RefundOrigin;
    by: 'seller' | 'auto';
    gateway: boolean;
    now: number;
    /** Part of the order only (a duplicate's items the buyer already owned): by hand, never at the gateway. */
    partial?: { amountCents: number; keys: readonly string[] };
  },
): Promise<RefundRow | undefined> {
  const state: GatewayRefundState = input.gateway ? 'calling' : 'off';
  const updated = await trx
    .updateTable('refunds')
    .set({
      status: 'approved',
      decided_at: input.now,
      decided_by: input.by,
      gateway_state: state,
      gateway_error: null,
      updated_at: input.now,
    })
    .where('order_id', '=', input.orderId)
    .where('status', 'in', ['requested', 'declined'])
    .returningAll()
    .executeTakeFirst();
  if (updated) return updated;
  return trx
    .insertInto('refunds')
    .values({
      order_id: input.orderId,
      status: 'approved',
      origin: input.origin,
      reason: null,
      note: null,
      requested_at: input.now,
      decided_at: input.now,
      decided_by: input.by,
      decline_reason: null,
      refunded_at: null,
      gateway_state: state,
      gateway_error: null,
      gateway_called_at: null,
      updated_at: input.now,
      amount_cents: input.partial?.amountCents ?? null,
      item_keys: input.partial ? input.partial.keys.join(',') : null,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** A new attempt, which may call the refund endpoint once more. */
export async function retryGatewayRefund(trx: Executor, orderId: string, now: number): Promise<number | undefined> {
  const row = await trx
    .updateTable('refunds')
    .set((eb) => ({
      gateway_state: 'calling' as const,
      gateway_error: null,
      gateway_called_at: null,
      attempt: eb('attempt', '+', 1),
      updated_at: now,
    }))
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .where('gateway_state', 'in', ['failed', 'off'])
    // The gateway refunds whole transactions: part of one is refunded by hand.
    .where('amount_cents', 'is', null)
    .returning('attempt')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.attempt);
}

export async function declineRefund(trx: Executor, orderId: string, reason: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('refunds')
    .set({ status: 'declined', decided_at: now, decided_by: 'seller', decline_reason: reason, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Taken once per attempt: a retry, a second worker or a restart finds it taken and re-reads instead. */
export async function claimGatewayCall(db: Executor, orderId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ gateway_called_at: now, gateway_state: 'calling', updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .where('gateway_called_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Nothing was refunded, so the console asks no panel check before a retry. */
export async function refuseGatewayCall(db: Executor, orderId: string, error: string, now: number): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ gateway_state: 'failed', gateway_error: error.slice(0, 500), gateway_called_at: null, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .execute();
}

export async function setGatewayState(db: Executor, orderId: string, state: GatewayRefundState, error: string | null, now: number) {
  await db
    .updateTable('refunds')
    .set({ gateway_state: state, gateway_error: error?.slice(0, 500) ?? null, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .execute();
}

export async function markRefundDone(trx: Executor, orderId: string, now: number): Promise<RefundRow | undefined> {
  return trx
    .updateTable('refunds')
    .set({ status: 'refunded', refunded_at: now, gateway_error: null, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '!=', 'refunded')
    .returningAll()
    .executeTakeFirst();
}

/** "Marcar como reembolsado" on an order nobody asked a refund for: the seller's own refund, done. */
export async function insertDoneRefund(trx: Executor, orderId: string, now: number): Promise<void> {
  await trx
    .insertInto('refunds')
    .values({
      order_id: orderId,
      status: 'refunded',
      origin: 'seller',
      reason: null,
      note: null,
      requested_at: now,
      decided_at: now,
      decided_by: 'seller',
      decline_reason: null,
      refunded_at: now,
      gateway_error: null,
      gateway_called_at: null,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
}

export async function countOpenRefunds(db: Executor, requestedBefore?: number): Promise<number> {
  let query = db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    // One purchase's request is one task for the seller, however many of its charges it covers.
    .select(sql<number>`count(distinct coalesce(orders.parent_order_id, orders.id))`.as('n'))
    .where('refunds.status', 'in', ['requested', 'approved'])
    .where('orders.status', '=', 'paid');
  if (requestedBefore !== undefined) query = query.where('refunds.requested_at', '<', requestedBefore);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Erasure (privacy/): the buyer's own words go; the facts of the refund stay with the anonymised order. */
export async function eraseRefundNotes(db: Executor, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('refunds')
    .set({ note: null })
    .where('order_id', 'in', [...orderIds])
    .execute();
}

import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, RefundsTable } from '../db/schema.ts';
import { queuePushEvent } from '../outbox/push-queue.ts';
import type { OrderItem, OrderItemKey } from '../../shared/checkout.ts';
import type { GatewayRefundState, RefundOrigin, RefundReason } from '../../shared/refunds.ts';

/** Conditional updates on the status, so a double click, a retry or a second instance changes it once. */
export type RefundRow = Selectable<RefundsTable>;

type Executor = Kysely<Database> | Transaction<Database>;

export async function findRefunds(db: Executor, orderIds: readonly string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('item')
    .execute();
}

type RefundItem = Pick<OrderItem, 'key' | 'priceCents'>;

/** The buyer's request, one row per item; returns the items this call asked for (a double tap asks none twice). */
export async function insertRefundRequest(
  trx: Executor,
  request: {
    orderId: string;
    items: readonly RefundItem[];
    /** The buyer's by default; `reversal` when the main order was reversed at the provider. */
    origin?: RefundOrigin;
    reason: RefundReason | null;
    note: string | null;
    now: number;
    autoApprove: boolean;
    gateway: boolean;
  },
): Promise<OrderItemKey[]> {
  if (request.items.length === 0) return [];
  const rows = await trx
    .insertInto('refunds')
    .values(
      request.items.map((item) => ({
        order_id: request.orderId,
        item: item.key,
        amount_cents: item.priceCents,
        status: request.autoApprove ? ('approved' as const) : ('requested' as const),
        origin: request.origin ?? ('buyer' as const),
        reason: request.reason,
        note: request.note,
        requested_at: request.now,
        decided_at: request.autoApprove ? request.now : null,
        decided_by: request.autoApprove ? ('auto' as const) : null,
        decline_reason: null,
        refunded_at: null,
        gateway_state: request.autoApprove && request.gateway ? ('calling' as const) : ('off' as const),
        gateway_error: null,
        gateway_called_at: null,
        updated_at: request.now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['order_id', 'item']).doNothing())
    .returning('item')
    .execute();
  return rows.map((row) => row.item);
}

export async function approveRefund(
  trx: Executor,
  input: {
    orderId: string;
    items: readonly RefundItem[];
    origin: RefundOrigin;
    by: 'seller' | 'auto';
    gateway: boolean;
    now: number;
  },
): Promise<RefundRow[]> {
  if (input.items.length === 0) return [];
  const state: GatewayRefundState = input.gateway ? 'calling' : 'off';
  const keys = input.items.map((item) => item.key);
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
    .where('item', 'in', keys)
    .where('status', 'in', ['requested', 'declined'])
    .returningAll()
    .execute();
  const inserted = await trx
    .insertInto('refunds')
    .values(
      input.items.map((item) => ({
        order_id: input.orderId,
        item: item.key,
        amount_cents: item.priceCents,
        status: 'approved' as const,
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
      })),
    )
    .onConflict((conflict) => conflict.columns(['order_id', 'item']).doNothing())
    .returningAll()
    .execute();
  return [...updated, ...inserted];
}

/** A new attempt, which may call the refund endpoint once more; the caller checks that the rows are the whole charge. */
export async function retryGatewayRefund(trx: Executor, orderId: string, now: number): Promise<number | undefined> {
  const rows = await trx
    .updateTable('refunds')
    .set((eb) => ({
      gateway_state: 'calling' as const,
      gateway_error: null,
      gateway_called_at: null,
      gateway_refund_id: null,
      attempt: eb('attempt', '+', 1),
      updated_at: now,
    }))
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .where('gateway_state', 'in', ['failed', 'off'])
    .returning('attempt')
    .execute();
  return rows.length === 0 ? undefined : Math.max(...rows.map((row) => Number(row.attempt)));
}

/** A declined request is owed again once the purchase is reversed: back in "Reembolsos pedidos". */
export async function reopenDeclinedRefunds(trx: Executor, orderId: string, now: number): Promise<number> {
  const result = await trx
    .updateTable('refunds')
    .set({ status: 'requested', decided_at: null, decided_by: null, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'declined')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function declineRefund(trx: Executor, orderId: string, reason: string, now: number): Promise<number> {
  const result = await trx
    .updateTable('refunds')
    .set({ status: 'declined', decided_at: now, decided_by: 'seller', decline_reason: reason, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'requested')
    // Owed whatever the seller thinks: the main order's money already went back at the provider.
    .where('origin', '!=', 'reversal')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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

/** The provider took the refund but has not finished it: its own id is kept, to be read back until it ends. */
export async function recordGatewayRefund(db: Executor, orderId: string, refundId: string, now: number): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ gateway_refund_id: refundId, gateway_state: 'pending', updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .execute();
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
  const result = await db
    .updateTable('refunds')
    .set({ gateway_state: state, gateway_error: error?.slice(0, 500) ?? null, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  // A failed refund goes back to the seller to decide: their phone says so.
  if (state === 'failed' && Number(result.numUpdatedRows) > 0)
    await queuePushEvent(db, { type: 'refund_failed' }, { orderId, key: `refund_failed:${now}`, now });
}

export async function markRefundDone(trx: Executor, orderId: string, now: number, keys?: readonly OrderItemKey[]): Promise<RefundRow[]> {
  let query = trx
    .updateTable('refunds')
    .set({
      status: 'refunded',
      refunded_at: now,
      gateway_error: null,
      // A refund by hand stays `off`; one the gateway took part in ends `done`.
      gateway_state: sql<GatewayRefundState>`case when gateway_state = 'off' then 'off' else 'done' end`,
      updated_at: now,
    })
    .where('order_id', '=', orderId)
    .where('status', '!=', 'refunded');
  if (keys !== undefined) query = query.where('item', 'in', [...keys]);
  return keys?.length === 0 ? [] : query.returningAll().execute();
}

/** "Marcar como reembolsado" on items nobody asked a refund for: the seller's own refund, done (`done` at the gateway: its panel). */
export async function insertDoneRefund(
  trx: Executor,
  orderId: string,
  items: readonly RefundItem[],
  now: number,
  gatewayState: 'off' | 'done' = 'off',
): Promise<void> {
  if (items.length === 0) return;
  await trx
    .insertInto('refunds')
    .values(
      items.map((item) => ({
        order_id: orderId,
        item: item.key,
        amount_cents: item.priceCents,
        status: 'refunded' as const,
        origin: 'seller' as const,
        reason: null,
        note: null,
        requested_at: now,
        decided_at: now,
        decided_by: 'seller' as const,
        decline_reason: null,
        refunded_at: now,
        gateway_state: gatewayState,
        gateway_error: null,
        gateway_called_at: null,
        updated_at: now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['order_id', 'item']).doNothing())
    .execute();
}

/** Items refunded at the provider by the seller (its panel): their rows end refunded, done at the gateway, whatever they were. */
export async function markRefundedAtProvider(trx: Executor, orderId: string, items: readonly RefundItem[], now: number): Promise<void> {
  if (items.length === 0) return;
  await trx
    .updateTable('refunds')
    .set({ status: 'refunded', refunded_at: now, gateway_state: 'done', gateway_error: null, updated_at: now })
    .where('order_id', '=', orderId)
    .where(
      'item',
      'in',
      items.map((item) => item.key),
    )
    .where('status', '!=', 'refunded')
    .execute();
  await insertDoneRefund(trx, orderId, items, now, 'done');
}

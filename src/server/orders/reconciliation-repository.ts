import type { ProviderId } from '../gateway/provider-registry.ts';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OrderRow } from './orders-repository.ts';

type OrdersFilter = ExpressionBuilder<Database, 'orders'>;

/** One caller per `intervalMs` across instances: the gateway's rate limits are unknown (docs/gateway.md#10-confirming-a-payment). */
export async function claimOrderCheck(db: Kysely<Database>, orderId: string, now: number, intervalMs: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ checked_at: now })
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', now - intervalMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** At providers that key their creates, the same call can be resent to find the charge. */
export async function listInterruptedCharges(
  db: Kysely<Database>,
  createdBefore: number,
  providers: readonly ProviderId[],
  limit: number,
  of?: { checkoutKey: string; email: string; phone: string },
  /** Also those whose maker's lease ended before this (checkout-repository.ts CHARGE_LEASE_MS). */
  leaseEndedBefore?: number,
): Promise<OrderRow[]> {
  if (providers.length === 0) return [];
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'creating')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', createdBefore),
        ...(leaseEndedBefore === undefined ? [] : [eb('charge_lease_until', '<', leaseEndedBefore)]),
      ]),
    )
    .where('charge_key', 'is not', null)
    .where('provider', 'in', [...providers]);
  if (of) {
    query = query.where((eb) =>
      eb.or([eb('checkout_key', '=', of.checkoutKey), eb('buyer_email', '=', of.email), eb('buyer_phone', '=', of.phone)]),
    );
  }
  return query.orderBy('created_at').limit(limit).execute();
}

/** Any number of instances may sweep at once; a later proven payment still wins (markOrderPaid accepts `failed`). */
export async function failStuckCheckouts(db: Kysely<Database>, createdBefore: number, reason: string, now: number): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'failed', failure_reason: reason, updated_at: now })
    .where('status', '=', 'creating')
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Payable at its provider until closed there or expired, whatever our row says: read until then plus the grace. */
export function isOpenCharge(eb: OrdersFilter, now: number, pendingGraceMs: number) {
  return eb.and([
    eb('status', 'in', ['pending', 'failed']),
    eb('charge_id', 'is not', null),
    eb('provider_closed_at', 'is', null),
    eb('expires_at', '>', now - pendingGraceMs),
  ]);
}

/**
 * Refunded or returned, but paid in the bank's app, so its PIX was never what paid it: while that PIX is open at its
 * provider (its cancel lost) a late payment of it must still be found and go back (docs/payments.md#reconciliation).
 */
function isReversedWithOpenPix(
  eb: OrdersFilter,
  now: number,
  pendingGraceMs: number,
  paidInBankApp: (eb: OrdersFilter) => Expression<SqlBool>,
) {
  return eb.and([
    eb('status', '=', 'reversed'),
    eb('charge_id', 'is not', null),
    eb('provider_closed_at', 'is', null),
    eb('expires_at', '>', now - pendingGraceMs),
    paidInBankApp(eb),
  ]);
}

/**
 * Paid orders too, for `paidWindowMs` after payment: refunds and chargebacks; and refunded ones whose PIX may still be
 * paid. One provider's at a time, with its own budget.
 */
export async function listOrdersDueForCheck(
  db: Kysely<Database>,
  options: { now: number; pendingGraceMs: number; paidWindowMs: number; limit: number; provider: ProviderId },
  paidInBankApp: (eb: OrdersFilter) => Expression<SqlBool>,
): Promise<OrderRow[]> {
  const { now } = options;
  return db
    .selectFrom('orders')
    .selectAll()
    .where('provider', '=', options.provider)
    .where((eb) => eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', now)]))
    .where((eb) =>
      eb.or([
        eb('recheck_requested_at', 'is not', null),
        isOpenCharge(eb, now, options.pendingGraceMs),
        isReversedWithOpenPix(eb, now, options.pendingGraceMs, paidInBankApp),
        eb.and([eb('status', '=', 'paid'), eb('charge_id', 'is not', null), eb('paid_at', '>', now - options.paidWindowMs)]),
      ]),
    )
    .orderBy(sql`coalesce(checked_at, 0)`)
    .limit(options.limit)
    .execute();
}

/** True for exactly one caller across instances: the loser's UPDATE finds `next_check_at` moved on. */
export async function claimScheduledCheck(db: Kysely<Database>, orderId: string, now: number, nextCheckAt: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({ checked_at: now, next_check_at: nextCheckAt, check_count: eb('check_count', '+', 1) }))
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stored before the re-read is tried, so a failed read or a crash leaves it for the reconciler. */
export async function requestRecheck(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db.updateTable('orders').set({ recheck_requested_at: now, next_check_at: now, check_count: 0 }).where('id', '=', orderId).execute();
}

export async function clearRecheckRequest(db: Kysely<Database>, orderId: string, readStartedAt: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ recheck_requested_at: null })
    .where('id', '=', orderId)
    .where('recheck_requested_at', '<=', readStartedAt)
    .execute();
}

/** The charge can no longer be paid at its provider (cancelled there, or read as such): it is read no more. */
export async function markChargeClosed(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ provider_closed_at: now })
    .where('id', '=', orderId)
    .where('provider_closed_at', 'is', null)
    .execute();
}

export async function markCancelSent(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db.updateTable('orders').set({ cancel_sent_at: now }).where('id', '=', orderId).where('cancel_sent_at', 'is', null).execute();
}

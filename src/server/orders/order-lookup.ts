import { expressionBuilder, sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { ProviderId } from '../gateway/provider-registry.ts';
import type { Database } from '../db/schema.ts';
import { countTakenSpots } from './checkout-repository.ts';
import { findOrderByCharge, findOrderByPublicRef, type OrderRow } from './orders-repository.ts';
import { paidOrdersSharingItems } from './payment-repository.ts';
import { isOpenCharge } from './reconciliation-repository.ts';

// What other features read of orders: an order by its id, the month's spots taken, the providers' unsettled
// orders and refused webhooks (the console's Saúde), the duplicate payments still open.

type ChargeIds = SelectQueryBuilder<Database, keyof Database, { hash: string }>;

export async function findOrderById(db: Kysely<Database>, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countSpotsTaken(db: Kysely<Database>, monthStart: number): Promise<number> {
  return countTakenSpots(db, monthStart);
}

/** The buyer's other paid orders since `since` that have an item of `order` (a duplicate's refunds). */
export async function findPaidOrdersSharingItems(db: Kysely<Database>, order: OrderRow, since: number): Promise<OrderRow[]> {
  return paidOrdersSharingItems(db, order, since);
}

/** Per provider: its open charges, and its paid orders a refund may still reach (start-up and Saúde). */
export async function countUnsettledOrdersByProvider(
  db: Kysely<Database>,
  options: { now: number; pendingGraceMs: number; refundWindowMs: number; leaveOutCharges?: ChargeIds },
): Promise<Map<ProviderId, number>> {
  const { now, leaveOutCharges } = options;
  let query = db.selectFrom('orders');
  if (leaveOutCharges) query = query.where('charge_id', 'not in', leaveOutCharges);
  const rows = await query
    .select((eb) => ['provider', eb.fn.countAll<number | string>().as('count')])
    .where((eb) =>
      eb.or([
        isOpenCharge(eb, now, options.pendingGraceMs),
        eb.and([eb('status', '=', 'paid'), eb('charge_id', 'is not', null), eb('paid_at', '>', now - options.refundWindowMs)]),
      ]),
    )
    .groupBy('provider')
    .execute();
  return new Map(rows.map((row) => [row.provider, Number(row.count)]));
}

export async function listWebhookRejections(
  db: Kysely<Database>,
): Promise<Array<{ provider: ProviderId; count: number; lastAt: number; lastReason: string | null }>> {
  const rows = await db.selectFrom('webhook_rejections').selectAll().execute();
  return rows.map((row) => ({
    provider: row.provider,
    count: Number(row.count),
    lastAt: Number(row.last_at),
    lastReason: row.last_reason,
  }));
}

/** Verified events the shop did not read, most recent first, for Saúde. */
export async function listUnrecognisedEvents(
  db: Kysely<Database>,
): Promise<Array<{ provider: ProviderId; name: string; count: number; lastAt: number }>> {
  const rows = await db.selectFrom('unrecognised_events').selectAll().orderBy('last_at', 'desc').limit(20).execute();
  return rows.map((row) => ({ provider: row.provider, name: row.name, count: Number(row.count), lastAt: Number(row.last_at) }));
}

export async function listOpenDuplicates(db: Kysely<Database>): Promise<Array<{ duplicate: OrderRow; original: OrderRow | undefined }>> {
  const duplicates = await db
    .selectFrom('orders')
    .selectAll()
    .where('duplicate_of', 'is not', null)
    .where('status', '=', 'paid')
    .orderBy('paid_at')
    .execute();
  const result = [];
  for (const duplicate of duplicates) {
    result.push({ duplicate, original: await findOrderById(db, duplicate.duplicate_of!) });
  }
  return result;
}

/** The order a provider's dispute contests: by its charge, else by the PIX's end-to-end id (docs/disputes.md). */
export async function findDisputedOrder(
  db: Kysely<Database>,
  provider: ProviderId,
  dispute: { chargeId: string | null; endToEndId: string | null },
): Promise<OrderRow | undefined> {
  const byCharge = dispute.chargeId ? await findOrderByCharge(db, provider, dispute.chargeId) : undefined;
  if (byCharge) return byCharge;
  const byEndToEnd = dispute.endToEndId ? await findOrderByEndToEnd(db, dispute.endToEndId) : undefined;
  return byEndToEnd?.provider === provider ? byEndToEnd : undefined;
}

/** The order by the reference the buyer and the console see. */
export async function findOrderByReference(db: Kysely<Database>, reference: string): Promise<OrderRow | undefined> {
  return findOrderByPublicRef(db, reference);
}

/** A MED names the payment by its end-to-end id (docs/disputes.md); orders confirmed before migration 0037 have none. */
export async function findOrderByEndToEnd(db: Kysely<Database>, endToEndId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('end_to_end_id', '=', endToEndId).executeTakeFirst();
}

/** A buyer's paid (or since reversed) orders by the e-mail given at checkout, latest first: "Registrar contestação". */
export async function findPaidOrdersByEmail(db: Kysely<Database>, email: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_email', '=', email)
    .where('status', 'in', ['paid', 'reversed'])
    .where('paid_at', 'is not', null)
    .orderBy('paid_at', 'desc')
    .execute();
}

/** Kept once, from the read that gave it. */
export async function recordEndToEndId(db: Kysely<Database>, orderId: string, endToEndId: string): Promise<void> {
  await db.updateTable('orders').set({ end_to_end_id: endToEndId }).where('id', '=', orderId).where('end_to_end_id', 'is', null).execute();
}

/** Paid orders' ids, as a subquery another folder's query filters its rows by, in the same statement. */
export function paidOrderIds() {
  return expressionBuilder<Database, never>().selectFrom('orders').select('orders.id').where('orders.status', '=', 'paid');
}

/** The ids of the orders placed with this phone, as a subquery (a number's own cap counts them all). */
export function orderIdsOfPhone(phone: string) {
  return expressionBuilder<Database, never>().selectFrom('orders').select('orders.id').where('orders.buyer_phone', '=', phone);
}

/** How many purchases the paid orders among `orderIds` make: a main order and its add-ons count once. */
export async function countPaidPurchasesAmong(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: SelectQueryBuilder<Database, 'refunds', { order_id: string }>,
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(distinct coalesce(orders.parent_order_id, orders.id))`.as('n'))
    .where('orders.id', 'in', orderIds)
    .where('orders.status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

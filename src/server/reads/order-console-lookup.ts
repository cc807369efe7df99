// The console's reads and its one edit of the orders (admin/ calls these): the search, an order's page, the overview's sums.
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, OrderKind, StoredOrderStatus } from '../db/schema.ts';
import type { OrderItem } from '../../shared/checkout.ts';
import { hasPaidAddon } from '../orders/order-items.ts';
import { itemsOfOrders } from '../purchase/purchase-items.ts';
import { netPaidCentsSql } from '../purchase/purchase-service.ts';
import type { AdminOrderStatus, AdminOrderSummary, OrderFilterStatus } from '../../shared/admin.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import type { RefundStatus } from '../../shared/refunds.ts';

/** docs/operations.md. Offer conversion is counted on the main orders paid in the period, so it never passes 100%. */
export interface PaidOrderFacts {
  paidAt: number;
  /** paid − refunded (docs/money.md): a part refund lowers it. */
  amountCents: number;
  kind: OrderKind;
  bumpCents: number;
  addonAnswer: 'accepted' | 'declined' | null;
  addonPaid: boolean;
}

export interface AdminOrderRow extends Omit<AdminOrderSummary, 'providerName'> {
  chargedAt: number | null;
  expiresAt: number;
  failureReason: string | null;
}

export interface OrderSearch {
  status: OrderFilterStatus;
  from?: number;
  to?: number;
  q?: string;
  offset: number;
  limit: number;
  now: number;
}

/** What refunds/ answers of the orders listed; admin/ passes refunds/refund-lookup.ts's functions. */
export interface ConsoleRefunds {
  statusesOf(db: Kysely<Database>, orderIds: readonly string[]): Promise<Map<string, RefundStatus>>;
  openRefundOrderIds(): SelectQueryBuilder<Database, 'refunds', { order_id: string }>;
}

type Row = {
  id: string;
  status: StoredOrderStatus;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string;
  amount_cents: number;
  created_at: number;
  charged_at: number | null;
  paid_at: number | null;
  expires_at: number;
  access_revoked_at: number | null;
  failure_reason: string | null;
  duplicate_of: string | null;
  kind: OrderKind;
  parent_order_id: string | null;
  provider: ProviderId;
  parent_open: number | null;
  net_cents: number;
  med_returned_cents: number;
};

const COLUMNS = [
  'id',
  'status',
  'buyer_name',
  'buyer_email',
  'buyer_phone',
  'amount_cents',
  'created_at',
  'charged_at',
  'paid_at',
  'expires_at',
  'access_revoked_at',
  'failure_reason',
  'duplicate_of',
  'kind',
  'parent_order_id',
  'provider',
  'med_returned_cents',
] as const;

function toAdminOrder(row: Row, now: number, items: OrderItem[], refundStatus: RefundStatus | null): AdminOrderRow {
  const expired = row.status === 'pending' && Number(row.expires_at) <= now;
  return {
    id: row.id,
    status: expired ? 'expired' : row.status === 'reversed' && Number(row.med_returned_cents) > 0 ? 'med_returned' : row.status,
    buyerName: row.buyer_name,
    buyerEmail: row.buyer_email,
    buyerPhone: row.buyer_phone,
    amountCents: Number(row.amount_cents),
    netCents: Number(row.net_cents),
    createdAt: Number(row.created_at),
    chargedAt: row.charged_at === null ? null : Number(row.charged_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
    expiresAt: Number(row.expires_at),
    hasAccess: row.status === 'paid' && row.access_revoked_at === null && (row.kind !== 'addon' || row.parent_open !== null),
    failureReason: row.failure_reason,
    duplicateOf: row.duplicate_of,
    refundStatus,
    kind: row.kind,
    parentOrderId: row.parent_order_id,
    items,
    provider: row.provider,
  };
}

async function withItems(db: Kysely<Database>, rows: Row[], now: number, refunds: ConsoleRefunds): Promise<AdminOrderRow[]> {
  const ids = rows.map((row) => row.id);
  const [items, refundStatuses] = await Promise.all([itemsOfOrders(db, ids), refunds.statusesOf(db, ids)]);
  return rows.map((row) => toAdminOrder(row, now, items.get(row.id) ?? [], refundStatuses.get(row.id) ?? null));
}

/** An add-on's list is open only while its main order's is (docs/money.md): its access ends with the parent's. */
function parentOpenColumn(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb
    .selectFrom('orders as parent')
    .select(sql<number>`1`.as('open'))
    .whereRef('parent.id', '=', 'orders.parent_order_id')
    .where('parent.status', '=', 'paid')
    .where('parent.access_revoked_at', 'is', null)
    .as('parent_open');
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const stillPayable = (now: number) => (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.or([eb('status', '=', 'creating'), eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)])]);

function searchQuery(db: Kysely<Database>, search: Omit<OrderSearch, 'offset' | 'limit'>, refunds: ConsoleRefunds) {
  let query = db.selectFrom('orders');
  const { status, now } = search;
  if (status === 'paid' || status === 'failed' || status === 'reversed') query = query.where('status', '=', status);
  if (status === 'duplicate') query = query.where('status', '=', 'paid').where('duplicate_of', 'is not', null);
  if (status === 'refund_requested') query = query.where('status', '=', 'paid').where('id', 'in', refunds.openRefundOrderIds());
  if (status === 'expired') query = query.where('status', '=', 'pending').where('expires_at', '<=', now);
  if (status === 'pending') {
    query = query.where(stillPayable(now));
  }
  if (search.from !== undefined) query = query.where('created_at', '>=', search.from);
  if (search.to !== undefined) query = query.where('created_at', '<', search.to);
  const q = search.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const pattern = likePattern(q.toLowerCase());
    query = query.where((eb) => {
      const conditions = [
        eb('id', '=', q),
        eb('public_ref', '=', q),
        // e-mails are stored lower-cased.
        eb('buyer_email', 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['buyer_name']), 'like', sql<string>`${pattern} escape '\\'`),
      ];
      if (digits.length >= 4) conditions.push(eb('buyer_phone', 'like', `%${digits}%`));
      return eb.or(conditions);
    });
  }
  return query;
}

export async function searchOrders(
  db: Kysely<Database>,
  search: OrderSearch,
  refunds: ConsoleRefunds,
): Promise<{ orders: AdminOrderRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    searchQuery(db, search, refunds)
      .select(COLUMNS)
      .select(parentOpenColumn)
      .select(netPaidCentsSql.as('net_cents'))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(search.offset)
      .limit(search.limit)
      .execute(),
    searchQuery(db, search, refunds)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { orders: await withItems(db, rows, search.now, refunds), total: Number(count.total) };
}

export async function findAdminOrder(
  db: Kysely<Database>,
  id: string,
  now: number,
  refunds: ConsoleRefunds,
): Promise<AdminOrderRow | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(COLUMNS)
    .select(parentOpenColumn)
    .select(netPaidCentsSql.as('net_cents'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row && (await withItems(db, [row], now, refunds))[0];
}

export async function listAddonOrders(
  db: Kysely<Database>,
  parentId: string,
  now: number,
): Promise<Array<{ id: string; status: AdminOrderStatus }>> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'status', 'expires_at'])
    .where('parent_order_id', '=', parentId)
    .where('kind', '=', 'addon')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, status: row.status === 'pending' && Number(row.expires_at) <= now ? 'expired' : row.status }));
}

export async function listOrderPostbacks(db: Kysely<Database>, orderId: string): Promise<Array<{ at: number; secretOk: boolean }>> {
  const rows = await db
    .selectFrom('webhook_events')
    .select(['received_at', 'secret_ok'])
    .where('order_id', '=', orderId)
    .orderBy('received_at')
    .limit(200)
    .execute();
  return rows.map((row) => ({ at: Number(row.received_at), secretOk: Number(row.secret_ok) === 1 }));
}

export async function sumPaid(db: Kysely<Database>, from: number, to: number): Promise<{ revenueCents: number; paidOrders: number }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(sql`case when kind = 'main' then 1 else 0 end`), sql<number>`0`).as('paid'),
      // paid − refunded (docs/money.md): a part refund lowers the day's sales.
      eb.fn.coalesce(eb.fn.sum<number>(netPaidCentsSql), sql<number>`0`).as('revenue'),
    ])
    .where('status', '=', 'paid')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .executeTakeFirstOrThrow();
  return { revenueCents: Number(row.revenue), paidOrders: Number(row.paid) };
}

/** Checkouts whose PIX can still be paid: being created, or pending before their expiry. */
export async function countWaitingPix(db: Kysely<Database>, now: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('waiting'))
    .where(stillPayable(now))
    .executeTakeFirstOrThrow();
  return Number(row.waiting);
}

/** An add-on paid after its main order is no new sale. */
export async function countPaidOrders(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('paid'))
    .where('status', '=', 'paid')
    .where('kind', '=', 'main')
    .executeTakeFirstOrThrow();
  return Number(row.paid);
}

export async function countOpenDuplicates(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'paid')
    .where('duplicate_of', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findLatestPaid(db: Kysely<Database>) {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'buyer_name', 'amount_cents', 'paid_at'])
    .where('status', '=', 'paid')
    .where('kind', '=', 'main')
    .where('paid_at', 'is not', null)
    .orderBy('paid_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, buyerName: row.buyer_name, amountCents: Number(row.amount_cents), paidAt: Number(row.paid_at) } : null;
}

export async function listPaidSince(db: Kysely<Database>, from: number): Promise<PaidOrderFacts[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'paid_at',
      netPaidCentsSql.as('net_cents'),
      'kind',
      'addon_answer',
      eb
        .selectFrom('order_items')
        .select('order_items.price_cents')
        .whereRef('order_items.order_id', '=', 'orders.id')
        .where('order_items.item', '=', 'bump')
        .as('bump_cents'),
      hasPaidAddon(eb).as('addon_paid'),
    ])
    .where('status', '=', 'paid')
    .where('paid_at', '>=', from)
    .execute();
  return rows.map((row) => ({
    paidAt: Number(row.paid_at),
    amountCents: Number(row.net_cents),
    kind: row.kind,
    bumpCents: row.bump_cents === null ? 0 : Number(row.bump_cents),
    addonAnswer: row.addon_answer,
    // SQLite answers 0/1, PostgreSQL a boolean.
    addonPaid: Boolean(Number(row.addon_paid)),
  }));
}

export async function lastPostbackAt(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.max<number>('received_at').as('at'))
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

// The one module a purchase is read through (docs/money.md): its rows loaded into the ledger, the answers other
// features ask of it, and the ledger's rule in SQL for the figures.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, MedReturnsTable, OrdersTable, ProviderRefundsTable, RefundsTable } from '../db/schema.ts';
import { mainOffer, type ListKey } from '../../content/offers.ts';
import type { OrderItem, OrderItemKey } from '../../shared/checkout.ts';
import type { PurchaseView } from '../../shared/purchase.ts';
import { itemsOfOrders, listOfItem } from './purchase-items.ts';
import { ledgerOf, openItemKeys, type PurchaseRecord } from './purchase-ledger.ts';

type Executor = Kysely<Database> | Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;
type RefundRow = Selectable<RefundsTable>;
type ProviderRefundRow = Selectable<ProviderRefundsTable>;
type MedReturnRow = Selectable<MedReturnsTable>;

/** The main order is the order itself, or an add-on's parent (docs/money.md). */
export async function loadPurchase(db: Executor, orderId: string): Promise<PurchaseRecord | undefined> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) return undefined;
  const main =
    order.kind === 'addon' && order.parent_order_id
      ? await db.selectFrom('orders').selectAll().where('id', '=', order.parent_order_id).executeTakeFirst()
      : order;
  if (!main) return undefined;
  return (await purchasesOf(db, [main])).get(main.id);
}

/** IDs a list may bind in one `in (…)`: well under SQLite's and PostgreSQL's limits on bound parameters. */
const IDS_PER_READ = 500;

/**
 * Many purchases at once, by their main orders' ids (a console list, a payout batch): six reads per 500 purchases
 * instead of six per purchase. An id that is not a main order's is left out.
 */
export async function loadPurchases(db: Executor, mainOrderIds: readonly string[]): Promise<Map<string, PurchaseRecord>> {
  const unique = [...new Set(mainOrderIds)];
  const purchases = new Map<string, PurchaseRecord>();
  for (let start = 0; start < unique.length; start += IDS_PER_READ) {
    const ids = unique.slice(start, start + IDS_PER_READ);
    const mains = await db.selectFrom('orders').selectAll().where('id', 'in', ids).where('kind', '=', 'main').execute();
    for (const [id, purchase] of await purchasesOf(db, mains)) purchases.set(id, purchase);
  }
  return purchases;
}

/** The rows of the purchases of `mains` (main orders), read together and split by purchase. */
async function purchasesOf(db: Executor, mains: readonly OrderRow[]): Promise<Map<string, PurchaseRecord>> {
  const purchases = new Map<string, PurchaseRecord>();
  if (mains.length === 0) return purchases;
  const addons = await db
    .selectFrom('orders')
    .selectAll()
    .where(
      'parent_order_id',
      'in',
      mains.map((main) => main.id),
    )
    .where('kind', '=', 'addon')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const ids = [...mains, ...addons].map((order) => order.id);
  const [items, refundRows, providerRows, medRows] = await Promise.all([
    itemsOfOrders(db, ids),
    db.selectFrom('refunds').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('item').execute(),
    db.selectFrom('provider_refunds').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('total_cents').execute(),
    db.selectFrom('med_returns').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('total_cents').execute(),
  ]);
  for (const main of mains) {
    const own = addons.filter((addon) => addon.parent_order_id === main.id);
    const charges = [main, ...own];
    const ownItems = new Map<string, OrderItem[]>();
    const refunds = new Map<string, RefundRow[]>();
    const providerRefunds = new Map<string, ProviderRefundRow[]>();
    const medReturns = new Map<string, MedReturnRow[]>();
    for (const order of charges) {
      // An order stored without its items (none should be) is one main item of its whole amount, so it stays refundable.
      const stored = items.get(order.id) ?? [];
      ownItems.set(order.id, stored.length > 0 ? stored : [{ key: 'main', title: mainOffer.name, priceCents: Number(order.amount_cents) }]);
    }
    const chargeIds = new Set(charges.map((order) => order.id));
    for (const row of refundRows) if (chargeIds.has(row.order_id)) refunds.set(row.order_id, [...(refunds.get(row.order_id) ?? []), row]);
    for (const row of providerRows)
      if (chargeIds.has(row.order_id)) providerRefunds.set(row.order_id, [...(providerRefunds.get(row.order_id) ?? []), row]);
    for (const row of medRows)
      if (chargeIds.has(row.order_id)) medReturns.set(row.order_id, [...(medReturns.get(row.order_id) ?? []), row]);
    purchases.set(main.id, { main, addons: own, items: ownItems, refunds, providerRefunds, medReturns });
  }
  return purchases;
}

export async function entitledLists(db: Executor, orderId: string): Promise<ListKey[]> {
  const purchase = await loadPurchase(db, orderId);
  if (!purchase) return [];
  return [...new Set(openItemKeys(ledgerOf(purchase, { guaranteeDays: 0 })).map(listOfItem))];
}

/** Everything a purchase bought and kept: its paid items not refunded, main order's first. */
export async function purchasedItems(db: Executor, orderId: string): Promise<OrderItem[]> {
  const purchase = await loadPurchase(db, orderId);
  if (!purchase) return [];
  return ledgerOf(purchase, { guaranteeDays: 0 })
    .items.filter((item) => item.state !== 'unpaid' && item.state !== 'refunded')
    .map(({ key, title, priceCents }) => ({ key, title, priceCents }));
}

export async function loadPurchaseView(db: Executor, orderId: string, config: { guaranteeDays: number }): Promise<PurchaseView | null> {
  const purchase = await loadPurchase(db, orderId);
  if (!purchase) return null;
  const { unlistedOwedCents: _unlisted, ...view } = ledgerOf(purchase, config);
  return view;
}

/** What reversing the whole order gives back now: its items not already refunded one by one, less any untied part refund. */
export async function refundMovementOf(
  db: Executor,
  order: { id: string; amount_cents: number },
): Promise<{ amountCents: number; items: OrderItemKey[] }> {
  const [items, done, untied] = await Promise.all([
    itemsOfOrders(db, [order.id]),
    db.selectFrom('refunds').select(['item', 'amount_cents']).where('order_id', '=', order.id).where('status', '=', 'refunded').execute(),
    untiedRefundedCents(db, order.id),
  ]);
  const given = new Set(done.map((row) => row.item));
  const alreadyCents = done.reduce((sum, row) => sum + Number(row.amount_cents), 0) + untied;
  return {
    amountCents: Number(order.amount_cents) - alreadyCents,
    // An order stored without its items (none should be) is one main item.
    items: ((items.get(order.id) ?? []).length > 0 ? items.get(order.id)!.map((item) => item.key) : (['main'] as const)).filter(
      (key) => !given.has(key),
    ),
  };
}

/** What the provider gave back of a charge tied to no item (docs/money.md#provider-side). */
export async function untiedRefundedCents(db: Executor, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('provider_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
    .where('order_id', '=', orderId)
    .where('item', 'is', null)
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

/** ledgerOf's rule in SQL: a reversed order nets nothing; a paid one its amount less items refunded, untied part refunds and what the MED took back. */
export const netPaidCentsSql = sql<number>`(case when orders.status = 'paid' then orders.amount_cents - coalesce((select sum(refunds.amount_cents) from refunds where refunds.order_id = orders.id and refunds.status = 'refunded'), 0) - coalesce((select sum(provider_refunds.amount_cents) from provider_refunds where provider_refunds.order_id = orders.id and provider_refunds.item is null), 0) - orders.med_returned_cents else 0 end)`;

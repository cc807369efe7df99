// No charge payable twice (docs/money.md#one-payable-pix): a paid charge retires, and cancels, the buyer's open ones it repeats.
import { checkout as copy } from '../../content/checkout.ts';
import type { OrderItem, OrderItemKey } from '../../shared/checkout.ts';
import { purchasedItems } from '../purchase/purchase-service.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import { cancelAtProvider } from '../payment/charge-cancellation.ts';
import type { OrderEvent } from '../orders/order-events.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import {
  findOpenChargesWithItems,
  findPaidOrdersOfBuyerSince,
  findRetiredChargesLeftOpen,
  retireForPayment,
} from '../orders/paid-elsewhere-repository.ts';

/** What a charge retired for a payment elsewhere still lacks: its items that payment did not buy. */
export interface LeftToPay {
  amountCents: number;
  items: OrderItem[];
}

export async function leftToPayOf(deps: Pick<OrdersDeps, 'db'>, retired: OrderRow, paid: OrderRow): Promise<LeftToPay> {
  const held = new Set<OrderItemKey>((await purchasedItems(deps.db, paid.id)).map((item) => item.key));
  const items = (await itemsOfOrder(deps.db, retired.id)).filter((item) => !held.has(item.key));
  return { amountCents: items.reduce((sum, item) => sum + item.priceCents, 0), items };
}

/** The paid order a retired one was retired for, when it was retired because its items were paid there. */
export async function paidReplacementOf(deps: Pick<OrdersDeps, 'db'>, order: OrderRow): Promise<OrderRow | undefined> {
  if (order.status !== 'failed' || !order.replaced_by) return undefined;
  const replacement = await findOrderById(deps.db, order.replaced_by);
  return replacement?.status === 'paid' && replacement.paid_at !== null ? replacement : undefined;
}

/** The buyer's other pending charges with an item `paid` bought (one still being made is settled once made: retireIfPaidElsewhere). */
async function openChargesRepeating(deps: Pick<OrdersDeps, 'db'>, paid: OrderRow): Promise<OrderRow[]> {
  const held = (await purchasedItems(deps.db, paid.id)).map((item) => item.key);
  return held.length === 0 ? [] : findOpenChargesWithItems(deps.db, paid, held);
}

/** Retires one open charge in favour of the paid one; true when this call retired it. */
async function retireFor(deps: OrdersDeps, open: OrderRow, paid: OrderRow, now: number): Promise<boolean> {
  const left = await leftToPayOf(deps, open, paid);
  const failed: OrderEvent = { type: 'failed', orderId: open.id, at: now };
  const retired = await deps.db.transaction().execute(async (trx) => {
    if (!(await retireForPayment(trx, open, paid, copy.errors.paidElsewhere(left), now))) return false;
    // Its PIX e-mails and reminders stop with it (pix-emails/ listens to `failed`).
    await deps.events.publish(trx, failed);
    return true;
  });
  if (retired) await deps.events.committed(failed);
  return retired;
}

export async function retireChargesPaidElsewhere(deps: OrdersDeps, paid: OrderRow): Promise<OrderRow[]> {
  const now = deps.now?.() ?? Date.now();
  const retired: OrderRow[] = [];
  for (const open of await openChargesRepeating(deps, paid)) {
    if (!(await retireFor(deps, open, paid, now))) continue;
    retired.push(open);
    deps.logger.warn('Charge retired: its items were paid in another charge', { order: open.id, paidIn: paid.id });
    const current = await findOrderById(deps.db, open.id);
    if (current?.charge_id) await cancelAtProvider(deps, current);
  }
  return retired;
}

/** After a charge made beside the retired one's cancel: if a charge of the buyer was found paid meanwhile, this one is retired too. */
export async function retireIfPaidElsewhere(deps: OrdersDeps, orderId: string): Promise<OrderRow | undefined> {
  const order = await findOrderById(deps.db, orderId);
  if (order?.status !== 'pending') return order;
  const paid = await findPaidOrdersOfBuyerSince(deps.db, order);
  for (const each of paid) {
    if ((await retireChargesPaidElsewhere(deps, each)).some((retired) => retired.id === order.id)) break;
  }
  return findOrderById(deps.db, order.id);
}

/** The buyer's retired charges a cancel left payable (a 500, no answer): each re-checkout asks again, not only the reconciler. */
export async function retiredLeftOpen(deps: Pick<OrdersDeps, 'db' | 'payments'>, buyer: { email: string; phone: string }, now: number) {
  const rows = await findRetiredChargesLeftOpen(deps.db, buyer, now);
  return rows.filter((row) => deps.payments.get(row.provider)?.cancelCharge !== undefined).map((row) => row.id);
}

/** Wired once at start (compose.ts): each payment the shop learns of retires the buyer's open charges that repeat it. */
export function retireRepeatsAfterPayment(deps: OrdersDeps): void {
  deps.events.afterCommit('paid', async ({ order }) => {
    await retireChargesPaidElsewhere(deps, order);
  });
}

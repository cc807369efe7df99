import type { OrderPageReply } from '../../shared/order-page.ts';
import type { OrderItem } from '../../shared/checkout.ts';
import { PUBLIC_REF_PATTERN } from '../../shared/order-page.ts';
import { maskEmailForBuyer } from '../lib/mask-email.ts';
import { toCreatedOrder } from './checkout-result.ts';
import { purchasedItems } from '../purchase/purchase-service.ts';
import { isOrderContactKey } from '../orders/order-links.ts';
import { publicStatus, refreshWaitingOrder } from '../payment/order-status.ts';
import { findOrderByPublicRef, type OrderRow } from '../orders/orders-repository.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { findReturnedOpenFinance } from '../open-finance/open-finance-lookup.ts';

export async function findOrderForPage(deps: Pick<OrdersDeps, 'db'>, ref: string): Promise<OrderRow | undefined> {
  if (!PUBLIC_REF_PATTERN.test(ref)) return undefined;
  return findOrderByPublicRef(deps.db, ref);
}

/** What `/pedido/{ref}` shows; never an access link, and the order id only with the e-mailed key (docs/decisions/0006-tokens-and-csp.md). */
/** A paid order's reply before the route adds the guarantee (refunds/ reads it). */
export type OrderPageBase =
  | Exclude<OrderPageReply, { status: 'paid' }>
  | { status: 'paid'; maskedEmail: string | null; items?: OrderItem[]; orderId?: string; bankReturnedCents?: number };

export async function describeOrderPage(
  deps: OrdersDeps,
  ref: string,
  contactKey: string | undefined,
): Promise<{ reply: OrderPageBase; order: OrderRow } | undefined> {
  const found = await findOrderForPage(deps, ref);
  if (!found) return undefined;
  const now = deps.now?.() ?? Date.now();
  const order = await refreshWaitingOrder(deps, found, now);
  return { reply: await pageReply(deps, order, contactKey, now), order };
}

async function pageReply(deps: OrdersDeps, order: OrderRow, contactKey: string | undefined, now: number): Promise<OrderPageBase> {
  const status = publicStatus(order, now);
  // The e-mailed key acts for the order (routes/order-actor.ts): only then does the page learn which order it is.
  const acting = isOrderContactKey(order, contactKey) ? { orderId: order.id } : {};
  if (status === 'pending') {
    const { amountCents, pix, expiresAt, sandboxPayUrl, items } = await toCreatedOrder(deps, order);
    return { status, amountCents, pix, expiresAt, serverTime: now, items, ...acting, ...(sandboxPayUrl ? { sandboxPayUrl } : {}) };
  }
  if (status === 'paid') {
    // Paid both ways, the bank's payment went back: said as recorded, and only to the key, as a refund's state is.
    const returned = 'orderId' in acting ? await findReturnedOpenFinance(deps.db, order.id) : undefined;
    // The whole purchase: the bump bought after payment shows on the same page (docs/offers.md).
    return {
      status,
      maskedEmail: order.buyer_email ? maskEmailForBuyer(order.buyer_email) : null,
      items: await purchasedItems(deps.db, order.id),
      ...acting,
      ...(returned ? { bankReturnedCents: returned.amount_cents } : {}),
    };
  }
  if (status === 'reversed') return { status };
  const prefill =
    order.buyer_email && isOrderContactKey(order, contactKey)
      ? { name: order.buyer_name, email: order.buyer_email, phone: order.buyer_phone }
      : undefined;
  const replacedBy = status === 'failed' ? await liveReplacement(deps, order) : null;
  return { status, amountCents: order.amount_cents, ...(prefill ? { prefill } : {}), ...(replacedBy ? { replacedBy } : {}) };
}

/** A replaced code never shows again: the page points to the newest checkout of the chain instead. */
export async function liveReplacement(deps: Pick<OrdersDeps, 'db'>, order: OrderRow): Promise<string | null> {
  let current = order;
  // A buyer replaces a code a few times at most; the bound keeps a malformed chain from looping.
  for (let hop = 0; hop < 10 && current.replaced_by; hop++) {
    const next = await findOrderById(deps.db, current.replaced_by);
    if (!next) break;
    current = next;
  }
  return current.id === order.id ? null : current.public_ref;
}

import { checkout as copy } from '../../content/checkout.ts';
import type { OrderStatusReply } from '../../shared/checkout.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import { publicStatus, refreshWaitingOrder } from '../payment/order-status.ts';
import { modalAccessLink, viewKeyMatches } from './access-service.ts';
import { addonOfferOf, addonOfferOpen, waitingAddonOf } from '../checkout/addon-offer.ts';
import { liveReplacement } from '../checkout/order-page-service.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { leftToPayOf, paidReplacementOf } from '../checkout/paid-elsewhere.ts';
import { bankLinkView } from '../open-finance/open-finance-links.ts';
import { isOrderContactKey } from '../orders/order-links.ts';

/** Once paid, the access link goes only to the tab that created the order. */
export async function describeOrderStatus(
  deps: OrdersDeps,
  orderId: string,
  viewKey?: string,
  contactKey?: string,
): Promise<OrderStatusReply | undefined> {
  const found = await findOrderById(deps.db, orderId);
  if (!found) return undefined;
  const now = deps.now?.() ?? Date.now();
  const order = await refreshWaitingOrder(deps, found, now);
  const status = publicStatus(order, now);
  // The tab of a retired code follows to the live order, and keeps asking: the old code may still be paid.
  const replacedBy = status === 'failed' ? await liveReplacement(deps, order) : null;
  const paidFor = replacedBy ? await paidReplacementOf(deps, order) : undefined;
  if (replacedBy && paidFor) {
    // An earlier PIX of the buyer was paid: this one was cancelled, and the tab shows what is left to pay.
    const { amountCents, items } = await leftToPayOf(deps, order, paidFor);
    return { status, replacedBy, leftToPay: { amountCents, items: items.map(({ title, priceCents }) => ({ title, priceCents })) } };
  }
  if (replacedBy) return { status, replacedBy };
  if (status !== 'paid') return { status };
  if (order.kind === 'addon') return { status };
  const accessUrl = await modalAccessLink(deps.db, order, viewKey, now);
  const reply: OrderStatusReply = accessUrl ? { status, accessUrl } : { status, accessNote: copy.paid.sentByEmail };
  // Only the tab that bought, or the holder of the e-mailed key (a new tab from the bank app), may answer the offer.
  const mayAct = viewKeyMatches(order, viewKey) || isOrderContactKey(order, contactKey);
  const bump = deps.config.orderBump;
  if (bump && mayAct && (await addonOfferOpen(deps, order))) {
    // The live version's name and price, which acceptAddonOffer charges while that version is live.
    reply.addonOffer = addonOfferOf(bump, await deps.prices.live());
  }
  const bankLink = mayAct ? await bankLinkView(deps, order) : null;
  if (bankLink) reply.bankLink = bankLink;
  // The add-on's PIX from the order, not the tab: a reload, the bank app's new tab or the e-mail's link shows it too.
  const addonOrder = mayAct ? await waitingAddonOf(deps, order) : undefined;
  if (addonOrder) reply.addonOrder = addonOrder;
  return reply;
}

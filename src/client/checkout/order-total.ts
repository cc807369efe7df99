import type { BumpOffer } from '../../content/offers.ts';
import type { BuyerValues } from './buyer-values.ts';

/** The bump the checkout offers: the content's one, when the server offers it (ORDER_BUMP, `PublicConfig.orderBump`). */
export function offeredBump(serverOffersBump: boolean, bump: BumpOffer | null): BumpOffer | null {
  return serverOffersBump ? bump : null;
}

/** The bump with the name and price the server charges now (GET /api/product) or the page printed. */
export function withPrices(bump: BumpOffer | null, prices: { name: string; priceCents: number } | null): BumpOffer | null {
  return bump && prices ? { ...bump, name: prices.name, priceCents: prices.priceCents } : bump;
}

/**
 * The total shown above "GERAR PIX": the price the PIX will charge (docs/offers.md#the-checkout), the
 * main product's and, when ticked, the bump's.
 */
export function checkoutTotalCents(mainCents: number, bump: BumpOffer | null, ticked: boolean): number {
  return mainCents + (bump && ticked ? bump.priceCents : 0);
}

/**
 * The form's part of POST /api/orders: the buyer's data and only "with the bump" or "without";
 * the server sets every amount. The bump counts only when it was offered and ticked.
 */
export function orderFields(values: BuyerValues, askDocument: boolean, bump: BumpOffer | null, ticked: boolean) {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    ...(askDocument ? { document: values.document } : {}),
    bump: bump !== null && ticked,
  };
}

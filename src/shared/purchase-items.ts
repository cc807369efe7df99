import type { OrderItem } from './checkout.ts';

/**
 * An order's items as GA4's `purchase` takes them (docs/tracking.md, "What a purchase carries"), the
 * same from the browser's gtag and the server's Measurement Protocol, so whichever GA4 keeps for the
 * transaction names the items alike: `item_id` is the item's key (`main`, `bump`), stable when the
 * gateway's products change; the price is in reais, as GA4 expects.
 */
export interface PurchaseItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: 1;
}

export function purchaseItems(items: readonly OrderItem[]): PurchaseItem[] {
  return items.map((item) => ({ item_id: item.key, item_name: item.title, price: item.priceCents / 100, quantity: 1 }));
}

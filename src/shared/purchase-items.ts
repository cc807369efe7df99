import type { OrderItem } from './checkout.ts';

/** GA4's `purchase` items, alike from gtag and the Measurement Protocol (docs/tracking.md); `item_id` is the stable item key. */
export interface PurchaseItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: 1;
}

export function purchaseItems(items: readonly OrderItem[]): PurchaseItem[] {
  return items.map((item) => ({ item_id: item.key, item_name: item.title, price: item.priceCents / 100, quantity: 1 }));
}

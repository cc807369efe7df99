import type { OrderItem } from '../../shared/checkout.ts';
import { purchaseItems } from '../../shared/purchase-items.ts';
import { track } from './analytics.ts';

/*
 * Purchases are reported from the checkout and the order page only: this lives apart from
 * analytics.ts, which every page loads up front, so first loads do not carry it.
 */

const PURCHASES_KEY = 'vitrine_purchases_tracked';

/**
 * Records a confirmed purchase once per order, even across reloads and tabs: the references
 * already reported are remembered in localStorage. The order's public reference (never its id,
 * which opens the order's status) is the transaction id and the event id, so a later server-side
 * Conversions API can deduplicate. `value` is the order's total and GA4's `items` every item it
 * holds, as the server's purchase names them (shared/purchase-items.ts); an add-on order (the bump
 * bought after payment) is its own purchase under its own reference. Returns whether this call was
 * the first.
 */
export function trackPurchaseOnce(publicRef: string, valueCents: number, items: readonly OrderItem[] = []): boolean {
  if (typeof window === 'undefined') return false;
  let done: string[] = [];
  try {
    done = JSON.parse(window.localStorage.getItem(PURCHASES_KEY) ?? '[]') as string[];
  } catch {
    done = [];
  }
  if (done.includes(publicRef)) return false;
  try {
    window.localStorage.setItem(PURCHASES_KEY, JSON.stringify([...done, publicRef].slice(-20)));
  } catch {
    // Without storage the purchase is still reported, once per page life.
  }
  const params = {
    transaction_id: publicRef,
    value: valueCents / 100,
    currency: 'BRL',
    ...(items.length > 0 ? { items: purchaseItems(items) } : {}),
  };
  track('purchase', params, publicRef);
  window.dispatchEvent(new CustomEvent('vitrine:purchase', { detail: params }));
  return true;
}

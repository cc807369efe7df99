import type { OrderItem } from '../../shared/checkout.ts';
import { purchaseItems } from '../../shared/purchase-items.ts';
import type { OrderRow } from '../orders/orders-repository.ts';

/**
 * GA4's Measurement Protocol: the shapes Google expects stay in this module. One `purchase` per
 * paid order whose buyer accepted tracking, under the browser's GA client id (from the `_ga`
 * cookie) and with `transaction_id` = the order's public reference, the same id the browser's
 * gtag used, so GA4 keeps one purchase. `value` is the order's total and `items` every item it
 * holds (the main product, and the bump when ticked); an add-on order (the bump bought after
 * payment) is a transaction of its own, with its one item.
 * https://developers.google.com/analytics/devguides/collection/protocol/ga4
 */
export interface Ga4Settings {
  measurementId: string;
  apiSecret: string;
  /** https://www.google-analytics.com, or a stand-in in tests (GA_MP_URL). */
  baseUrl: string;
}

export function ga4PurchaseBody(order: OrderRow, clientId: string, items: readonly OrderItem[]): Record<string, unknown> {
  const value = Number(order.amount_cents) / 100;
  const paidAt = Number(order.paid_at ?? order.created_at);
  return {
    client_id: clientId,
    timestamp_micros: paidAt * 1000,
    events: [
      {
        name: 'purchase',
        params: {
          transaction_id: order.public_ref,
          value,
          currency: 'BRL',
          items: purchaseItems(items),
        },
      },
    ],
  };
}

/** The collect endpoint; Google requires the api_secret in the query string. */
export function ga4CollectUrl(settings: Ga4Settings): string {
  const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/mp/collect`);
  url.searchParams.set('measurement_id', settings.measurementId);
  url.searchParams.set('api_secret', settings.apiSecret);
  return url.toString();
}

/**
 * The refund of a purchase reported before: GA4's `refund` event with the same `transaction_id`
 * takes the sale back out of the reports.
 */
export function ga4RefundBody(order: OrderRow, clientId: string, items: readonly OrderItem[], refundedAt: number): Record<string, unknown> {
  const value = Number(order.amount_cents) / 100;
  return {
    client_id: clientId,
    timestamp_micros: refundedAt * 1000,
    events: [
      {
        name: 'refund',
        params: {
          transaction_id: order.public_ref,
          value,
          currency: 'BRL',
          items: purchaseItems(items),
        },
      },
    ],
  };
}

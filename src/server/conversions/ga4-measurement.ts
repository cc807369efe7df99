import type { OrderItem } from '../../shared/checkout.ts';
import { purchaseItems } from '../../shared/purchase-items.ts';
import type { OrderRow } from '../orders/orders-repository.ts';

/** `transaction_id` is gtag's, so GA4 keeps one purchase: https://developers.google.com/analytics/devguides/collection/protocol/ga4 */
export interface Ga4Settings {
  measurementId: string;
  apiSecret: string;
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

/** `items`: what this refund gave back (a part refund names its items only), `amountCents` their sum. */
export function ga4RefundBody(
  order: OrderRow,
  clientId: string,
  items: readonly OrderItem[],
  refundedAt: number,
  amountCents: number = Number(order.amount_cents),
): Record<string, unknown> {
  const value = amountCents / 100;
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

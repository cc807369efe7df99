// What a checkout answers: the order as the buyer's tab shows it, its QR drawn here, once its charge settled.
import QRCode from 'qrcode';
import { checkout as copy } from '../../content/checkout.ts';
import type { CreatedOrder, ProductInfo } from '../../shared/checkout.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import { demoProvider } from '../gateway/provider-registry.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { paidReplacementOf } from './paid-elsewhere.ts';

export type CheckoutResult =
  | { kind: 'created'; order: CreatedOrder }
  | { kind: 'sold_out'; nextBatchAt: number }
  | { kind: 'too_many_open' }
  | { kind: 'price_changed'; product: ProductInfo }
  | { kind: 'failed'; message: string }
  /** Every item it would charge is the buyer's through an earlier PIX found paid: nothing to pay (409). */
  | { kind: 'paid_elsewhere'; message: string };

export const DAY_MS = 24 * 60 * 60_000;

/** Counted from our request, never later than the gateway's own clock (docs/decisions/0005-pix-expiry.md). */
export function gatewayExpiry(requestedAt: number, expireInDays: number, returned: number | null): number {
  return returned !== null && returned > requestedAt ? returned : requestedAt + expireInDays * DAY_MS;
}

/** The QR is drawn here, never by a third-party image service: the code is payment data (docs/product.md#4-the-qr-code-is-drawn-locally). */
async function qrSvg(code: string | null): Promise<string | null> {
  if (!code) return null;
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, width: 200 });
}

export async function toCreatedOrder(deps: Pick<OrdersDeps, 'db' | 'config' | 'now'>, order: OrderRow): Promise<CreatedOrder> {
  const { config } = deps;
  return {
    orderId: order.id,
    publicRef: order.public_ref,
    amountCents: order.amount_cents,
    items: await itemsOfOrder(deps.db, order.id),
    pix: { code: order.pix_code, qrSvg: await qrSvg(order.pix_code), image: order.pix_code ? null : order.pix_image },
    expiresAt: order.expires_at,
    // The clock `expiresAt` was stamped by (the database's, db/database-clock.ts): the tab counts down the difference.
    serverTime: deps.now?.() ?? Date.now(),
    ...(config.demoMode && order.provider === demoProvider?.id && order.charge_id
      ? { sandboxPayUrl: `/sandbox/pay/${encodeURIComponent(order.charge_id)}` }
      : {}),
  };
}

export async function describe(deps: OrdersDeps, order: OrderRow): Promise<CheckoutResult> {
  if (order.status === 'failed') {
    const message = order.failure_reason ?? copy.errors.generic;
    return (await paidReplacementOf(deps, order)) ? { kind: 'paid_elsewhere', message } : { kind: 'failed', message };
  }
  if (order.status === 'creating') return { kind: 'failed', message: copy.errors.generic };
  return { kind: 'created', order: await toCreatedOrder(deps, order) };
}

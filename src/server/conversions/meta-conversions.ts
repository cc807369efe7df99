import { createHash } from 'node:crypto';
import type { OrderRow } from '../orders/orders-repository.ts';
import { normalizeEmail } from '../../shared/text.ts';

/** `event_id` is the Pixel's eventID, so Meta counts the sale once. https://developers.facebook.com/docs/marketing-api/conversions-api/parameters */
export const META_GRAPH_VERSION = 'v23.0';

export interface MetaSettings {
  pixelId: string;
  token: string;
  baseUrl: string;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Meta wants the country code; orders keep DDD + number. */
export function normalizePhoneForMeta(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
}

/** Without the Pixel's `_fbc` cookie, built from the fbclid as Meta documents. */
export function fbcFor(order: Pick<OrderRow, 'fbc' | 'fbclid' | 'created_at'>): string | undefined {
  if (order.fbc) return order.fbc;
  return order.fbclid ? `fb.1.${Number(order.created_at)}.${order.fbclid}` : undefined;
}

/** Read at send time, so an erased buyer sends no e-mail or phone. */
function metaUserData(order: OrderRow): Record<string, unknown> {
  const userData: Record<string, unknown> = {};
  // Meta's e-mail normalisation before hashing is ours: trimmed, lower-cased.
  if (order.buyer_email) userData.em = [sha256Hex(normalizeEmail(order.buyer_email))];
  if (order.buyer_phone) userData.ph = [sha256Hex(normalizePhoneForMeta(order.buyer_phone))];
  if (order.fbp) userData.fbp = order.fbp;
  const fbc = fbcFor(order);
  if (fbc) userData.fbc = fbc;
  if (order.client_ip) userData.client_ip_address = order.client_ip;
  if (order.client_user_agent) userData.client_user_agent = order.client_user_agent;
  return userData;
}

export function metaPurchaseBody(order: OrderRow, eventSourceUrl: string): { data: unknown[] } {
  const userData = metaUserData(order);
  return {
    data: [
      {
        event_name: 'Purchase',
        event_time: Math.floor(Number(order.paid_at ?? order.created_at) / 1000),
        event_id: order.public_ref,
        action_source: 'website',
        event_source_url: eventSourceUrl,
        user_data: userData,
        custom_data: { currency: 'BRL', value: Number(order.amount_cents) / 100, order_id: order.public_ref },
      },
    ],
  };
}

/** Meta has no standard refund event: a custom `Refund` the seller can subtract in a report. */
/** `refund`: what this movement gave back; a part of the order is an event of its own (its items in the id). */
export function metaRefundBody(
  order: OrderRow,
  eventSourceUrl: string,
  refundedAt: number,
  refund: { amountCents: number; items: readonly string[]; part: boolean } = {
    amountCents: Number(order.amount_cents),
    items: [],
    part: false,
  },
): { data: unknown[] } {
  return {
    data: [
      {
        event_name: 'Refund',
        event_time: Math.floor(refundedAt / 1000),
        event_id: refund.part ? `refund:${order.public_ref}:${refund.items.join('+')}` : `refund:${order.public_ref}`,
        action_source: 'website',
        event_source_url: eventSourceUrl,
        user_data: metaUserData(order),
        custom_data: { currency: 'BRL', value: refund.amountCents / 100, order_id: order.public_ref },
      },
    ],
  };
}

export function metaEventsUrl(settings: MetaSettings): string {
  const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/${META_GRAPH_VERSION}/${encodeURIComponent(settings.pixelId)}/events`);
  url.searchParams.set('access_token', settings.token);
  return url.toString();
}

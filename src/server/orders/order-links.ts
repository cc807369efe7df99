import { createHmac } from 'node:crypto';
import { secretsMatch } from '../config/secrets.ts';
import { paths } from '../../shared/routes.ts';
import type { OrderRow } from './orders-repository.ts';

/** HMACs keyed by the order's own secret, one purpose each: nothing new is stored, none derives from the reference. */
type KeyedOrder = Pick<OrderRow, 'id' | 'postback_secret'>;

function orderMac(order: KeyedOrder, purpose: 'reminders-opt-out' | 'order-contact' | 'review' | 'whatsapp-stop'): string {
  // 192 bits: unguessable, and short enough for a URL.
  return createHmac('sha256', order.postback_secret).update(`vitrine-${purpose}:${order.id}`).digest('base64url').slice(0, 32);
}

export const reminderOptOutToken = (order: KeyedOrder) => orderMac(order, 'reminders-opt-out');
export const orderContactKey = (order: KeyedOrder) => orderMac(order, 'order-contact');
export const isReminderOptOutToken = (order: KeyedOrder, given: string | undefined) => secretsMatch(given, reminderOptOutToken(order));
export const isOrderContactKey = (order: KeyedOrder, given: string | undefined) => secretsMatch(given, orderContactKey(order));
export const reviewToken = (order: KeyedOrder) => orderMac(order, 'review');
export const isReviewToken = (order: KeyedOrder, given: string | undefined) => secretsMatch(given, reviewToken(order));

const whatsappStopToken = (order: KeyedOrder) => orderMac(order, 'whatsapp-stop');
export const isWhatsappStopToken = (order: KeyedOrder, given: string | undefined) => secretsMatch(given, whatsappStopToken(order));

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The key rides in the fragment, which browsers never send: no access log or Referer holds it. */
export function orderPageUrl(publicUrl: string, order: KeyedOrder & Pick<OrderRow, 'public_ref'>): string {
  return `${base(publicUrl)}${paths.order}/${encodeURIComponent(order.public_ref)}#k=${orderContactKey(order)}`;
}

/** The reminders' one-click opt-out (GET shows a button, POST opts out; RFC 8058 posts to it too). */
export function reminderOptOutUrl(publicUrl: string, order: KeyedOrder & Pick<OrderRow, 'public_ref'>): string {
  return `${base(publicUrl)}${paths.order}/${encodeURIComponent(order.public_ref)}/lembretes/${reminderOptOutToken(order)}`;
}

export const REVIEW_PAGE_PATH = '/avaliar';

/** The review page as e-mailed: like the order page, its key rides in the fragment (`#t=`). */
export function reviewPageUrl(publicUrl: string, order: KeyedOrder & Pick<OrderRow, 'public_ref'>): string {
  return `${base(publicUrl)}${REVIEW_PAGE_PATH}/${encodeURIComponent(order.public_ref)}#t=${reviewToken(order)}`;
}

/** The stop link every WhatsApp message carries: like the reminders' opt-out, a GET asks and a POST stops. */
export function whatsappStopUrl(publicUrl: string, order: KeyedOrder & Pick<OrderRow, 'public_ref'>): string {
  return `${base(publicUrl)}${paths.order}/${encodeURIComponent(order.public_ref)}/whatsapp/${whatsappStopToken(order)}`;
}

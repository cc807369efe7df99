import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseJsonSafely } from '../../../lib/safe-parse.ts';
import { WebhookRejectedError, type ProviderEvent, type WebhookRequest } from '../../pix-provider.ts';
import { readId } from './mercadopago-parse.ts';

/** As the SDK's `WebhookSignatureValidator`; the signature covers neither body nor `type`, so only a read-back counts. */

/** Covers a slow delivery and clock drift; a replay inside it costs one read-back. */
export const WEBHOOK_TOLERANCE_MS = 10 * 60_000;

/** The docs say milliseconds, their example is seconds: below 10^11 a value can only be seconds. */
function timestampMs(ts: string): number {
  const value = Number(ts);
  return value < 1e11 ? value * 1000 : value;
}

/** Resource ids are short alphanumeric strings (payments: digits; orders: `ORD…`). */
const DATA_ID = /^[A-Za-z0-9]{1,64}$/;
const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

function signatureParts(header: string): { ts: string | null; v1: string | null } {
  let ts: string | null = null;
  let v1: string | null = null;
  for (const part of header.split(',')) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    const key = part.slice(0, equals).trim().toLowerCase();
    const value = part.slice(equals + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'v1') v1 = value;
  }
  return { ts, v1 };
}

/**
 * Every notification topic Mercado Pago documents (docs/payments.md#unrecognised-events), by what the shop does with
 * it: the topics of "Your integrations > Notifications" (mercadopago.com.br/developers/en/docs/your-integrations/notifications),
 * the optional ones (…/docs/checkout-api-orders/optional-notifications: `mp-connect`, `topic_claims_integration_wh`,
 * `topic_chargebacks_wh`, `stop_delivery_op_wh`) and the Card Updater's `automatic-payments`
 * (…/your-integrations/notifications/additional-info), and `merchant_order` and `chargebacks`, which the IPN page says
 * Webhooks now send too (…/your-integrations/notifications/ipn). Only `payment` names one of the shop's charges; a chargeback
 * or a claim on it changes the payment, which sends `payment.updated` too.
 */
export const MERCADOPAGO_TOPICS = {
  payment: 'payment',
  order: 'known',
  subscription_authorized_payment: 'known',
  subscription_preapproval: 'known',
  subscription_preapproval_plan: 'known',
  'mp-connect': 'known',
  topic_claims_integration_wh: 'known',
  topic_chargebacks_wh: 'known',
  stop_delivery_op_wh: 'known',
  topic_merchant_order_wh: 'known',
  merchant_order: 'known',
  chargebacks: 'known',
  'automatic-payments': 'known',
} as const satisfies Record<string, 'payment' | 'known'>;

/** A payment notification's `action` (…/your-integrations/notifications, its Webhooks example): either reads the payment back. */
export const MERCADOPAGO_PAYMENT_ACTIONS = ['payment.created', 'payment.updated'] as const;

const MAX_NAME_LENGTH = 100;

function shortText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_NAME_LENGTH) : null;
}

/** `type` (or the older `topic`) from the query string, else from the body, and the body's `action`. */
export function mercadoPagoNotificationNames(query: URLSearchParams, rawBody: string): { type: string | null; action: string | null } {
  let body: { type?: unknown; action?: unknown } | null = null;
  try {
    const parsed = parseJsonSafely(rawBody);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed;
  } catch {
    body = null;
  }
  const fromQuery = query.get('type') ?? query.get('topic');
  return { type: shortText(fromQuery) ?? shortText(body?.type), action: shortText(body?.action) };
}

/** What a verified notification names: one of the shop's payments to read back, a known topic, or a name the shop does not know. */
export function readMercadoPagoNotification(names: { type: string | null; action: string | null }, dataId: string): ProviderEvent[] {
  const { type, action } = names;
  if (type === null) return [{ kind: 'ignored', reason: 'notification type absent' }];
  const kind = Object.hasOwn(MERCADOPAGO_TOPICS, type) ? MERCADOPAGO_TOPICS[type as keyof typeof MERCADOPAGO_TOPICS] : undefined;
  if (kind === undefined) return [{ kind: 'unrecognised', name: type }];
  if (kind === 'known') return [{ kind: 'ignored', reason: `notification type ${type}` }];
  const chargeId = readId(dataId);
  if (!chargeId) return [{ kind: 'ignored', reason: 'data.id is not a payment id' }];
  // A refund or a chargeback arrives as `payment.updated` too: reading the payment back tells which.
  const events: ProviderEvent[] = [{ kind: 'charge', chargeId }];
  // An action never seen is still a payment to read back, and counted so the seller hears of it.
  if (action !== null && !(MERCADOPAGO_PAYMENT_ACTIONS as readonly string[]).includes(action)) {
    events.push({ kind: 'unrecognised', name: action });
  }
  return events;
}

export function verifyMercadoPagoWebhook(request: WebhookRequest, secret: string, now: number): ProviderEvent[] {
  const header = request.headers.get('x-signature');
  if (!header) throw new WebhookRejectedError('no x-signature header');
  const { ts, v1 } = signatureParts(header);
  if (!ts || !/^\d{1,16}$/.test(ts)) throw new WebhookRejectedError('x-signature has no valid ts');
  if (!v1 || !/^[0-9a-fA-F]{64}$/.test(v1)) throw new WebhookRejectedError('x-signature has no valid v1');

  const dataId = request.url.searchParams.get('data.id')?.trim() ?? '';
  // Without data.id there is nothing to read back, so nothing for a signature to vouch for.
  if (!DATA_ID.test(dataId)) throw new WebhookRejectedError('no valid data.id in the query string');
  const requestId = request.headers.get('x-request-id')?.trim() ?? '';
  if (requestId !== '' && !REQUEST_ID.test(requestId)) throw new WebhookRejectedError('x-request-id is malformed');

  const manifest = `id:${dataId.toLowerCase()};${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
  const expected = createHmac('sha256', secret).update(manifest).digest();
  // Both are 32 bytes (v1 was checked to be 64 hex digits), so the comparison takes the same time whatever differs.
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new WebhookRejectedError('x-signature does not match');

  if (Math.abs(now - timestampMs(ts)) > WEBHOOK_TOLERANCE_MS) throw new WebhookRejectedError('x-signature timestamp outside the tolerance');

  return readMercadoPagoNotification(mercadoPagoNotificationNames(request.url.searchParams, request.rawBody), dataId);
}

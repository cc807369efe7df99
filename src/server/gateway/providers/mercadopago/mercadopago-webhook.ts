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

function notificationType(request: WebhookRequest): string | null {
  const fromQuery = request.url.searchParams.get('type') ?? request.url.searchParams.get('topic');
  if (fromQuery) return fromQuery;
  try {
    const body = parseJsonSafely(request.rawBody) as { type?: unknown } | null;
    return body && typeof body === 'object' && typeof body.type === 'string' ? body.type : null;
  } catch {
    return null;
  }
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

  const type = notificationType(request);
  if (type !== 'payment') return [{ kind: 'ignored', reason: `notification type ${type ?? 'absent'}` }];
  const chargeId = readId(dataId);
  if (!chargeId) return [{ kind: 'ignored', reason: 'data.id is not a payment id' }];
  // A refund or a chargeback arrives as `payment.updated` too: reading the payment back tells which.
  return [{ kind: 'charge', chargeId }];
}

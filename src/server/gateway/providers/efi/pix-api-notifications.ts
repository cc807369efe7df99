/** The standard's webhook callback, `POST {webhookUrl}/pix` with `{ pix: [Pix] }`: only names charges to read back. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { parseJsonSafely } from '../../../lib/safe-parse.ts';
import { WebhookRejectedError, type ProviderEvent, type WebhookRequest } from '../../pix-provider.ts';
import { parseWebhookPix, TXID } from './pix-api-parse.ts';
import type { PixApiProfile } from './pix-api-profile.ts';

/** How a notification proves it is the bank's, besides a client certificate the TLS terminator verified. */
interface NotificationTrust {
  /** Efí's alternative to mTLS on webhooks: the `?hmac=` of the registered URL. */
  webhookHmacSecret?: string | null;
  /** Addresses webhooks may come from in that mode; the profile's when unset. */
  allowedIps?: readonly string[] | null;
}

export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

function verifyNotification(profile: PixApiProfile, trust: NotificationTrust, request: WebhookRequest): void {
  // The TLS terminator checked the bank's client certificate (the standard's mTLS): that is enough.
  if (request.clientCertificateVerified) return;
  const secret = trust.webhookHmacSecret ?? '';
  if (secret === '') throw new WebhookRejectedError('no verified client certificate');
  const given = request.url.searchParams.get('hmac');
  if (given === null || !sameSecret(given, secret)) throw new WebhookRejectedError('hmac does not match');
  const allowed = (trust.allowedIps ?? profile.webhookIps).map(normalizeAddress);
  if (!allowed.includes(normalizeAddress(request.clientAddress))) throw new WebhookRejectedError('address not allowed');
}

/** Each charge (and each devolução) the notification names, once. Throws WebhookRejectedError. */
export function parsePixNotification(profile: PixApiProfile, trust: NotificationTrust, request: WebhookRequest): ProviderEvent[] {
  verifyNotification(profile, trust, request);
  let body: unknown;
  try {
    body = parseJsonSafely(request.rawBody);
  } catch {
    return [{ kind: 'ignored', reason: 'body is not JSON' }];
  }
  const entries = parseWebhookPix(body);
  if (!entries) return [{ kind: 'ignored', reason: 'not a pix notification' }];
  const events: ProviderEvent[] = [];
  const seen = new Set<string>();
  const add = (event: ProviderEvent, key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    events.push(event);
  };
  for (const entry of entries) {
    // A Pix without a txid was paid to the key directly, not to one of our charges.
    if (!entry.txid || !TXID.test(entry.txid)) {
      add({ kind: 'ignored', reason: 'pix without a charge txid' }, 'ignored');
      continue;
    }
    add({ kind: 'charge', chargeId: entry.txid }, `charge:${entry.txid}`);
    for (const refundId of entry.refundIds) add({ kind: 'refund', chargeId: entry.txid, refundId }, `refund:${entry.txid}:${refundId}`);
  }
  return events.length > 0 ? events : [{ kind: 'ignored', reason: 'empty pix list' }];
}

/** The standard's webhook callback, `POST {webhookUrl}/pix` with `{ pix: [Pix] }`: only names charges to read back. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { parseJsonSafely } from '../../../lib/safe-parse.ts';
import { WebhookRejectedError, type ProviderEvent, type WebhookRequest } from '../../pix-provider.ts';
import { parseWebhookPix, TXID } from './pix-api-parse.ts';
import { ID_ENVIO } from './pix-api-send.ts';
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

/**
 * Every notification body the standard documents, by the array it holds (github.com/bacen/pix-api openapi.yaml v2.9.0,
 * `WebhookPixBody`, `WebhookRecBody`, `WebhookCobRBody`, examples `pixWebhook1`, `recWebhookNotification1`,
 * `cobRWebhookNotification1`), and the `evento` Efí's registration sends (`{ "evento": "teste_webhook" }`, as integrators'
 * handlers answer it; Efí's pages show none). `pix` names our charges; Pix Automático's `recs` and `cobsr` are
 * callbacks of webhooks the shop never registers, and the registration's call is no payment.
 */
export const EFI_NOTIFICATIONS = {
  pix: 'pix',
  recs: 'known',
  cobsr: 'known',
  'evento:teste_webhook': 'known',
} as const satisfies Record<string, 'pix' | 'known'>;

const MAX_NAME_LENGTH = 100;

/** A body's name: `evento:<its value>` when it has one, else the keys it holds (the standard's bodies hold one array). */
export function efiNotificationName(body: Record<string, unknown>): string {
  if (typeof body.evento === 'string') return `evento:${body.evento}`.slice(0, MAX_NAME_LENGTH);
  const known = Object.keys(body).find((key) => Object.hasOwn(EFI_NOTIFICATIONS, key));
  return (known ?? Object.keys(body).slice(0, 5).join(',')).slice(0, MAX_NAME_LENGTH);
}

/** Each charge (and each devolução) a verified notification names, once; a body of no documented shape is unrecognised. */
export function readPixNotification(rawBody: string): ProviderEvent[] {
  let body: unknown;
  try {
    body = parseJsonSafely(rawBody);
  } catch {
    return [{ kind: 'ignored', reason: 'body is not JSON' }];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [{ kind: 'ignored', reason: 'body is not an object' }];
  const record = body as Record<string, unknown>;
  const name = efiNotificationName(record);
  if (name === '') return [{ kind: 'ignored', reason: 'empty body' }];
  const kind = Object.hasOwn(EFI_NOTIFICATIONS, name) ? EFI_NOTIFICATIONS[name as keyof typeof EFI_NOTIFICATIONS] : undefined;
  if (kind === undefined) return [{ kind: 'unrecognised', name }];
  if (kind === 'known') return [{ kind: 'ignored', reason: `notification ${name}` }];
  const entries = parseWebhookPix(record);
  if (!entries) return [{ kind: 'ignored', reason: 'pix is not a list' }];
  const events: ProviderEvent[] = [];
  const seen = new Set<string>();
  const add = (event: ProviderEvent, key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    events.push(event);
  };
  for (const entry of entries) {
    // A Pix the seller sent (an affiliate payout), by the idEnvio we gave it: read back before anything moves.
    if (entry.sent) {
      const { idEnvio, status } = entry.sent;
      if (!ID_ENVIO.test(idEnvio)) add({ kind: 'ignored', reason: 'pix sent with an idEnvio not ours' }, 'ignored-sent');
      else add({ kind: 'payout', sendId: idEnvio, announced: status === 'NAO_REALIZADO' ? 'failed' : 'settled' }, `payout:${idEnvio}`);
      continue;
    }
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

/** Verified (the bank's certificate, or Efí's `?hmac=` from its addresses), then read. Throws WebhookRejectedError. */
export function parsePixNotification(profile: PixApiProfile, trust: NotificationTrust, request: WebhookRequest): ProviderEvent[] {
  verifyNotification(profile, trust, request);
  return readPixNotification(request.rawBody);
}

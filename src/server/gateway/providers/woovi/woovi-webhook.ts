import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { text, z } from '../../../../shared/zod.ts';
import { parseJsonSafely } from '../../../lib/safe-parse.ts';
import { WebhookRejectedError, type PixSendAnnouncement, type WebhookRequest } from '../../pix-provider.ts';
import { parseDisputeReply, type WooviDispute } from './woovi-parse.ts';

/** `x-webhook-signature`: RSA-SHA256 with Woovi's key; no timestamp, a replay only re-reads (docs/payments.md#woovi). */

/** The public key on that page, as published: base64 of the PEM. */
export const WOOVI_WEBHOOK_PUBLIC_KEY =
  'LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS0KTUlHZk1BMEdDU3FHU0liM0RRRUJBUVVBQTRHTkFEQ0JpUUtCZ1FDLytOdElranpldnZxRCtJM01NdjNiTFhEdApwdnhCalk0QnNSclNkY2EzcnRBd01jUllZdnhTbmQ3amFnVkxwY3RNaU94UU84aWVVQ0tMU1dIcHNNQWpPL3paCldNS2Jxb0c4TU5waS91M2ZwNnp6MG1jSENPU3FZc1BVVUcxOWJ1VzhiaXM1WloySVpnQk9iV1NwVHZKMGNuajYKSEtCQUE4MkpsbitsR3dTMU13SURBUUFCCi0tLS0tRU5EIFBVQkxJQyBLRVktLS0tLQo=';

const MAX_SIGNATURE_LENGTH = 2048;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The key as Woovi publishes it (base64 of a PEM) or as a PEM; throws for anything that is not an RSA public key. */
export function readWebhookPublicKey(value: string): KeyObject {
  const trimmed = value.trim();
  const pem = trimmed.startsWith('-----BEGIN') ? trimmed : Buffer.from(trimmed, 'base64').toString('utf8');
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'rsa') throw new TypeError('the Woovi webhook key is not an RSA public key');
  return key;
}

function signatureMatches(rawBody: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify('sha256', Buffer.from(rawBody, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    // A signature OpenSSL cannot even read (another key's size) is no match either.
    return false;
  }
}

export function verifyWooviSignature(request: WebhookRequest, publicKey: KeyObject): void {
  const signature = request.headers.get('x-webhook-signature')?.trim() ?? '';
  if (signature === '') throw new WebhookRejectedError('no x-webhook-signature header');
  if (signature.length > MAX_SIGNATURE_LENGTH || !BASE64.test(signature))
    throw new WebhookRejectedError('x-webhook-signature is not base64');
  if (!signatureMatches(request.rawBody, signature, publicKey))
    throw new WebhookRejectedError('x-webhook-signature does not match the body');
}

/** What a verified body asks us to read back; a dispute names only the payment's end-to-end id. */
export type WooviEventRead =
  | { kind: 'charge'; chargeId: string }
  | { kind: 'refund'; chargeId: string }
  /** A refund event that names only the payment it returns (`originalTransaction`), not its charge. */
  | { kind: 'paymentRefund'; endToEndId: string }
  | { kind: 'dispute'; endToEndId: string; dispute: WooviDispute | null }
  /** A payment the seller sent (an affiliate payout), by the correlationID we gave it. */
  | { kind: 'payout'; sendId: string; announced: PixSendAnnouncement }
  | { kind: 'unrecognised'; name: string }
  | { kind: 'ignored'; reason: string };

const id = text(z.string().trim().min(1).max(200));
const WebhookBodySchema = z.object({
  /** Absent from the older payloads, such as the example on the signature page. */
  event: text(z.string().trim().min(1).max(100)).nullish().catch(null),
  charge: z.object({ correlationID: id }).nullish().catch(null),
  pix: z
    .object({ charge: z.object({ correlationID: id }).nullish().catch(null) })
    .nullish()
    .catch(null),
  dispute: z.object({ endToEndId: id }).nullish().catch(null),
  originalTransaction: z.object({ endToEndId: id }).nullish().catch(null),
  payment: z.object({ correlationID: id }).nullish().catch(null),
});

/**
 * Every event Woovi documents, by its name after the prefix: its events page lists `OPENPIX:` names
 * (developers.woovi.com/docs/webhook/webhook-events-type) while its dispute examples and panel send `woovi:`
 * ones (developers.woovi.com/docs/disputa/webhook-dispute), and the refund confirmations come with none.
 * Both prefixes are read for every event. A charge is read back; a refund reads its charge back; the
 * instant-payment (MOVEMENT_*) events are the payments the seller sends (developers.woovi.com
 * docs/webhook/examples/webhook-payment-payload: `payment.correlationID`), an affiliate payout's read back by its id.
 */
export const WOOVI_EVENTS = {
  CHARGE_CREATED: 'charge',
  CHARGE_COMPLETED: 'charge',
  CHARGE_COMPLETED_NOT_SAME_CUSTOMER_PAYER: 'charge',
  CHARGE_EXPIRED: 'charge',
  TRANSACTION_RECEIVED: 'charge',
  TRANSACTION_REFUND_RECEIVED: 'refund',
  PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED: 'refund',
  PIX_TRANSACTION_REFUND_RECEIVED_REJECTED: 'refund',
  PIX_TRANSACTION_REFUND_SENT_CONFIRMED: 'refund',
  PIX_TRANSACTION_REFUND_SENT_REJECTED: 'refund',
  DISPUTE_CREATED: 'dispute',
  DISPUTE_ACCEPTED: 'dispute',
  DISPUTE_REJECTED: 'dispute',
  DISPUTE_CANCELED: 'dispute',
  MOVEMENT_CONFIRMED: 'payoutSettled',
  MOVEMENT_FAILED: 'payoutFailed',
  MOVEMENT_REMOVED: 'payoutFailed',
} as const satisfies Record<string, 'charge' | 'refund' | 'dispute' | 'payoutSettled' | 'payoutFailed'>;

/** The event's name without `OPENPIX:` or `woovi:`, in capitals: the same event whichever way it is spelled. */
export function wooviEventName(event: string): string {
  return event.replace(/^(?:openpix|woovi):/i, '').toUpperCase();
}

export function readWooviEvent(rawBody: string): WooviEventRead {
  let json: unknown;
  try {
    json = parseJsonSafely(rawBody);
  } catch {
    return { kind: 'ignored', reason: 'body is not JSON' };
  }
  const parsed = WebhookBodySchema.safeParse(json);
  if (!parsed.success) return { kind: 'ignored', reason: 'no event' };
  const { event, charge, pix, dispute, originalTransaction, payment } = parsed.data;
  // A payment's charge is at the top, and again under `pix`; a static QR's payment has none.
  const chargeId = charge?.correlationID ?? pix?.charge?.correlationID ?? null;
  // A body without an event that names a charge is one of the older payloads: its charge is read back like any other.
  if (!event) return chargeId ? { kind: 'charge', chargeId } : { kind: 'ignored', reason: 'no event' };
  const name = wooviEventName(event);
  const kind = Object.hasOwn(WOOVI_EVENTS, name) ? WOOVI_EVENTS[name as keyof typeof WOOVI_EVENTS] : undefined;
  switch (kind) {
    case undefined:
      return { kind: 'unrecognised', name: event };
    case 'charge':
      return chargeId ? { kind, chargeId } : { kind: 'ignored', reason: `${event} without a charge` };
    case 'refund':
      if (chargeId) return { kind, chargeId };
      return originalTransaction
        ? { kind: 'paymentRefund', endToEndId: originalTransaction.endToEndId }
        : { kind: 'ignored', reason: `${event} without a charge` };
    case 'dispute':
      return dispute
        ? { kind: 'dispute', endToEndId: dispute.endToEndId, dispute: parseDisputeReply(json) }
        : { kind: 'ignored', reason: `${event} without an endToEndId` };
    case 'payoutSettled':
    case 'payoutFailed':
      return payment
        ? { kind: 'payout', sendId: payment.correlationID, announced: kind === 'payoutSettled' ? 'settled' : 'failed' }
        : { kind: 'ignored', reason: `${event} without a payment` };
  }
}

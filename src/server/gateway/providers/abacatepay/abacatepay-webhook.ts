/** AbacatePay's webhooks (pages/webhooks/security.mdx): the seller's secret, and the body signed with a public key. */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { parseJsonSafely } from '../../../lib/safe-parse.ts';
import { WebhookRejectedError, type ProviderDispute, type ProviderEvent, type WebhookRequest } from '../../pix-provider.ts';
import { readWebhookEvent } from './parse-abacatepay.ts';

/** Public and the same for every account: the signature proves the body intact, the seller's secret who sent it. */
const ABACATEPAY_WEBHOOK_KEY =
  't9dXRhHHo3yDEj5pVDYz0frf7q6bMKyMRmxxCPIPp3RCplBfXRxqlC6ZpiWmOqj4L63qEaeUOtrCI8P0VMUgo6iIga2ri9ogaHFs0WIIywSMg0q7RmBfybe1E5XJcfC4IW3alNqym0tXoAKkzvfEjZxV6bE0oG2zJrNNYmUCKZyV0KZ3JS8Votf9EAWWYdiDkMkpbMdPggfh1EqHlVkMiTady6jOR3hyzGEHrIz2Ret0xHKMbiqkr9HS1JhNHDX9';

/** Equal strings, in time that depends only on their hashes: no early exit, no length leak. */
function safeEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b)) && a === b;
}

/** The charge the event is about, to read back; throws WebhookRejectedError for a wrong secret or signature. */
export function parseAbacatepayWebhook(request: WebhookRequest, webhookSecret: string): ProviderEvent[] {
  // The secret arrives in the query string and in `X-Webhook-Secret` (pages/webhooks/security.mdx).
  const secret = request.url.searchParams.get('webhookSecret') ?? request.headers.get('x-webhook-secret');
  if (secret === null || !safeEqual(secret, webhookSecret)) throw new WebhookRejectedError('wrong or missing webhookSecret');
  const signature = request.headers.get('x-webhook-signature')?.trim() ?? '';
  const expected = createHmac('sha256', ABACATEPAY_WEBHOOK_KEY).update(request.rawBody, 'utf8').digest('base64');
  if (!safeEqual(signature, expected)) throw new WebhookRejectedError('bad X-Webhook-Signature');
  let body: unknown;
  try {
    body = parseJsonSafely(request.rawBody);
  } catch {
    return [{ kind: 'ignored', reason: 'body is not JSON' }];
  }
  const event = readWebhookEvent(body);
  if (event.kind === 'refund') return [{ kind: 'refund', chargeId: event.chargeId, refundId: null }];
  if (event.kind === 'dispute') {
    const { chargeId, state, event: name, amountCents, payer } = event.dispute;
    // AbacatePay names no dispute id, deadline or payment end-to-end id: the charge is the dispute, and is read back too.
    const dispute: ProviderDispute = {
      disputeId: chargeId,
      chargeId,
      endToEndId: null,
      amountCents,
      state,
      rawStatus: name,
      defenceDueAt: null,
      payer,
    };
    return [
      { kind: 'dispute', dispute },
      { kind: 'charge', chargeId },
    ];
  }
  return [event];
}

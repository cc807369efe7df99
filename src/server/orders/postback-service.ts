import type { Kysely } from 'kysely';
import { secretsMatch } from '../config/secrets.ts';
import type { Database } from '../db/schema.ts';
import { parsePostback } from '../gateway/postback.ts';
import { findOrderById, type OrderRow } from './orders-repository.ts';
import { requestRecheck } from './reconciliation-repository.ts';
import { claimPostbackRead, countStoredPostbacks, deferRecheck } from './postback-reads-repository.ts';
import { recordWebhookEvent } from './webhook-events-repository.ts';

/**
 * One gateway read per order per window: the secret only proves someone saw the postback URL, and a
 * loop of postbacks would spend our quota. One inside the window is read by the reconciler after it.
 */
export const POSTBACK_READ_INTERVAL_MS = 10_000;

/** Past this, a leaked secret's postbacks are still read, not stored. */
const MAX_STORED_POSTBACKS = 20;

export type PostbackOutcome =
  /** No order behind `?t=`, or the wrong secret: nothing was stored. */
  | { kind: 'rejected' }
  /** Inside the order's read window: the reconciler re-reads it once the window ends. */
  | { kind: 'deferred'; orderId: string }
  /** Stored with a re-check requested; the caller asks the gateway now with the ids it named. */
  | { kind: 'accepted'; order: OrderRow; candidateIds: string[] };

/**
 * Unsigned (docs/gateway.md#6-postbacks): the payload is a hint. `readBody` runs only once the secret
 * matched and the read window was claimed, so nothing an outsider sends is parsed before.
 */
export async function receivePostback(
  db: Kysely<Database>,
  postback: { token: string; contentType: string; readBody: () => Promise<string> },
  now: number,
): Promise<PostbackOutcome> {
  const [orderId = '', secret = ''] = postback.token.split('.', 2);
  const order = orderId ? await findOrderById(db, orderId) : undefined;
  if (!order || !secret || !secretsMatch(secret, order.postback_secret)) return { kind: 'rejected' };
  if (!(await claimPostbackRead(db, order.id, now, POSTBACK_READ_INTERVAL_MS))) {
    await deferRecheck(db, order.id, now, (order.postback_read_at ?? now) + POSTBACK_READ_INTERVAL_MS);
    return { kind: 'deferred', orderId: order.id };
  }
  const body = await postback.readBody();
  const { contentType } = postback;
  const { candidateIds } = parsePostback(body, contentType);
  if ((await countStoredPostbacks(db, order.id)) < MAX_STORED_POSTBACKS) {
    await recordWebhookEvent(db, { orderId: order.id, secretOk: true, contentType, body, candidateIds, now });
  }
  // Stored first: if the caller's re-read fails (or the process dies), the reconciler retries it.
  await requestRecheck(db, order.id, now);
  return { kind: 'accepted', order, candidateIds };
}

import type { Kysely } from 'kysely';
import { secretsMatch } from '../config/secrets.ts';
import type { Database } from '../db/schema.ts';
import { parsePostback } from '../gateway/postback.ts';
import { findOrderById, type OrderRow } from './orders-repository.ts';
import { requestRecheck } from './reconciliation-repository.ts';
import { claimPostbackRead, countStoredPostbacks, deferRecheck } from './postback-reads-repository.ts';
import { recordWebhookEvent } from './webhook-events-repository.ts';

/**
 * A valid postback makes at most one gateway read per order per this window. The secret only
 * proves someone saw the postback URL (a demo's sandbox API hands it out), and each read is a
 * request to the gateway in our name: without a bound, a loop of postbacks would spend our quota
 * there and a database write and a stored body each. Ten seconds is what a buyer's open modal
 * may cost too (POLL_RECHECK_INTERVAL_MS): a real gateway sends a few postbacks per charge,
 * minutes apart, and one that lands inside the window is read by the reconciler's first pass after
 * it ends (deferRecheck), if the buyer's modal has not seen the payment first.
 */
export const POSTBACK_READ_INTERVAL_MS = 10_000;

/**
 * Postbacks kept for audit per order. A real gateway sends a handful per charge; past this, a
 * leaked secret's postbacks (one per window, up to 16 KB each kept) are still read, not stored.
 */
const MAX_STORED_POSTBACKS = 20;

export type PostbackOutcome =
  /** No order behind `?t=`, or the wrong secret: nothing was stored. */
  | { kind: 'rejected' }
  /** Inside the order's read window: the reconciler re-reads it once the window ends. */
  | { kind: 'deferred'; orderId: string }
  /** Stored with a re-check requested; the caller asks the gateway now with the ids it named. */
  | { kind: 'accepted'; order: OrderRow; candidateIds: string[] };

/**
 * The gateway's postback (docs/gateway.md#6-postbacks), addressed by `?t={orderId}.{secret}`.
 * Postbacks are unsigned: the secret only says which order to look at, and the payload is a hint.
 * `readBody` is called only once the secret matched and the order's read window was claimed, so
 * nothing an outsider sends is read or parsed before that.
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

import type { Kysely } from 'kysely';
import { secretsMatch } from '../config/secrets.ts';
import type { Database } from '../db/schema.ts';
import { parsePostback } from '../gateway/postback.ts';
import type { OrderRow } from './orders-repository.ts';
import { requestRecheck } from './reconciliation-repository.ts';
import { claimPostbackRead, countStoredPostbacks, deferRecheck } from './postback-reads-repository.ts';
import { recordWebhookEvent, recordWebhookRejection } from './webhook-events-repository.ts';
import { findOrderById } from './order-lookup.ts';

/** One gateway read per order per window: the secret only proves someone saw the URL. */
export const POSTBACK_READ_INTERVAL_MS = 10_000;

/** Past this, a leaked secret's postbacks are still read, not stored. */
const MAX_STORED_POSTBACKS = 20;

export type PostbackOutcome =
  { kind: 'rejected' } | { kind: 'deferred'; orderId: string } | { kind: 'accepted'; order: OrderRow; candidateIds: string[] };

/** Unsigned (docs/gateway.md#6-postbacks); `readBody` runs only after the secret matched and the window was claimed. */
export async function receivePostback(
  db: Kysely<Database>,
  postback: { token: string; contentType: string; readBody: () => Promise<string> },
  now: number,
): Promise<PostbackOutcome> {
  const [orderId = '', secret = ''] = postback.token.split('.', 2);
  const order = orderId ? await findOrderById(db, orderId) : undefined;
  if (!order) return { kind: 'rejected' };
  if (!secret || !secretsMatch(secret, order.postback_secret)) {
    // A real order with the wrong secret: counted for Saúde as the other providers' failed signatures are.
    await recordWebhookRejection(db, 'tribopay', 'postback secret', now);
    return { kind: 'rejected' };
  }
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

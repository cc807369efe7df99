import { Hono } from 'hono';
import { limitBody } from '../http/http.ts';
import type { AppEnv } from './context.ts';
import { parsePostback } from '../gateway/postback.ts';
import { findOrderById, requestRecheck } from '../orders/orders-repository.ts';
import { recheckOrder } from '../orders/payment-confirmation.ts';
import { claimPostbackRead, countStoredPostbacks, deferRecheck } from '../orders/postback-reads-repository.ts';
import { recordWebhookEvent } from '../orders/webhook-events-repository.ts';
import { limits } from '../http/rate-limit.ts';
import { secretsMatch } from '../config/secrets.ts';

const ok = { received: true } as const;

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

/**
 * The gateway's postback (`postback_url` = this path with `?t={orderId}.{secret}`). Postbacks are
 * unsigned (docs/gateway.md#6-postbacks): the secret only says which order to look at, and the payload is a
 * hint. The answer is always a fast 2xx — a gateway that sees errors retries forever — and the
 * re-check at the gateway happens afterwards. The body is read only once the secret matched and
 * the order's read window is open: nothing an outsider sends is parsed before that.
 */
export const webhooksRoutes = new Hono<AppEnv>().basePath('/api/webhooks').post(
  '/gateway',
  limitBody(256 * 1024, (c) => c.json(ok, 200)),
  async (c) => {
    const { db, logger } = c.var;
    const [orderId = '', secret = ''] = (c.req.query('t') ?? '').split('.', 2);
    const order = orderId ? await findOrderById(db, orderId) : undefined;
    const secretOk = Boolean(order && secret && secretsMatch(secret, order.postback_secret));
    const now = c.var.now();
    if (!order || !secretOk) {
      // Nothing is stored for a postback we cannot tie to an order: a flood of them must not fill the
      // disk. Past the per-client limit they are not even logged.
      const decision = await c.var.limiter.consume(limits.webhookRejected, c.var.clientAddress, now);
      if (decision.allowed) logger.warn('Postback ignored: unknown order or wrong secret');
      return c.json(ok, 200);
    }
    if (!(await claimPostbackRead(db, order.id, now, POSTBACK_READ_INTERVAL_MS))) {
      await deferRecheck(db, order.id, now, (order.postback_read_at ?? now) + POSTBACK_READ_INTERVAL_MS);
      logger.debug('Postback inside the read window: re-read deferred', { order: order.id });
      return c.json(ok, 200);
    }
    const text = await c.req.text();
    const contentType = c.req.header('Content-Type') ?? '';
    const { candidateIds } = parsePostback(text, contentType);
    if ((await countStoredPostbacks(db, order.id)) < MAX_STORED_POSTBACKS) {
      await recordWebhookEvent(db, { orderId: order.id, secretOk, contentType, body: text, candidateIds, now });
    }
    // Stored first: if the re-read below fails (or the process dies), the reconciler retries it.
    await requestRecheck(db, order.id, now);
    logger.info('Postback received', { order: order.id });
    c.var.background.run('postback re-check', () => recheckOrder(c.var.checkout, order, candidateIds));
    return c.json(ok, 200);
  },
);

import { Hono } from 'hono';
import { limitBody } from '../http/http.ts';
import type { AppEnv } from './context.ts';
import { recheckOrder } from '../orders/payment-confirmation.ts';
import { receivePostback } from '../orders/postback-service.ts';
import { limits } from '../http/rate-limit.ts';

const ok = { received: true } as const;

/**
 * The gateway's postback (`postback_url` = this path with `?t={orderId}.{secret}`). The answer is
 * always a fast 2xx — a gateway that sees errors retries forever — and the re-check at the gateway
 * happens afterwards. The body is handed over unread: postback-service.ts reads it only once the
 * secret matched and the order's read window is open.
 */
export const webhooksRoutes = new Hono<AppEnv>().basePath('/api/webhooks').post(
  '/gateway',
  limitBody(256 * 1024, (c) => c.json(ok, 200)),
  async (c) => {
    const { db, logger } = c.var;
    const now = c.var.now();
    const postback = await receivePostback(
      db,
      { token: c.req.query('t') ?? '', contentType: c.req.header('Content-Type') ?? '', readBody: () => c.req.text() },
      now,
    );
    if (postback.kind === 'rejected') {
      // Nothing is stored for a postback we cannot tie to an order: a flood of them must not fill the
      // disk. Past the per-client limit they are not even logged.
      const decision = await c.var.limiter.consume(limits.webhookRejected, c.var.clientAddress, now);
      if (decision.allowed) logger.warn('Postback ignored: unknown order or wrong secret');
      return c.json(ok, 200);
    }
    if (postback.kind === 'deferred') {
      logger.debug('Postback inside the read window: re-read deferred', { order: postback.orderId });
      return c.json(ok, 200);
    }
    const { order, candidateIds } = postback;
    logger.info('Postback received', { order: order.id });
    c.var.background.run('postback re-check', () => recheckOrder(c.var.checkout, order, candidateIds));
    return c.json(ok, 200);
  },
);

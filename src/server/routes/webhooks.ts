import { Hono } from 'hono';
import { limitBody } from '../http.ts';
import type { AppEnv } from '../context.ts';
import { parsePostback } from '../gateway/postback.ts';
import { findOrderById, requestRecheck } from '../orders/orders-repository.ts';
import { recheckOrder } from '../orders/payment-confirmation.ts';
import { recordWebhookEvent } from '../orders/webhook-events-repository.ts';
import { limits } from '../rate-limit.ts';
import { secretsMatch } from '../secrets.ts';

const ok = { received: true } as const;

/**
 * The gateway's postback (`postback_url` = this path with `?t={orderId}.{secret}`). Postbacks are
 * unsigned (docs/gateway.md#6-postbacks): the secret only says which order to look at, and the payload is a
 * hint. The answer is always a fast 2xx — a gateway that sees errors retries forever — and the
 * re-check at the gateway happens afterwards.
 */
export const webhooksRoutes = new Hono<AppEnv>().post(
  '/gateway',
  limitBody(256 * 1024, (c) => c.json(ok, 200)),
  async (c) => {
    const { db, logger } = c.var;
    const text = await c.req.text();
    const contentType = c.req.header('Content-Type') ?? '';
    const { candidateIds } = parsePostback(text, contentType);

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
    await recordWebhookEvent(db, { orderId: order.id, secretOk, contentType, body: text, candidateIds, now });
    // Stored first: if the re-read below fails (or the process dies), the reconciler retries it.
    await requestRecheck(db, order.id, now);
    logger.info('Postback received', { order: order.id });
    c.var.background.run('postback re-check', () => recheckOrder(c.var.checkout, order, candidateIds));
    return c.json(ok, 200);
  },
);

import { Hono, type Context } from 'hono';
import type { ProviderId } from '../../shared/providers.ts';
import { clientCertificateVerified } from '../access/client-address.ts';
import { receiveProviderWebhook } from '../orders/provider-webhook.ts';
import { limitBody } from '../http/http.ts';
import type { AppEnv } from './context.ts';
import { recheckOrder } from '../orders/payment-confirmation.ts';
import { receivePostback } from '../orders/postback-service.ts';
import { limits } from '../http/rate-limit.ts';
import { apiErrors } from '../../content/api-errors.ts';

const ok = { received: true } as const;
// Read in the provider's panel by the seller, like every other answer of ours in Portuguese.
const unauthorized = { received: false, error: apiErrors.webhookRejected } as const;

/**
 * A fast answer; the body is read only after the secret matched. A wrong secret gets 401, so the gateway's panel shows
 * the failure to the seller (Saúde counts it too); anything we accepted gets 2xx.
 */
const tribopayPostback = [
  limitBody(256 * 1024, (c: Context<AppEnv>) => c.json(ok, 200)),
  async (c: Context<AppEnv>) => {
    const { db, logger } = c.var;
    const now = c.var.now();
    const postback = await receivePostback(
      db,
      { token: c.req.query('t') ?? '', contentType: c.req.header('Content-Type') ?? '', readBody: () => c.req.text() },
      now,
    );
    if (postback.kind === 'rejected') {
      // Nothing stored for a postback we cannot tie to an order, so a flood cannot fill the disk.
      const decision = await c.var.limiter.consume(limits.webhookRejected, c.var.clientAddress, now);
      if (decision.allowed) logger.warn('Postback refused: unknown order or wrong secret');
      return c.json(unauthorized, 401);
    }
    if (postback.kind === 'deferred') {
      logger.debug('Postback inside the read window: re-read deferred', { order: postback.orderId });
      return c.json(ok, 200);
    }
    const { order, candidateIds } = postback;
    logger.info('Postback received', { order: order.id });
    c.var.background.run('postback re-check', () => recheckOrder(c.var.orders, order, candidateIds));
    return c.json(ok, 200);
  },
] as const;

async function providerWebhook(c: Context<AppEnv>, id: ProviderId) {
  const { logger, orders } = c.var;
  const now = c.var.now();
  const result = await receiveProviderWebhook(
    orders,
    id,
    {
      url: new URL(c.req.url),
      headers: c.req.raw.headers,
      rawBody: await c.req.text(),
      clientAddress: c.var.clientAddress,
      clientCertificateVerified: clientCertificateVerified(c, c.var.config.trustedProxies),
    },
    now,
  );
  if (result.kind !== 'accepted') {
    const decision = await c.var.limiter.consume(limits.webhookRejected, c.var.clientAddress, now);
    if (result.kind === 'unknown_provider') {
      if (decision.allowed) logger.warn('Webhook ignored: provider not configured', { provider: id });
      return c.json(ok, 200);
    }
    if (decision.allowed) logger.warn('Webhook refused', { provider: id, reason: result.reason });
    return c.json(unauthorized, 401);
  }
  for (const order of result.orders) {
    logger.info('Webhook received', { provider: id, order: order.id });
    c.var.background.run('webhook re-check', () => recheckOrder(orders, order));
  }
  return c.json(ok, 200);
}

const providerRoute = (id: ProviderId) =>
  [limitBody(256 * 1024, (c: Context<AppEnv>) => c.json(ok, 200)), (c: Context<AppEnv>) => providerWebhook(c, id)] as const;

export const webhooksRoutes = new Hono<AppEnv>()
  .basePath('/api/webhooks')
  .post('/gateway', ...tribopayPostback)
  .post('/tribopay', ...tribopayPostback)
  .post('/mercadopago', ...providerRoute('mercadopago'))
  .post('/abacatepay', ...providerRoute('abacatepay'))
  .post('/efi', ...providerRoute('efi'))
  .post('/efi/pix', ...providerRoute('efi'));

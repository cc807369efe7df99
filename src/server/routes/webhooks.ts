import { Hono, type Context } from 'hono';
import { webhookPaths, type ProviderId } from '../gateway/provider-registry.ts';
import { clientCertificateVerified } from '../http/client-address.ts';
import { receiveProviderWebhook } from '../payment/provider-webhook.ts';
import { apiError, limitBody } from '../http/http.ts';
import type { AppEnv } from './context.ts';
import { recheckOrder } from '../payment/payment-confirmation.ts';
import { limits } from '../http/rate-limit.ts';
import { apiErrors } from '../../content/api-errors.ts';
import { settleAnnouncedPayout } from '../affiliates/payouts.ts';

const ok = { received: true } as const;
// Read in the provider's panel by the seller, like every other answer of ours in Portuguese.
const unauthorized = { received: false, error: apiErrors.webhookRejected } as const;

const BASE = '/api/webhooks';

/** Each provider's route and the older paths sellers registered (provider-registry.ts), to the provider they reach. */
const providerByPath: ReadonlyMap<string, ProviderId> = new Map(webhookPaths().map(({ path, id }) => [path, id]));

/** A wrong secret gets 401 so the provider's panel shows it; accepted gets 2xx at once, the re-read runs in the background. */
async function providerWebhook(c: Context<AppEnv>) {
  const id = providerByPath.get(new URL(c.req.url).pathname.slice(BASE.length + 1));
  if (!id) return apiError(c, 404, apiErrors.notFound);
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
  if (result.kind === 'deferred') {
    logger.debug('Webhook inside the read window: re-read deferred', { provider: id, order: result.orderId });
    return c.json(ok, 200);
  }
  if (result.kind !== 'accepted') {
    // Nothing stored for a webhook we cannot tie to an order or verify, so a flood cannot fill the disk.
    const decision = await c.var.limiter.consume(limits.webhookRejected, c.var.clientAddress, now);
    if (result.kind === 'unknown_provider') {
      if (decision.allowed) logger.warn('Webhook ignored: provider not configured', { provider: id });
      return c.json(ok, 200);
    }
    if (decision.allowed) logger.warn('Webhook refused', { provider: id, reason: result.reason });
    return c.json(unauthorized, 401);
  }
  for (const { order, hints } of result.orders) {
    logger.info('Webhook received', { provider: id, order: order.id });
    c.var.background.run('webhook re-check', () => recheckOrder(orders, order, hints));
  }
  // An affiliate payout's settlement: read back in the background; a send this shop never made is ignored there.
  for (const payout of result.payouts) {
    logger.info('Payout webhook received', { provider: id, payout: payout.sendId });
    c.var.background.run('payout read-back', () => settleAnnouncedPayout({ ...orders, logger }, id, payout, now));
  }
  return c.json(ok, 200);
}

const door = [limitBody(256 * 1024, (c: Context<AppEnv>) => c.json(ok, 200)), providerWebhook] as const;

/** One door, /api/webhooks/:provider; an alias of more than one segment (Efí's efi/pix) gets its own path to it. */
export const webhooksRoutes = new Hono<AppEnv>().basePath(BASE).post('/:provider', ...door);
for (const path of providerByPath.keys()) if (path.includes('/')) webhooksRoutes.post(`/${path}`, ...door);

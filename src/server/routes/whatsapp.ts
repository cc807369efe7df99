import { Hono, type Context } from 'hono';
import { apiErrors } from '../../content/api-errors.ts';
import { apiError, limitBody } from '../http/http.ts';
import { limits } from '../http/rate-limit.ts';
import { answerVerification, receiveWhatsappWebhook } from '../whatsapp/whatsapp-service.ts';
import type { AppEnv } from './context.ts';

/** docs/whatsapp.md#webhook. An unsigned POST is refused; a signed one is answered 200 at once so Meta does not retry. */
export const whatsappWebhookRoutes = new Hono<AppEnv>()
  .basePath('/api/webhooks/whatsapp')
  .get('/', (c) => {
    const challenge = answerVerification(c.var.config, {
      mode: c.req.query('hub.mode'),
      token: c.req.query('hub.verify_token'),
      challenge: c.req.query('hub.challenge'),
    });
    c.header('Cache-Control', 'no-store');
    return challenge === null ? apiError(c, 403, apiErrors.invalidRequest) : c.text(challenge, 200);
  })
  .post(
    '/',
    limitBody(1024 * 1024, (c: Context<AppEnv>) => apiError(c, 413, apiErrors.tooLarge)),
    async (c) => {
      const { logger } = c.var;
      const now = c.var.now();
      const outcome = await receiveWhatsappWebhook(
        { db: c.var.db, config: c.var.config },
        { rawBody: new Uint8Array(await c.req.arrayBuffer()), signature: c.req.header('X-Hub-Signature-256') },
        now,
      );
      if (outcome.kind === 'refused') {
        const decision = await c.var.limiter.consume(limits.webhookRejected, c.var.clientAddress, now);
        if (decision.allowed) logger.warn('WhatsApp webhook refused: missing or wrong signature');
        return apiError(c, 401, apiErrors.invalidRequest);
      }
      if (outcome.statuses > 0 || outcome.stops > 0)
        logger.info('WhatsApp webhook received', { statuses: outcome.statuses, stops: outcome.stops });
      for (const order of outcome.ended)
        logger.warn('WhatsApp not possible for the order: its messages stop, the e-mails go on', { order });
      return c.json({ received: true }, 200);
    },
  );

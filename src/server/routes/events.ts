import { visitorOf } from '../experiments/live-experiments.ts';
import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { FunnelEventSchema, MAX_EVENT_BODY_BYTES } from '../../shared/events.ts';
import { countClientEvent } from '../funnel/funnel-events.ts';
import { apiError, limitBody } from '../http/http.ts';
import { limits } from '../http/rate-limit.ts';
import type { AppEnv } from './context.ts';
import { apiErrors } from '../../content/api-errors.ts';
import { sendReply } from './api-reply.ts';

/** No cookies are read or set; only the route key is stored. */
export const eventsRoutes = new Hono<AppEnv>().basePath('/api/events').post(
  '/',
  limitBody(MAX_EVENT_BODY_BYTES, (c) => apiError(c, 400, apiErrors.eventTooLarge)),
  zValidator('json', FunnelEventSchema, (result, c) => {
    if (!result.success) return apiError(c, 400, apiErrors.invalidEvent);
  }),
  async (c) => {
    const event = c.req.valid('json');
    const decision = await c.var.limiter.consume(limits.events, c.var.clientAddress, c.var.now());
    if (!decision.allowed) return apiError(c, 429, apiErrors.tooManyRequests);
    // The version this instance serves: what the visitor saw (docs/editing.md#figures).
    await countClientEvent(c.var.db, event, c.var.offer.live.current().number);
    // A checkout begun counts for the visitor's variant of each running A/B test (docs/experiments.md).
    if (event.name === 'begin_checkout') await c.var.experiments?.countEvent(event.name, visitorOf(c));
    return sendReply(c, 'POST', null);
  },
);

import { visitorOf } from '../experiments/live-experiments.ts';
import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { FunnelEventSchema, MAX_EVENT_BODY_BYTES } from '../../shared/events.ts';
import { countClientEvent } from '../funnel/funnel-events.ts';
import { countVersionCheckout, countVersionVisitor } from '../experiments/version-visitors.ts';
import { routeKey } from '../../shared/route-lookup.ts';
import { ADMIN_COOKIE } from './admin/console.ts';
import { apiError, limitBody } from '../http/http.ts';
import { limits } from '../http/rate-limit.ts';
import type { AppEnv } from './context.ts';
import { apiErrors } from '../../content/api-errors.ts';
import { sendReply } from './api-reply.ts';

/** No cookies are set; only the route key is stored, and a page view's daily visitor id (experiments/version-visitors.ts). */
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
    const version = c.var.offer.live.current().number;
    await countClientEvent(c.var.db, event, version);
    // Its visitors in the A/B tests' unit: one a day, however often they load the page.
    if (event.name === 'page_view')
      await countVersionVisitor(c.var.db, {
        version,
        path: routeKey(event.path),
        visitor: visitorOf(c),
        consoleCookie: ADMIN_COOKIE,
        now: c.var.now(),
      });
    // A checkout begun counts once a day for the page's visitor and for the visitor's variant of each running A/B test
    // (docs/experiments.md#what-is-counted).
    if (event.name === 'begin_checkout') {
      const path = routeKey(event.path);
      await countVersionCheckout(c.var.db, { version, path, visitor: visitorOf(c), consoleCookie: ADMIN_COOKIE, now: c.var.now() });
      await c.var.experiments?.countEvent(event.name, visitorOf(c), path);
    }
    return sendReply(c, 'POST', null);
  },
);

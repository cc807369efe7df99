import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { zValidator } from '@hono/zod-validator';
import { FunnelEventSchema, MAX_EVENT_BODY_BYTES } from '../../shared/events.ts';
import { routeKey } from '../../shared/routes.ts';
import { recordFunnelEvent } from '../funnel/funnel-repository.ts';
import { apiError } from '../http.ts';
import type { AppEnv } from '../app.ts';

/** First-party funnel counting: no cookies are read or set, and only the route key is stored. */
export const eventsRoutes = new Hono<AppEnv>().post(
  '/',
  bodyLimit({
    maxSize: MAX_EVENT_BODY_BYTES,
    onError: (c) => apiError(c, 400, 'Evento grande demais.'),
  }),
  zValidator('json', FunnelEventSchema, (result, c) => {
    if (!result.success) return apiError(c, 400, 'Evento inválido.');
  }),
  async (c) => {
    const event = c.req.valid('json');
    await recordFunnelEvent(c.var.db, { name: event.name, path: routeKey(event.path) });
    return c.body(null, 204);
  },
);

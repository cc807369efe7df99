import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import type { AppEnv } from './context.ts';
import { apiError, limitBody } from '../http/http.ts';
import { recordHeartbeat } from '../live/presence.ts';
import { apiErrors } from '../../content/api-errors.ts';
import { MAX_PRESENCE_BODY_BYTES, PresenceBeatSchema } from '../../shared/presence.ts';
import { sendReply } from './api-reply.ts';

/** No cookies are read or set; only the random id and a time are stored. */
export const presenceRoutes = new Hono<AppEnv>().basePath('/api/presence').post(
  '/',
  limitBody(MAX_PRESENCE_BODY_BYTES, (c) => apiError(c, 413, apiErrors.invalidRequest)),
  zValidator('json', PresenceBeatSchema, (result, c) => {
    if (!result.success) return apiError(c, 400, apiErrors.invalidRequest);
  }),
  async (c) => {
    const { visitorId } = c.req.valid('json');
    const result = await recordHeartbeat(c.var.db, c.var.limiter, { visitorId, clientAddress: c.var.clientAddress, now: c.var.now() });
    if (result === 'rate_limited') return apiError(c, 429, apiErrors.tooManyRequests);
    c.header('Cache-Control', 'no-store');
    return sendReply(c, 'POST', null);
  },
);

import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { apiError, limitBody } from '../http.ts';
import { recordHeartbeat } from '../live/presence.ts';
import { apiErrors } from '../../content/api-errors.ts';

/**
 * A random id the tab keeps in sessionStorage (the client sends 32 hex digits). Opaque and short:
 * anything longer or with other characters is not ours.
 */
export const PresenceBeatSchema = z.object({ visitorId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

const MAX_PRESENCE_BODY_BYTES = 256;

/** The landing page's heartbeat. No cookies are read or set; only the random id and a time are stored. */
export const presenceRoutes = new Hono<AppEnv>().post(
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
    return c.body(null, 204);
  },
);

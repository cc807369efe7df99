import { Hono } from 'hono';
import type { AppEnv } from './context.ts';
import { readLiveSignals } from '../live/live-signals.ts';
import { sendReply } from './api-reply.ts';

/** docs/product.md#2-live-signals-tell-the-truth */
export const liveRoutes = new Hono<AppEnv>().basePath('/api/live').get('/', async (c) => {
  const { config, db } = c.var;
  const signals = await readLiveSignals({ db, monthlyCapacity: config.monthlyCapacity, offerEndsAt: config.offerEndsAt }, c.var.now());
  // A cached answer would show spots that are gone.
  c.header('Cache-Control', 'no-store');
  return sendReply(c, 'GET', signals);
});

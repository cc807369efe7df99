import { Hono } from 'hono';
import type { AppEnv } from './context.ts';
import { readLiveSignals } from '../live/live-signals.ts';
import { sendReply } from './api-reply.ts';

/** The landing page's live signals (docs/product.md#2-live-signals-tell-the-truth): spots left, viewers now, the offer deadline. */
export const liveRoutes = new Hono<AppEnv>().basePath('/api/live').get('/', async (c) => {
  const { config, db } = c.var;
  const signals = await readLiveSignals({ db, monthlyCapacity: config.monthlyCapacity, offerEndsAt: config.offerEndsAt }, c.var.now());
  // A cached answer would show spots that are gone; every instance answers from the database.
  c.header('Cache-Control', 'no-store');
  return sendReply(c, 'GET', signals);
});

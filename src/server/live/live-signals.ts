import type { Kysely } from 'kysely';
import type { LiveSignals } from '../../shared/live.ts';
import { businessMonth } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import { countViewers } from './presence.ts';
import { countSpotsTaken } from '../orders/order-lookup.ts';

/** Always in the future, so a countdown that reaches zero gets a real next deadline (docs/product.md#2-live-signals-tell-the-truth). */
export function chooseOfferDeadline(offerEndsAt: number | undefined, now: number): number {
  if (offerEndsAt !== undefined && offerEndsAt > now) return offerEndsAt;
  return businessMonth(now).nextStart;
}

export async function readLiveSignals(
  deps: { db: Kysely<Database>; monthlyCapacity: number; offerEndsAt: number | undefined },
  now: number,
): Promise<LiveSignals> {
  const { db, monthlyCapacity: capacity } = deps;
  const month = businessMonth(now);
  const unlimited = capacity === 0;
  const [taken, viewers] = await Promise.all([unlimited ? Promise.resolve(0) : countSpotsTaken(db, month.start), countViewers(db, now)]);
  const spotsLeft = unlimited ? null : Math.max(0, capacity - taken);
  return {
    spotsLeft,
    capacity,
    soldOut: spotsLeft === 0,
    nextBatchAt: month.nextStart,
    offerEndsAt: chooseOfferDeadline(deps.offerEndsAt, now),
    viewers,
    serverTime: now,
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { firstOrderAt, listVersionTimes } from './offer-repository.ts';
import { pricesOfVersion } from './offer-prices.ts';

const DAY_MS = 24 * 60 * 60_000;
/** "de R$ X" is honest only when X was charged for at least this long… */
const REFERENCE_MIN_DAYS = 30;
/** …within this window before the publish (the EU Omnibus Directive's model of CDC art. 37's misleading offer). */
const REFERENCE_WINDOW_DAYS = 90;

/** Time `priceCents` was live in the window; version 0 counts from the first order, never before one. */
async function msAtPrice(db: Kysely<Database>, priceCents: number, now: number): Promise<number> {
  const windowStart = now - REFERENCE_WINDOW_DAYS * DAY_MS;
  const versions = await listVersionTimes(db);
  const firstOrder = await firstOrderAt(db);
  const spans: Array<{ number: number; from: number }> = [];
  if (firstOrder !== null && (versions.length === 0 || firstOrder < versions[0]!.publishedAt)) spans.push({ number: 0, from: firstOrder });
  spans.push(...versions.map((version) => ({ number: version.number, from: version.publishedAt })));
  let total = 0;
  for (const [at, span] of spans.entries()) {
    const from = Math.max(span.from, windowStart);
    const to = Math.min(spans[at + 1]?.from ?? now, now);
    if (to <= from) continue;
    const prices = await pricesOfVersion(db, span.number);
    if (prices?.product.priceCents === priceCents) total += to - from;
  }
  return total;
}

/** Whole days of `msAtPrice` when the reference price falls short of the rule; undefined when it may be shown. */
export async function referencePriceShortfall(
  db: Kysely<Database>,
  referencePriceCents: number,
  now: number,
): Promise<{ days: number } | undefined> {
  if (referencePriceCents === 0) return undefined;
  const ms = await msAtPrice(db, referencePriceCents, now);
  return ms >= REFERENCE_MIN_DAYS * DAY_MS ? undefined : { days: Math.floor(ms / DAY_MS) };
}

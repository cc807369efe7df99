// Which variant a visitor sees: nothing stored on their device before consent (docs/experiments.md#assignment).
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { KeptVariant } from '../../shared/experiments/variant-cookie.ts';
import { businessDay, businessDayStart } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';

// Crawlers, link previews and scripts get the control and are never counted; a browser always sends a User-Agent.
const AUTOMATED =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|whatsapp|telegram|embedly|preview|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python|go-http-client|node-fetch|undici|axios|java\//i;

export function isAutomated(userAgent: string | undefined): boolean {
  return !userAgent || AUTOMATED.test(userAgent);
}

/** The console's session cookie (routes/admin/console.ts ADMIN_COOKIE): the seller's own visits are not counted. */
export function isConsoleSession(cookieHeader: string | undefined, cookieName: string): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${cookieName}=`));
}

// The day's salt, the same on every instance (the first to ask creates it), deleted two days later: no daily id of
// that day can then be recomputed from an address and a browser.
export function createDailySalt(db: Kysely<Database>) {
  let cached: { day: string; salt: string } | undefined;
  return async (now: number): Promise<{ day: string; salt: string }> => {
    const day = businessDay(now);
    if (cached?.day === day) return cached;
    await db
      .insertInto('experiment_salts')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    const row = await db.selectFrom('experiment_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    // Yesterday's salt stays for requests that straddle midnight on another instance's clock.
    await db
      .deleteFrom('experiment_salts')
      .where('day', '<', businessDay(businessDayStart(day, -1)))
      .execute();
    cached = { day, salt: row.salt };
    return cached;
  };
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest();

/** The visitor's id in one test for one day: hash(salt, address, browser, test); never the address itself. */
export function dailyVisitorId(salt: string, address: string, userAgent: string, experimentId: string): string {
  return digest(salt, address, userAgent, experimentId).toString('base64url').slice(0, 22);
}

/** The variant for a daily id: a uniform point of the id's hash laid on the weights. */
export function pickVariant(visitorId: string, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const point = (digest('variant', visitorId).readUInt32BE(0) / 2 ** 32) * total;
  let reached = 0;
  for (const [index, weight] of weights.entries()) {
    reached += weight;
    if (point < reached) return index;
  }
  return weights.length - 1;
}

/** The variant the visitor's cookie keeps for this test (set after consent), when the test has it. */
export function keptVariant(kept: readonly KeptVariant[], experimentId: string, weights: readonly number[]): number | undefined {
  const variant = kept.find((entry) => entry.experimentId === experimentId)?.variant;
  return variant !== undefined && variant < weights.length ? variant : undefined;
}

/** The visitor's variant, and whether the cookie kept it (else the day's hash drew it: an independent draw of the split). */
export function assignVariant(
  kept: readonly KeptVariant[],
  experimentId: string,
  visitorId: string,
  weights: readonly number[],
): { variant: number; kept: boolean } {
  const fromCookie = keptVariant(kept, experimentId, weights);
  return fromCookie === undefined ? { variant: pickVariant(visitorId, weights), kept: false } : { variant: fromCookie, kept: true };
}

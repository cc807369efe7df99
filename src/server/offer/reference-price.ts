import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordAudit } from '../admin/admin-audit.ts';
import { firstOrderAt } from '../reads/order-figures.ts';
import { listVersionTimes } from './offer-repository.ts';
import { pricesOfVersion } from './offer-prices.ts';

const DAY_MS = 24 * 60 * 60_000;
/** "de R$ X" is honest only when X was charged for at least this long… */
const REFERENCE_MIN_MS = 30 * DAY_MS;
/** …within this window before the publish (the EU Omnibus Directive's model of CDC art. 37's misleading offer). */
const REFERENCE_WINDOW_MS = 90 * DAY_MS;

/** When `priceCents` was live, oldest first; the live version's span is open. Version 0 counts from the first order. */
async function spansAtPrice(db: Kysely<Database>, priceCents: number): Promise<Array<{ from: number; to: number }>> {
  const versions = await listVersionTimes(db);
  const firstOrder = await firstOrderAt(db);
  const spans: Array<{ number: number; from: number }> = [];
  if (firstOrder !== null && (versions.length === 0 || firstOrder < versions[0]!.publishedAt)) spans.push({ number: 0, from: firstOrder });
  spans.push(...versions.map((version) => ({ number: version.number, from: version.publishedAt })));
  const atPrice: Array<{ from: number; to: number }> = [];
  for (const [at, span] of spans.entries()) {
    const prices = await pricesOfVersion(db, span.number);
    if (prices?.product.priceCents === priceCents) atPrice.push({ from: span.from, to: spans[at + 1]?.from ?? Infinity });
  }
  return atPrice;
}

/** Whole days `referencePriceCents` was live in the 90 before `now` when that falls short of the rule; undefined when it may be shown. */
export async function referencePriceShortfall(
  db: Kysely<Database>,
  referencePriceCents: number,
  now: number,
): Promise<{ days: number } | undefined> {
  if (referencePriceCents === 0) return undefined;
  const windowStart = now - REFERENCE_WINDOW_MS;
  let ms = 0;
  for (const span of await spansAtPrice(db, referencePriceCents))
    ms += Math.max(0, Math.min(span.to, now) - Math.max(span.from, windowStart));
  return ms >= REFERENCE_MIN_MS ? undefined : { days: Math.floor(ms / DAY_MS) };
}

/**
 * The last instant "de R$ X" stays honest: X is no longer charged, so the 90 days slide past its 30. Null for no
 * reference, or while X is being charged; 0 when it never was for 30 days.
 */
export async function referencePriceHonestUntil(db: Kysely<Database>, referencePriceCents: number): Promise<number | null> {
  if (referencePriceCents === 0) return null;
  const spans = await spansAtPrice(db, referencePriceCents);
  if (spans.some((span) => span.to === Infinity)) return null;
  // Newest first: the window's start that leaves exactly 30 days at X after it.
  let needed = REFERENCE_MIN_MS;
  for (const span of spans.reverse()) {
    if (span.to - span.from >= needed) return span.to - needed + REFERENCE_WINDOW_MS;
    needed -= span.to - span.from;
  }
  return 0;
}

/** The audit log's line, once per version however many instances withdraw it (its id is the version's). */
export async function recordReferenceWithdrawal(
  db: Kysely<Database>,
  withdrawal: { version: number; referencePriceCents: number; honestUntil: number; now: number },
): Promise<void> {
  const { days = 0 } = (await referencePriceShortfall(db, withdrawal.referencePriceCents, withdrawal.now)) ?? {};
  await recordAudit(db, {
    id: `page_reference_withdrawn.${withdrawal.version}`,
    session: 'server',
    action: 'page_reference_withdrawn',
    detail: { version: withdrawal.version, referencePriceCents: withdrawal.referencePriceCents, honestUntil: withdrawal.honestUntil, days },
    now: withdrawal.now,
  });
}

// A/B tests of the page: created, listed with their figures and verdict, stopped, decided (docs/experiments.md).
import type { Kysely } from 'kysely';
import { experimentsApi as copy, variantLetter } from '../../content/experiments.ts';
import { copyClaimRefusal, formatKilobytes, offerMessages } from '../../content/offer.ts';
import { itemPrices } from '../../content/item-prices.ts';
import { copyFindings, shopFactsOf } from '../../shared/copy-claims.ts';
import {
  MAX_EXPERIMENT_DAYS,
  type ExperimentArmFigures,
  type ExperimentCreateSchema,
  type ExperimentPage,
  type ExperimentSummary,
} from '../../shared/experiments/experiment-api.ts';
import { experimentProgress, PACE_DAYS } from '../../shared/experiments/progress.ts';
import { judgeExperiment, type ExperimentMetric } from '../../shared/experiments/verdict.ts';
import { LANDING_BUDGET_BYTES, offerSchema, type Offer } from '../../shared/offer.ts';
import { applyOfferPatch } from '../../shared/offer-patch.ts';
import { businessDay, businessDayStart } from '../../shared/time.ts';
import type { z } from '../../shared/zod.ts';
import type { Database, ExperimentsTable } from '../db/schema.ts';
import { liveVersionNumber, publishOffer, type OfferDeps, versionOffer, type PublishResult } from '../offer/offer-service.ts';
import { newId } from '../orders/ids.ts';
import { experimentFigures, experimentVisitorsSince } from './experiment-figures.ts';
import type { LiveExperiments } from './live-experiments.ts';
import { queuePushEvent } from '../outbox/push-queue.ts';
import { SHOP_ALERT_ORDER_ID } from '../orders/unrecognised-events.ts';

/** The page's versions, and the tests this instance serves (re-read at once after a change here). */
export type ExperimentDeps = OfferDeps & { experiments: LiveExperiments | undefined };

export type ExperimentInput = z.output<typeof ExperimentCreateSchema>;
export interface StoredVariant {
  weight: number;
  patch: Record<string, unknown>;
}

const DAY_MS = 86_400_000;
/** The sections a test of `/presell` may change; a test of `/` may change every other page field. */
const PRESELL_FIELDS = new Set(['presell', 'meta.presellTitle', 'meta.presellDescription']);
/** What the checkout and the orders read: the seller, the product and the bump are no page copy. */
const NOT_PAGE_COPY = new Set(['seller', 'product', 'bump']);

export function variantsOf(row: Pick<ExperimentsTable, 'variants'>): StoredVariant[] {
  return JSON.parse(row.variants) as StoredVariant[];
}

export function variantOffer(live: Offer, variant: StoredVariant): Offer {
  return applyOfferPatch(live, variant.patch);
}

/** Every amount in centavos, by its path with list positions left out: a reordered list moves none. */
function amountsOf(value: unknown, path = '', found = new Map<string, number[]>()): Map<string, number[]> {
  if (Array.isArray(value)) for (const item of value) amountsOf(item, `${path}[]`, found);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.endsWith('Cents') && typeof item === 'number')
        found.set(
          at,
          [...(found.get(at) ?? []), item].sort((a, b) => a - b),
        );
      else amountsOf(item, at, found);
    }
  return found;
}

/** The first-level (or `meta.*`) fields a patch touches. */
function touchedFields(patch: Record<string, unknown>): string[] {
  return Object.entries(patch).flatMap(([key, value]) =>
    key === 'meta' && typeof value === 'object' && value !== null ? Object.keys(value).map((field) => `meta.${field}`) : [key],
  );
}

export type CreateResult = { kind: 'created'; id: string } | { kind: 'refused'; message: string; field?: string };

/** Why a variant cannot run on `page` over the live offer, or undefined. Never a price: docs/experiments.md#never-the-price. */
async function variantRefusal(deps: ExperimentDeps, page: ExperimentPage, live: Offer, variant: StoredVariant, arm: number) {
  const letter = variantLetter(arm);
  const offer = variantOffer(live, variant);
  if (arm === 0) return Object.keys(variant.patch).length === 0 ? undefined : copy.controlChanged;
  const amounts = (of: Offer) => JSON.stringify([...amountsOf(of)].sort(([a], [b]) => a.localeCompare(b)));
  if (amounts(live) !== amounts(offer)) return copy.priceChanged;
  for (const field of touchedFields(variant.patch)) {
    const section = field.split('.')[0]!;
    if (NOT_PAGE_COPY.has(section) || (page === '/presell') !== (PRESELL_FIELDS.has(field) || section === 'presell'))
      return copy.notPageField(page);
  }
  if (JSON.stringify(offer) === JSON.stringify(live)) return copy.sameAsControl(letter);
  if (!offerSchema(offerMessages).safeParse(offer).success) return copy.invalidField(letter);
  // The live page's facts: the served offer has no "de R$" once it stopped being honest (offer/live-offer.ts).
  const [finding] = copyFindings(offer, shopFactsOf(live, Number(deps.live.publicValuesFor(offer).guaranteeDays), itemPrices));
  if (finding) return copy.copyClaim(letter, copyClaimRefusal(finding));
  const bytes = (await deps.site?.landingBytesOf(offer, deps.live.publicValuesFor(offer))) ?? 0;
  if (bytes > LANDING_BUDGET_BYTES) return copy.tooLarge(letter, formatKilobytes(bytes), formatKilobytes(LANDING_BUDGET_BYTES));
  return undefined;
}

/** A unique violation (the one running test per page), as PostgreSQL and SQLite report it. */
function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(message ?? '');
}

export async function createExperiment(deps: ExperimentDeps, input: ExperimentInput, by: string, now: number): Promise<CreateResult> {
  if (input.endsAt <= now || input.endsAt > now + MAX_EXPERIMENT_DAYS * DAY_MS)
    return { kind: 'refused', message: copy.endDate, field: 'endsAt' };
  const live = deps.live.current().offer;
  for (const [arm, variant] of input.variants.entries()) {
    const refusal = await variantRefusal(deps, input.page, live, variant, arm);
    if (refusal) return { kind: 'refused', message: refusal, field: `variants.${arm}` };
  }
  const id = newId('exp', 9);
  try {
    await deps.db
      .insertInto('experiments')
      .values({
        id,
        page: input.page,
        running_page: input.page,
        status: 'running',
        name: input.name,
        variants: JSON.stringify(input.variants),
        metric: input.metric,
        planned_lift: input.plannedLift,
        planned_visitors: input.plannedVisitors,
        starts_at: now,
        ends_at: input.endsAt,
        created_at: now,
        created_by: by,
        stopped_at: null,
        winner: null,
        winner_version: null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'refused', message: copy.alreadyRunning(input.page) };
    throw error;
  }
  await deps.experiments?.check();
  return { kind: 'created', id };
}

export function runningExperiments(db: Kysely<Database>) {
  return db.selectFrom('experiments').selectAll().where('status', '=', 'running').execute();
}

/**
 * Where a running test stands: the pace is its visitors over the last `PACE_DAYS` business days up to now (from
 * its start when later), counted per business day, so the window starts at a midnight or at the start.
 */
async function progressOf(db: Kysely<Database>, row: ExperimentsTable, figures: ExperimentArmFigures[], now: number) {
  const startsAt = Number(row.starts_at);
  const since = Math.max(startsAt, businessDayStart(businessDay(now), 1 - PACE_DAYS));
  const paceVisitors = await experimentVisitorsSince(db, row.id, businessDay(since));
  return experimentProgress({
    plannedVisitors: Number(row.planned_visitors),
    weights: variantsOf(row).map((variant) => variant.weight),
    visitors: figures.map((arm) => arm.visitors),
    paceVisitors,
    paceMs: now - since,
    now,
    endsAt: Number(row.ends_at),
  });
}

async function judgeRow(deps: Pick<ExperimentDeps, 'db'>, row: ExperimentsTable, now: number) {
  const variants = variantsOf(row);
  const figures = await experimentFigures(deps.db, row.id, variants.length);
  const judgement = judgeExperiment(
    figures.map((arm) => ({ ...arm, conversions: arm.pixPaid })),
    {
      metric: row.metric as ExperimentMetric,
      plannedVisitors: Number(row.planned_visitors),
      weights: variants.map((v) => v.weight),
      plannedLift: Number(row.planned_lift),
    },
    now > Number(row.ends_at) || row.status !== 'running',
  );
  return { figures, judgement };
}

/** A running test whose verdict is in, or that the split check holds, rings the page's editors once per verdict (docs/notifications.md). */
export async function announceVerdicts(deps: Pick<ExperimentDeps, 'db'>, now: number): Promise<void> {
  for (const row of await runningExperiments(deps.db)) {
    const { verdict } = (await judgeRow(deps, row, now)).judgement;
    if (verdict.kind === 'continue') continue;
    const event = { type: 'experiment', name: row.name, verdict: verdict.kind } as const;
    await queuePushEvent(deps.db, event, { orderId: SHOP_ALERT_ORDER_ID, key: `experiment:${row.id}:${verdict.kind}`, now });
  }
}

export async function listExperiments(deps: ExperimentDeps, now: number): Promise<ExperimentSummary[]> {
  const rows = await deps.db.selectFrom('experiments').selectAll().orderBy('created_at', 'desc').limit(50).execute();
  return Promise.all(
    rows.map(async (row) => {
      const variants = variantsOf(row);
      const metric = row.metric as ExperimentMetric;
      const { figures, judgement } = await judgeRow(deps, row, now);
      return {
        id: row.id,
        page: row.page as ExperimentPage,
        name: row.name,
        status: row.status,
        variants,
        metric,
        plannedLift: Number(row.planned_lift),
        plannedVisitors: Number(row.planned_visitors),
        startsAt: Number(row.starts_at),
        endsAt: Number(row.ends_at),
        stoppedAt: row.stopped_at === null ? null : Number(row.stopped_at),
        winner: row.winner === null || row.status === 'chosen' ? null : Number(row.winner),
        chosen: row.winner === null || row.status !== 'chosen' ? null : Number(row.winner),
        winnerVersion: row.winner_version === null ? null : Number(row.winner_version),
        figures,
        judgement,
        progress: row.status === 'running' ? await progressOf(deps.db, row, figures, now) : null,
      };
    }),
  );
}

export type StopResult = { kind: 'stopped' } | { kind: 'not_found' } | { kind: 'not_running' };

export async function stopExperiment(deps: ExperimentDeps, id: string, now: number): Promise<StopResult> {
  const updated = await deps.db
    .updateTable('experiments')
    .set({ status: 'stopped', running_page: null, stopped_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    const found = await deps.db.selectFrom('experiments').select('id').where('id', '=', id).executeTakeFirst();
    return found ? { kind: 'not_running' } : { kind: 'not_found' };
  }
  await deps.experiments?.check();
  return { kind: 'stopped' };
}

export type WinnerResult =
  | { kind: 'published'; number: number }
  | { kind: 'not_found' }
  /** A winner was declared already: its version is in the history. */
  | { kind: 'decided' }
  | { kind: 'no_such_variant' }
  | { kind: 'no_evidence' }
  | { kind: 'refused'; result: PublishResult };

// "Declarar vencedor": the winner's offer is published through the editor's publish path (price checks, budget); a
// version the verdict does not name goes live only as the seller's typed choice, recorded as such, never as a winner.
export async function declareWinner(
  deps: ExperimentDeps,
  input: { id: string; variant: number; withoutEvidence: boolean; session: string; now: number },
): Promise<WinnerResult> {
  const row = await deps.db.selectFrom('experiments').selectAll().where('id', '=', input.id).executeTakeFirst();
  if (!row) return { kind: 'not_found' };
  if (row.status === 'decided' || row.status === 'chosen') return { kind: 'decided' };
  const variant = variantsOf(row)[input.variant];
  if (!variant) return { kind: 'no_such_variant' };
  const { verdict } = (await judgeRow(deps, row, input.now)).judgement;
  const proven = verdict.kind === 'winner' && verdict.arm === input.variant;
  if (!proven && !input.withoutEvidence) return { kind: 'no_evidence' };
  const baseNumber = await liveVersionNumber(deps.db);
  const live = (await versionOffer(deps, baseNumber)) ?? deps.live.current().offer;
  const result = await publishOffer(deps, { offer: variantOffer(live, variant), baseNumber, session: input.session, now: input.now });
  if (result.kind !== 'published') return { kind: 'refused', result };
  await deps.db
    .updateTable('experiments')
    .set({
      status: proven ? 'decided' : 'chosen',
      running_page: null,
      stopped_at: row.stopped_at ?? input.now,
      winner: input.variant,
      winner_version: result.number,
    })
    .where('id', '=', input.id)
    .execute();
  await deps.experiments?.check();
  return { kind: 'published', number: result.number };
}

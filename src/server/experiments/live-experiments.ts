// The A/B tests this instance serves: each variant prerendered as the page is, one picked per request (docs/experiments.md#serving).
import type { Kysely } from 'kysely';
import type { ExperimentPage } from '../../shared/experiments/experiment-api.ts';
import type { Database } from '../db/schema.ts';
import { pageFile, type RenderedSite, type Site } from '../http/site.ts';
import type { Background } from '../lib/background.ts';
import type { Logger } from '../lib/logger.ts';
import type { LiveOffer } from '../offer/live-offer.ts';
import { keptVariants, parseMark } from '../../shared/experiments/variant-cookie.ts';
import { assignVariant, createDailySalt, dailyVisitorId, isAutomated, isConsoleSession, keptVariant } from './assignment.ts';
import { recordOrderVariants } from '../links/order-experiments.ts';
import { countCheckoutBegun, countExperimentVisitor, countedVariant } from './experiment-figures.ts';
import { runningExperiments, variantOffer, variantsOf } from './experiment-service.ts';

type Page = NonNullable<ReturnType<Site['page']>>;

/** Who asks: what the assignment reads, nothing more. */
export interface Visitor {
  address: string;
  userAgent: string | undefined;
  cookie: string | undefined;
}

export function visitorOf(c: { var: { clientAddress: string }; req: { header(name: string): string | undefined } }): Visitor {
  return { address: c.var.clientAddress, userAgent: c.req.header('User-Agent'), cookie: c.req.header('Cookie') };
}

interface ServedTest {
  id: string;
  page: ExperimentPage;
  file: string;
  weights: number[];
  endsAt: number;
  /** Each variant's pages, in the variants' order; rendered from `liveNumber` over `base` (a refill of a slot re-renders). */
  sites: RenderedSite[];
  liveNumber: number;
  base: Page | undefined;
  variantsJson: string;
}

export interface LiveExperiments {
  /** Reads the running tests and renders any whose variants or live page changed. */
  check(): Promise<void>;
  /** The variant's document for a page under test, or undefined (no test, a bot, the seller, or not rendered yet). */
  choose(file: string, visitor: Visitor): Promise<{ page: Page; testing: true } | { page: undefined; testing: boolean }>;
  /** A client event counted for each running test under the visitor's variant: `begin_checkout`, once a visitor-day. */
  countEvent(name: string, visitor: Visitor, path: string): Promise<void>;
  /**
   * Counts a new order for each running test its buyer is in, under one variant each (links/order-experiments.ts): its page's mark
   * (`data-experiment`) if valid, then each other test's by the cookie or today's count.
   */
  attributeOrder(orderId: string, mark: string | undefined, visitor: Visitor): Promise<void>;
}

// Long: the served tests, their renders and the serial queue are one closure its four methods share.
export function createLiveExperiments(deps: {
  db: Kysely<Database>;
  site: Site;
  live: LiveOffer;
  logger: Logger;
  background: Background;
  now: () => number;
  consoleCookie: string;
}): LiveExperiments {
  let served: ServedTest[] = [];
  const salt = createDailySalt(deps.db);
  let queue: Promise<void> = Promise.resolve();

  const render = async (row: Awaited<ReturnType<typeof runningExperiments>>[number], file: string): Promise<ServedTest> => {
    const { number, offer } = deps.live.current();
    const base = deps.site.page(file);
    const variants = variantsOf(row);
    const sites: RenderedSite[] = [];
    for (const [index, variant] of variants.entries()) {
      const patched = variantOffer(offer, variant);
      sites.push(await deps.site.renderOffer(patched, deps.live.publicValuesFor(patched), `${row.id}.${index}`));
    }
    const page = row.page as ExperimentPage;
    return {
      id: row.id,
      page,
      file,
      weights: variants.map((v) => v.weight),
      endsAt: Number(row.ends_at),
      sites,
      liveNumber: number,
      base,
      variantsJson: row.variants,
    };
  };

  const check = () => {
    const next = queue.then(async () => {
      const rows = await runningExperiments(deps.db);
      const kept: ServedTest[] = [];
      for (const row of rows) {
        const file = pageFile(row.page);
        const old = served.find((test) => test.id === row.id);
        const fresh =
          old && old.liveNumber === deps.live.current().number && old.base === deps.site.page(file) && old.variantsJson === row.variants;
        kept.push(fresh ? old : await render(row, file));
      }
      served = kept;
    });
    queue = next.catch((error: unknown) =>
      deps.logger.warn('A/B test variants not rendered', { error: error instanceof Error ? error.message : String(error) }),
    );
    return queue;
  };

  /** The variant of each running test for this visitor, or null when they are not in tests (a bot, the seller). */
  const assign = async (visitor: Visitor) => {
    if (isAutomated(visitor.userAgent) || isConsoleSession(visitor.cookie, deps.consoleCookie)) return null;
    const now = deps.now();
    const tests = served.filter((test) => now < test.endsAt);
    if (tests.length === 0) return [];
    const { day, salt: daySalt } = await salt(now);
    const kept = keptVariants(visitor.cookie);
    return tests.map((test) => {
      const visitorId = dailyVisitorId(daySalt, visitor.address, visitor.userAgent!, test.id);
      return { test, day, visitorId, ...assignVariant(kept, test.id, visitorId, test.weights) };
    });
  };

  return {
    check,
    async choose(file, visitor) {
      const testing = served.some((test) => test.file === file && deps.now() < test.endsAt);
      if (!testing) return { page: undefined, testing };
      const assigned = (await assign(visitor))?.find(({ test }) => test.file === file);
      if (!assigned) return { page: undefined, testing };
      const { test, day, visitorId, variant, kept } = assigned;
      const page = test.sites[variant]?.pages.get(file);
      if (!page) return { page: undefined, testing };
      deps.background.run('A/B test visitor', () =>
        countExperimentVisitor(deps.db, { experimentId: test.id, day, visitor: visitorId, variant, kept }),
      );
      return { page, testing: true };
    },
    async countEvent(name, visitor, path) {
      if (name !== 'begin_checkout') return;
      for (const { test, day, visitorId, variant, kept } of (await assign(visitor)) ?? [])
        await countCheckoutBegun(deps.db, {
          experimentId: test.id,
          day,
          visitor: visitorId,
          variant,
          kept,
          onTestedPage: test.page === path,
        });
    },
    async attributeOrder(orderId, mark, visitor) {
      const named = parseMark(mark ?? '');
      const test = named && served.find((candidate) => candidate.id === named.experimentId);
      const variants = test && named.variant < test.weights.length ? [named] : [];
      const kept = keptVariants(visitor.cookie);
      for (const { test: other, day, visitorId } of (await assign(visitor)) ?? []) {
        if (variants.some((entry) => entry.experimentId === other.id)) continue;
        const variant =
          keptVariant(kept, other.id, other.weights) ??
          (await countedVariant(deps.db, { experimentId: other.id, day, visitor: visitorId }));
        if (variant !== undefined) variants.push({ experimentId: other.id, variant });
      }
      await recordOrderVariants(deps.db, orderId, variants);
    },
  };
}

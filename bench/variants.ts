import { userAgents } from 'lighthouse/core/config/constants.js';
import type { ExperimentPage } from '../src/shared/experiments/experiment-api.ts';
import { offerPatch } from '../src/shared/offer-patch.ts';
import type { AdminPageState, Offer } from '../src/shared/offer.ts';
import { signInToConsole } from '../tests/support/clients.ts';
import { consoleRequest, headlineOffer, reorderedOffer } from './page-edit.ts';

/**
 * The A/B tests the Lighthouse section measures every variant of (docs/experiments.md#the-bench), started through the
 * console's API as the console sends them: on `/` the build's page, the edit's headline and FAQ answer, and the
 * reordered layout with the FAQ hidden; on `/presell` the build's page and another headline.
 */
const PRESELL_HEADLINE = 'Quer pagar menos nos seus apps de todo mês?';
const DAY = 86_400_000;
/** Tags tried per variant before giving up: each lands on a variant with the probability of its weight. */
const MAX_PROBES = 200;

function presellOffer(live: Offer): Offer {
  const offer = structuredClone(live);
  offer.presell.headline = PRESELL_HEADLINE;
  return offer;
}

const TESTS: ReadonlyArray<{ page: ExperimentPage; variants: ReadonlyArray<(live: Offer) => Offer> }> = [
  { page: '/', variants: [(live) => live, headlineOffer, reorderedOffer] },
  { page: '/presell', variants: [(live) => live, presellOffer] },
];

export interface BenchVariant {
  /** `/ B`, `/presell A`… */
  name: string;
  page: ExperimentPage;
  url: string;
  /** `<test>.<variant>`, as the document's `<html data-experiment>` names it. */
  mark: string;
  /** Lighthouse's phone User-Agent with a tag, one the server assigns this variant today. */
  userAgent: string;
}

/** The `data-experiment` of a document's `<html>`: the variant the server sent. */
export const servedMark = (html: string) => /<html[^>]* data-experiment="([^"]+)"/.exec(html)?.[1];

/**
 * The server picks a variant from a hash of the day's salt, the address and the User-Agent
 * (docs/experiments.md#assignment): from one address, the bench tags Lighthouse's User-Agent until each variant is hit.
 */
async function userAgentPerVariant(url: string, experimentId: string, count: number): Promise<string[]> {
  const found: string[] = [];
  for (let tag = 0; tag < MAX_PROBES && found.filter(Boolean).length < count; tag++) {
    const userAgent = `${userAgents.mobile} vitrine-bench/${tag}`;
    const mark = servedMark(await (await fetch(url, { headers: { 'User-Agent': userAgent } })).text());
    const variant = Number(mark?.split('.')[1]);
    if (mark?.startsWith(`${experimentId}.`) && found[variant] === undefined) found[variant] = userAgent;
  }
  if (found.filter(Boolean).length < count) throw new Error(`${url}: ${MAX_PROBES} User-Agents did not reach every variant`);
  return found;
}

/** Starts the tests (an even split, a week long) and finds each variant's User-Agent; `stop` ends them. */
export async function startBenchExperiments(url: string, password: string): Promise<{ variants: BenchVariant[]; stop(): Promise<void> }> {
  const cookie = await signInToConsole(url, password);
  const { live } = await consoleRequest<AdminPageState>(url, cookie, '/page');
  const started: string[] = [];
  const variants: BenchVariant[] = [];
  const stop = async () => {
    for (const id of started) await consoleRequest(url, cookie, `/experiments/${id}/stop`, {});
  };
  try {
    for (const test of TESTS) {
      const { id } = await consoleRequest<{ id: string }>(url, cookie, '/experiments', {
        page: test.page,
        name: `Bench ${test.page}`,
        variants: test.variants.map((change) => ({ weight: 1, patch: offerPatch(change(live.offer), live.offer) ?? {} })),
        metric: 'revenue',
        plannedVisitors: 20_000,
        endsAt: Date.now() + 7 * DAY,
      });
      started.push(id);
      const pageUrl = `${url}${test.page}`;
      const found = await userAgentPerVariant(pageUrl, id, test.variants.length);
      for (const [index, userAgent] of found.entries()) {
        variants.push({
          name: `${test.page} ${String.fromCharCode(65 + index)}`,
          page: test.page,
          url: pageUrl,
          mark: `${id}.${index}`,
          userAgent,
        });
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { variants, stop };
}

import type { Kysely } from 'kysely';
import { offerDefaults } from '../../content/offer.ts';
import type { Offer } from '../../shared/offer.ts';
import type { PublicConfig } from '../../shared/public-config.ts';
import type { Database } from '../db/schema.ts';
import type { RenderedSite, Site } from '../http/site.ts';
import type { Logger } from '../lib/logger.ts';
import { findVersion, liveVersionNumber, parseStoredOffer } from './offer-repository.ts';
import { recordReferenceWithdrawal, referencePriceHonestUntil } from './reference-price.ts';

/** A version published on another instance is served here within this (docs/editing.md#several-instances). */
export const OFFER_CHECK_MS = 1_000;

export interface ServedOffer {
  number: number;
  offer: Offer;
}

export interface LiveOffer {
  /** What this instance serves now: the live offer for every reader of prices and names. */
  current(): ServedOffer;
  /** Reads the live version's number and, when it is newer than the one served, renders and swaps it in. */
  check(): Promise<void>;
  /** A version this instance just published, rendered already: swapped in unless a newer one is served. */
  adopt(served: ServedOffer, rendered: RenderedSite): Promise<void>;
  /** The pages' public values for an offer (the seller's identity where no variable is set). */
  publicValuesFor(offer: Offer): PublicConfig;
}

/** The page without "de R$ X": what it prints once X is no longer honest (offer/reference-price.ts). */
const withoutReference = (offer: Offer): Offer => ({ ...offer, product: { ...offer.product, referencePriceCents: 0 } });

/**
 * Numbers only grow, so a slow render of an older version never replaces a newer one. A reference price is withdrawn
 * by the same render and swap at the check after it lapses: the checks run every second on every instance, and a
 * timer set weeks ahead would outlive Node's limit for one (about 24.8 days).
 */
export function createLiveOffer(deps: {
  db: Kysely<Database>;
  site: Site | undefined;
  logger: Logger;
  now: () => number;
  publicValuesFor: (offer: Offer) => PublicConfig;
}): LiveOffer {
  /** `stored`: the version as published, reference included; `honestUntil`: when that reference lapses. */
  let served: ServedOffer & { stored: Offer; honestUntil: number | null } = {
    number: 0,
    offer: offerDefaults,
    stored: offerDefaults,
    honestUntil: null,
  };
  let queue: Promise<void> = Promise.resolve();
  const serially = (work: () => Promise<void>) => {
    const next = queue
      .then(work)
      .catch((error: unknown) =>
        deps.logger.warn('Published page not rendered', { error: error instanceof Error ? error.message : String(error) }),
      );
    queue = next;
    return next;
  };
  const lapsed = (honestUntil: number | null) => honestUntil !== null && deps.now() > honestUntil;
  /** Swaps in `stored` (`rendered` already when this instance published it), without a reference no longer honest. */
  const serve = async (number: number, stored: Offer, rendered?: RenderedSite) => {
    const { referencePriceCents } = stored.product;
    const honestUntil = await referencePriceHonestUntil(deps.db, referencePriceCents);
    const withdrawn = lapsed(honestUntil);
    const offer = withdrawn ? withoutReference(stored) : stored;
    if (deps.site) deps.site.swap(rendered && !withdrawn ? rendered : await deps.site.renderOffer(offer, deps.publicValuesFor(offer)));
    if (withdrawn) {
      // Before `served` moves on: an audit line that failed is tried again at the next check.
      await recordReferenceWithdrawal(deps.db, { version: number, referencePriceCents, honestUntil: honestUntil!, now: deps.now() });
      deps.logger.info('Reference price withdrawn from the page', { version: number, referencePriceCents });
    }
    served = { number, offer, stored, honestUntil };
  };
  return {
    current: () => served,
    publicValuesFor: deps.publicValuesFor,
    check: () =>
      serially(async () => {
        const number = await liveVersionNumber(deps.db);
        if (number <= served.number) {
          if (served.offer.product.referencePriceCents !== 0 && lapsed(served.honestUntil)) await serve(served.number, served.stored);
          return;
        }
        const version = await findVersion(deps.db, number);
        if (!version) return;
        await serve(number, parseStoredOffer(version.content));
        deps.logger.info('Page version served', { version: number });
      }),
    adopt: (next, rendered) =>
      serially(async () => {
        if (next.number > served.number) await serve(next.number, next.offer, rendered);
      }),
  };
}

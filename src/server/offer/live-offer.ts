import type { Kysely } from 'kysely';
import { offerDefaults, offerMessages } from '../../content/offer.ts';
import { offerFromStored, type Offer } from '../../shared/offer.ts';
import type { PublicConfig } from '../../shared/public-config.ts';
import type { Database } from '../db/schema.ts';
import type { RenderedSite, Site } from '../http/site.ts';
import type { Logger } from '../lib/logger.ts';
import { findVersion, liveVersionNumber } from './offer-repository.ts';

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

export function parseStoredOffer(content: string): Offer {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    value = {};
  }
  return offerFromStored(value, offerDefaults, offerMessages);
}

/** Numbers only grow, so a slow render of an older version never replaces a newer one. */
export function createLiveOffer(deps: {
  db: Kysely<Database>;
  site: Site | undefined;
  logger: Logger;
  publicValuesFor: (offer: Offer) => PublicConfig;
}): LiveOffer {
  let served: ServedOffer = { number: 0, offer: offerDefaults };
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
  return {
    current: () => served,
    publicValuesFor: deps.publicValuesFor,
    check: () =>
      serially(async () => {
        const number = await liveVersionNumber(deps.db);
        if (number <= served.number) return;
        const version = await findVersion(deps.db, number);
        if (!version) return;
        const offer = parseStoredOffer(version.content);
        if (deps.site) deps.site.swap(await deps.site.renderOffer(offer, deps.publicValuesFor(offer)));
        served = { number, offer };
        deps.logger.info('Page version served', { version: number });
      }),
    adopt: (next, rendered) =>
      serially(async () => {
        if (next.number <= served.number) return;
        deps.site?.swap(rendered);
        served = next;
      }),
  };
}

import { Fragment } from 'react';
import { paths } from '../../shared/routes.ts';
import { startTracking, track } from '../lib/analytics.ts';
import { captureAttribution } from '../lib/attribution.ts';
import { hydrateIslands, mountRoot, type IslandRegistry } from '../lib/hydrate-islands.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { hasAnyTracker } from '../lib/tracker-events.ts';
import { PresellCta } from '../presell/presell-cta.tsx';

/**
 * The pre-sell page in the browser: the prerendered HTML stays as it is and only its button is
 * hydrated, as on the landing page (docs/decisions/0004-landing-islands.md). A tap that came before
 * is replayed once it is live (lib/early-clicks.ts).
 */
const registry: IslandRegistry = { 'presell-cta': async () => PresellCta };

export function startPresellPage(): void {
  // The first page of a visit from an ad keeps its campaign parameters for the checkout.
  captureAttribution();
  hydrateIslands(registry, Fragment);
  startTracking();
  track('page_view', { page_path: paths.presell });
  if (hasAnyTracker(getPublicConfig().trackers)) {
    void import('../consent/cookie-notice.tsx').then(({ CookieNotice }) => mountRoot(<CookieNotice />));
  }
}

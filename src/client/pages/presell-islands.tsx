import { Fragment } from 'react';
import { paths } from '../../shared/routes.ts';
import { mountRoot, type IslandRegistry } from '../lib/hydrate-islands.tsx';
import { prefetchLandingPage } from '../lib/prefetch-page.ts';
import { PresellCta } from '../presell/presell-cta.tsx';
import { startIslandsPage } from './islands-start.tsx';

/**
 * The pre-sell page in the browser: the prerendered HTML stays as it is and only its button is
 * hydrated, as on the landing page (docs/decisions/0004-landing-islands.md). A tap that came before
 * is replayed once it is live (lib/early-clicks.ts). Its one way on is the landing page: the browser
 * fetches that document once this page is loaded, so the tap opens it without waiting for the
 * network.
 */
const registry: IslandRegistry = { 'presell-cta': async () => PresellCta };

export function startPresellPage(): void {
  startIslandsPage({
    path: paths.presell,
    registry,
    Frame: Fragment,
    mount: mountRoot,
    later: [prefetchLandingPage],
  });
}

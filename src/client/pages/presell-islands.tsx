import { Fragment } from 'react';
import { paths } from '../../shared/routes.ts';
import { mountRoot, type IslandRegistry } from '../lib/hydrate-islands.tsx';
import { PresellCta } from '../presell/presell-cta.tsx';
import { startIslandsPage } from './islands-start.tsx';

/**
 * The pre-sell page in the browser: the prerendered HTML stays as it is and only its button is
 * hydrated, as on the landing page (docs/decisions/0004-landing-islands.md). A tap that came before
 * is replayed once it is live (lib/early-clicks.ts).
 */
const registry: IslandRegistry = { 'presell-cta': async () => PresellCta };

export function startPresellPage(): void {
  startIslandsPage({ path: paths.presell, registry, Frame: Fragment, mount: mountRoot });
}

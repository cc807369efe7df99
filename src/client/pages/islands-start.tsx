import type { ComponentType, ReactNode } from 'react';
import { startTracking, track } from '../lib/analytics.ts';
import { captureAttribution } from '../lib/attribution.ts';
import { hydrateIslands, type IslandRegistry } from '../lib/hydrate-islands.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { hasAnyTracker } from '../lib/tracker-events.ts';

/**
 * What every page hydrated island by island does at start (the landing and pre-sell pages): keep
 * the visit's campaign parameters, hydrate the islands, count the page view, and ask about cookies
 * where a tracker is configured (the notice is a client-only root that `mount` renders).
 */
export function startIslandsPage(options: {
  path: string;
  registry: IslandRegistry;
  Frame: ComponentType<{ children: ReactNode }>;
  mount: (notice: ReactNode) => void;
}): void {
  captureAttribution();
  hydrateIslands(options.registry, options.Frame);
  startTracking();
  track('page_view', { page_path: options.path });
  if (hasAnyTracker(getPublicConfig().trackers)) {
    void import('../consent/cookie-notice.tsx').then(({ CookieNotice }) => options.mount(<CookieNotice />));
  }
}

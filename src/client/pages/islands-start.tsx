import type { ComponentType, ReactNode } from 'react';
import { startTracking, track } from '../lib/analytics.ts';
import { captureAttribution } from '../lib/attribution.ts';
import { hydrateIslands, type IslandRegistry } from '../lib/hydrate-islands.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { startInTasks } from '../lib/start-in-tasks.ts';
import { hasAnyTracker } from '../lib/tracker-events.ts';

/**
 * What every page hydrated island by island does at start (the landing and pre-sell pages): hydrate
 * the islands, then keep the visit's campaign parameters and count the page view, ask about cookies
 * where a tracker is configured (the notice is a client-only root that `mount` renders), and run the
 * page's own `later` steps. The islands come first, so what a visitor may tap is live soonest; the
 * rest follows in tasks of their own (lib/start-in-tasks.ts). Nothing reads the campaign parameters
 * before an order is created, long after.
 */
export function startIslandsPage(options: {
  path: string;
  registry: IslandRegistry;
  Frame: ComponentType<{ children: ReactNode }>;
  mount: (notice: ReactNode) => void;
  later?: ReadonlyArray<() => void>;
}): void {
  hydrateIslands(options.registry, options.Frame);
  startInTasks([
    () => {
      captureAttribution();
      startTracking();
      track('page_view', { page_path: options.path });
    },
    () => {
      if (!hasAnyTracker(getPublicConfig().trackers)) return;
      void import('../consent/cookie-notice.tsx').then(({ CookieNotice }) => options.mount(<CookieNotice />));
    },
    ...(options.later ?? []),
  ]);
}

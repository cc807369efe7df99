import type { ComponentType, ReactNode } from 'react';
import { startTracking, track } from '../lib/analytics.ts';
import { captureAttribution } from '../lib/attribution.ts';
import { hydrateIslands, type IslandRegistry, type PlainIsland } from '../lib/hydrate-islands.tsx';
import type { IslandName } from '../lib/island.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { withRestOfStylesheet } from '../lib/rest-of-stylesheet.ts';
import { startInTasks } from '../lib/start-in-tasks.ts';
import { hasAnyTracker } from '../lib/tracker-events.ts';

/**
 * What every page hydrated island by island does at start (the landing and pre-sell pages): keep
 * the visit's campaign parameters and count the page view, then, each in a task of its own
 * (lib/start-in-tasks.ts), hydrate the islands, ask about cookies where a tracker is configured
 * (the notice is a client-only root that `mount` renders) and run the page's own `later` steps.
 * What records the visit comes first, so no tap can take the visitor to the next page before it:
 * a tap inside an island is held until that island is live (lib/early-clicks.ts).
 */
export function startIslandsPage(options: {
  path: string;
  registry: IslandRegistry;
  /** Islands made live without React (lib/hydrate-islands.tsx). */
  plain?: Partial<Record<IslandName, PlainIsland>>;
  Frame: ComponentType<{ children: ReactNode }>;
  mount: (notice: ReactNode) => void;
  later?: ReadonlyArray<() => void>;
}): void {
  captureAttribution();
  startTracking();
  track('page_view', { page_path: options.path });
  startInTasks([
    () => hydrateIslands(options.registry, options.Frame, options.plain),
    () => {
      if (!hasAnyTracker(getPublicConfig().trackers)) return;
      void withRestOfStylesheet(() => import('../consent/cookie-notice.tsx')).then(({ CookieNotice }) => options.mount(<CookieNotice />));
    },
    ...(options.later ?? []),
  ]);
}

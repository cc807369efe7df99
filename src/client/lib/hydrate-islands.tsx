import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { IconSymbolsInPage } from '../ui/icon.tsx';
import { EARLY_CLICK_EVENT, markPageLive, takeEarlyClick } from './early-clicks.ts';
import { whenIdle } from './idle.ts';
import { islandIdentifierPrefix, type IslandName, type IslandProps, type IslandStrategy } from './island.tsx';

/**
 * The browser side of the islands (see lib/island.tsx): finds each `[data-island]` of the
 * prerendered page and hydrates it as its own React root when its strategy says so — or at once
 * when the visitor taps inside it, replaying that tap afterwards. Static sections are never
 * touched: React does not know they exist.
 */

// Island props are plain JSON decided by the prerenderer; each loader returns the matching component.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props type; the registry cannot name them all
export type IslandRegistry = Partial<Record<IslandName, () => Promise<ComponentType<any>>>>;

/**
 * An island made live without React: a few listeners on the prerendered HTML, so a tap on it runs
 * no React event dispatch (the landing page's buy buttons, whose tap opens the checkout: the tap's
 * INP, docs/benchmarks.md). It is called once for each such island at the page's start, whatever
 * the island's `data-when`, and the island counts as live from then on; `hydrate` gives it to React,
 * through the registry's component, when what it shows changes (e.g. sold out).
 */
export type PlainIsland = (element: HTMLElement, hydrate: () => Promise<void>) => void;

/** Starts `visible` islands a little before they scroll into view. */
const VISIBLE_MARGIN = '200px';

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  // Children's effects run first: once this runs, the whole island is live.
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Once the visitor scrolls (or the page opens already scrolled, as on a reload mid-page). */
function whenScrolled(callback: () => void): void {
  if (window.scrollY > 0) return callback();
  window.addEventListener('scroll', callback, { once: true, passive: true });
}

/** A client-only root at the end of <body> (nothing prerendered to hydrate): dialogs, notices. */
export function mountRoot(children: ReactNode): void {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <IconSymbolsInPage>{children}</IconSymbolsInPage>
    </StrictMode>,
  );
}

let hydrateOnDemand: ((element: HTMLElement) => Promise<void>) | null = null;

/**
 * Hydrates the page's island `name` now (a `demand` island: the checkout), once `hydrateIslands`
 * has started; resolves once it is live (or failed to load), or at once when the page has none.
 */
export function hydrateIsland(name: IslandName): Promise<void> {
  const element = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
  return element && hydrateOnDemand ? hydrateOnDemand(element) : Promise.resolve();
}

export function hydrateIslands(
  registry: IslandRegistry,
  Frame: ComponentType<{ children: ReactNode }>,
  plain: Partial<Record<IslandName, PlainIsland>> = {},
): void {
  // Dialogs and notices rendered by this script sit outside the islands: their buttons are live.
  markPageLive();
  const hydrations = new Map<Element, Promise<void>>();

  const hydrate = (element: HTMLElement): Promise<void> => {
    const started = hydrations.get(element);
    if (started) return started;
    const name = element.dataset.island as IslandName;
    const props = JSON.parse(element.dataset.props ?? '{}') as IslandProps;
    const id = Number(element.dataset.islandId);
    const load = registry[name] ?? (() => Promise.reject(new Error(`no island "${name}" on this page`)));
    const done = load()
      .then(
        (Component) =>
          new Promise<void>((resolve) => {
            hydrateRoot(
              element,
              <StrictMode>
                <IconSymbolsInPage>
                  <Frame>
                    <Hydrated onHydrated={resolve}>
                      <Component {...props} />
                    </Hydrated>
                  </Frame>
                </IconSymbolsInPage>
              </StrictMode>,
              { identifierPrefix: islandIdentifierPrefix(id) },
            );
          }),
      )
      .then(
        () => element.setAttribute('data-hydrated', 'true'),
        // A chunk that fails to load leaves the prerendered HTML as it is; taps go to the browser.
        () => element.setAttribute('data-hydrated', 'failed'),
      );
    hydrations.set(element, done);
    return done;
  };

  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              void hydrate(entry.target as HTMLElement);
            }
          },
          { rootMargin: VISIBLE_MARGIN },
        );

  hydrateOnDemand = hydrate;
  // Plain islands are live at once: what they start costs next to nothing.
  const live = new Set<Element>();
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const start = plain[element.dataset.island as IslandName];
    if (start) {
      live.add(element);
      start(element, () => hydrate(element));
      element.setAttribute('data-hydrated', 'true');
      continue;
    }
    const when = element.dataset.when as IslandStrategy;
    if (when === 'demand') continue;
    if (when === 'load') void hydrate(element);
    else if (when === 'idle') whenIdle(() => void hydrate(element));
    else if (when === 'scroll') whenScrolled(() => void hydrate(element));
    else if (observer) observer.observe(element);
    else whenIdle(() => void hydrate(element));
  }

  // A tap that came before its island was live: hydrate that island now, then tap again. Taps on
  // the same element while it waits are one (a double tap on "GERAR PIX" submits once).
  const waiting = new Set<HTMLElement>();
  const replayEarlyClick = () => {
    const target = takeEarlyClick();
    const island = target?.closest<HTMLElement>('[data-island]');
    if (!target || !island || waiting.has(target)) return;
    waiting.add(target);
    void (live.has(island) ? Promise.resolve() : hydrate(island)).then(() => {
      waiting.delete(target);
      if (target.isConnected) target.click();
    });
  };
  document.addEventListener(EARLY_CLICK_EVENT, replayEarlyClick);
  replayEarlyClick();
}

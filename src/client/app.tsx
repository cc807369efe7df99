import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { paths } from '../shared/routes.ts';
import { startTracking, track } from './lib/analytics.ts';
import { replayEarlyClick } from './lib/early-clicks.ts';
import { hasAcceptedPresell } from './lib/presell-gate.ts';
import { getPublicConfig } from './lib/public-config.ts';
import { withRestOfStylesheet } from './lib/rest-of-stylesheet.ts';
import { hasAnyTracker } from './lib/tracker-events.ts';
import { NavigationContext, type Navigation } from './router.tsx';
import { matchRoute } from './routes.ts';
import { DemoNotice } from './ui/demo-notice.tsx';

export interface InitialPage {
  pathname: string;
  Page: ComponentType;
}

/** The landing page is only for visitors who passed the pre-sell page (docs/product.md#the-journey). */
function applyGate(pathname: string): string {
  return pathname === paths.landing && !hasAcceptedPresell() ? paths.presell : pathname;
}

/**
 * The cookie notice asks before any tracker loads, so it exists only where a tracker is configured:
 * its code is fetched then, right after hydration (it never was in the prerendered HTML).
 */
function useCookieNotice(): ComponentType | null {
  const [Notice, setNotice] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!hasAnyTracker(getPublicConfig().trackers)) return;
    // The notice waits for the whole stylesheet: a prerendered page inlines only its own part.
    void withRestOfStylesheet(() => import('./consent/cookie-notice.tsx')).then((module) => setNotice(() => module.CookieNotice));
  }, []);
  return Notice;
}

export function App({ initial }: { initial: InitialPage }) {
  const [current, setCurrent] = useState(initial);
  const latest = useRef(0);

  const show = useCallback(async (to: string, mode: 'push' | 'replace' | 'pop') => {
    // Routes match the path; a query string (the visit's campaign parameters) travels along.
    const { pathname, search } = new URL(to, window.location.origin);
    const target = applyGate(pathname);
    // The landing and pre-sell pages have entries of their own (routes.ts): each is always a
    // document, never rendered into this app after a navigation.
    const route = matchRoute(target);
    if (!route.load) {
      window.location.assign(target + search);
      return;
    }
    const ticket = ++latest.current;
    // Another page's classes are in the whole stylesheet, not in this page's inline part.
    const module = await withRestOfStylesheet(route.load);
    if (ticket !== latest.current) return; // a later navigation won
    if (mode === 'push') window.history.pushState(null, '', target + search);
    if (mode === 'replace' || target !== pathname) window.history.replaceState(null, '', target + search);
    setCurrent({ pathname: target, Page: module.default });
    if (mode !== 'pop') window.scrollTo(0, 0);
  }, []);

  useEffect(() => {
    const onPop = () => void show(window.location.pathname + window.location.search, 'pop');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  useEffect(() => {
    // No third-party trackers on the seller's console.
    if (window.location.pathname !== paths.admin) startTracking();
    // Effects run after hydration: React now handles clicks, so replay a tap that came earlier.
    replayEarlyClick();
  }, []);

  useEffect(() => {
    // The seller's own console is not a visit to the shop.
    if (current.pathname !== paths.admin) track('page_view', { page_path: current.pathname });
  }, [current.pathname]);

  const navigation = useMemo<Navigation>(
    () => ({
      pathname: current.pathname,
      navigate: (to, options) => void show(to, options?.replace ? 'replace' : 'push'),
    }),
    [current.pathname, show],
  );

  const CookieNotice = useCookieNotice();
  const { Page } = current;
  return (
    <NavigationContext.Provider value={navigation}>
      {current.pathname === paths.admin ? null : <DemoNotice demoMode={getPublicConfig().demoMode} />}
      <Page />
      {/* eslint-disable-next-line react-hooks/static-components -- loaded once into state, so its identity is stable across renders */}
      {current.pathname === paths.admin || !CookieNotice ? null : <CookieNotice />}
    </NavigationContext.Provider>
  );
}

import { paths, type PageKey } from './routes.ts';

/**
 * The pre-sell page's speculation rule: fetch the landing page ahead of "Sim, quero!". The landing
 * page's HTML is the same whatever its query (the browser reads the ad's parameters), and its
 * response says so (`No-Vary-Search: params`, server/http/site.ts), so one prefetch of `/` serves the
 * tap's `/?utm_source=…`.
 */
export const LANDING_PREFETCH_RULES = JSON.stringify({
  prefetch: [{ source: 'list', urls: [paths.landing], expects_no_vary_search: 'params' }],
});

/**
 * The inline scripts a page adds at run time rather than in its HTML (the pre-sell page adds its
 * rule once loaded and idle, client/lib/prefetch-page.ts). Their text is fixed, so each page's
 * Content-Security-Policy allows them by their hashes, beside those of its HTML's inline scripts
 * (server/http/site.ts): Chrome ignores 'inline-speculation-rules' in a script-src that lists hashes.
 */
export const runtimeInlineScripts: Partial<Record<PageKey, readonly string[]>> = {
  presell: [LANDING_PREFETCH_RULES],
};

import { paths } from './routes.ts';

/**
 * The pre-sell page's speculation rule: fetch the landing page ahead of "Sim, quero!". The landing
 * page's HTML is the same whatever its query (the browser reads the ad's parameters), and its
 * response says so (`No-Vary-Search: params`, server/site.ts), so one prefetch of `/` serves the
 * tap's `/?utm_source=…`. The text is fixed, and the page's Content-Security-Policy allows it by its
 * hash: Chrome ignores 'inline-speculation-rules' in a script-src that lists hashes.
 */
export const LANDING_PREFETCH_RULES = JSON.stringify({
  prefetch: [{ source: 'list', urls: [paths.landing], expects_no_vary_search: 'params' }],
});

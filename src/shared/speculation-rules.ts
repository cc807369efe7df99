import { paths, type PageKey } from './routes.ts';

/** `/` answers `No-Vary-Search: params`, so one prefetch of `/` serves the tap's `/?utm_source=…`. */
export const LANDING_PREFETCH_RULES = JSON.stringify({
  prefetch: [{ source: 'list', urls: [paths.landing], expects_no_vary_search: 'params' }],
});

/** Fixed texts, allowed by their hashes: Chrome ignores 'inline-speculation-rules' in a script-src that lists hashes. */
export const runtimeInlineScripts: Partial<Record<PageKey, readonly string[]>> = {
  presell: [LANDING_PREFETCH_RULES],
};

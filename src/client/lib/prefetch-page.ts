import { LANDING_PREFETCH_RULES } from '../../shared/speculation-rules.ts';
import { afterLoadWhenIdle } from './idle.ts';

/**
 * Has the browser fetch the landing page before the visitor asks for it, once this page has loaded
 * and the browser is idle, with a speculation rule (Chrome 121+, Chrome on Android included). It
 * is a prefetch, not a prerender: the document is downloaded and kept for a few minutes, but none
 * of its scripts runs, so nothing is counted or shown until the visitor goes there. The browser
 * skips it where it saves data or battery (Data Saver, Battery Saver, preloading turned off), and
 * browsers without speculation rules skip it too.
 */
export function prefetchLandingPage(): void {
  if (typeof HTMLScriptElement.supports !== 'function' || !HTMLScriptElement.supports('speculationrules')) return;
  afterLoadWhenIdle(() => {
    const rules = document.createElement('script');
    rules.type = 'speculationrules';
    rules.textContent = LANDING_PREFETCH_RULES;
    document.head.append(rules);
  });
}

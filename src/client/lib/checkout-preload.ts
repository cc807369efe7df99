/**
 * The checkout is ready before the tap (docs/benchmarks.md, "Tap to PIX"): the landing page lists
 * the checkout's files on its entry script (`data-checkout`, written by scripts/prerender.ts), and
 * they are fetched at low priority once the page has loaded and is idle, never before its largest
 * paint, or at once when a buy button is first touched or focused. `modulepreload` fetches and
 * compiles them without running them, so an idle page spends no main-thread time on code a visitor
 * may never use.
 */
let preloaded = false;

export function preloadCheckout(): void {
  if (preloaded) return;
  preloaded = true;
  for (const href of document.querySelector('script[data-checkout]')?.getAttribute('data-checkout')?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.appendChild(link);
  }
}

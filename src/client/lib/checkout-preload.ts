import { afterLoadWhenIdle } from './idle.ts';

/**
 * The checkout is ready before the tap (docs/benchmarks.md, "Tap to PIX"): the landing page lists
 * the checkout's files on its entry script (`data-checkout`, written by scripts/prerender.ts), and
 * they are fetched at low priority once the page has loaded and is idle — never before its largest
 * paint — or at once when a buy button is first touched or focused. `modulepreload` fetches and
 * compiles them without running them, so an idle page spends no main-thread time on code a visitor
 * may never use. `warm` runs on that first touch too: it starts the checkout's host ahead of the click.
 */
export function preloadCheckoutWhenIdle(warm: () => void): void {
  const files = document.querySelector('script[data-checkout]')?.getAttribute('data-checkout')?.split(' ').filter(Boolean) ?? [];
  let preloaded = false;
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.fetchPriority = 'low';
      link.href = href;
      document.head.appendChild(link);
    }
  };
  afterLoadWhenIdle(preload);
  const onFirstTouch = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('button[data-placement]')) return;
    document.removeEventListener('pointerdown', onFirstTouch, true);
    document.removeEventListener('focusin', onFirstTouch, true);
    preload();
    warm();
  };
  document.addEventListener('pointerdown', onFirstTouch, true);
  document.addEventListener('focusin', onFirstTouch, true);
}

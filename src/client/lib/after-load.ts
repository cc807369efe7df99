/**
 * Runs `callback` once the page has loaded and the browser is next idle: work that must never
 * compete with the first paint or the page's own scripts (the trackers, fetching the next page).
 */
export function afterLoadWhenIdle(callback: () => void): void {
  const start = () => {
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
    (idle ?? ((cb: () => void) => window.setTimeout(cb, 1)))(callback);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

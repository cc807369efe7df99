type RequestIdle = (callback: () => void, options?: { timeout: number }) => void;

/**
 * Runs `callback` when the browser is next idle, at the latest after 2 s; where there is no idle
 * callback (Safari), after 200 ms.
 */
export function whenIdle(callback: () => void): void {
  const idle = (window as Window & { requestIdleCallback?: RequestIdle }).requestIdleCallback;
  if (idle) idle(callback, { timeout: 2000 });
  else window.setTimeout(callback, 200);
}

/**
 * Runs `callback` once the page has loaded and the browser is next idle: work that must never
 * compete with the first paint or the page's own scripts (the trackers, fetching the next page).
 */
export function afterLoadWhenIdle(callback: () => void): void {
  if (document.readyState === 'complete') whenIdle(callback);
  else window.addEventListener('load', () => whenIdle(callback), { once: true });
}

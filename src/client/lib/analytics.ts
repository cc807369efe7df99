import type { ClientEventName } from '../../shared/events.ts';

export type TrackParams = Record<string, string | number | undefined>;

/**
 * The one tracking entry point. Every event is counted in our first-party funnel (no cookies,
 * no personal data: only the event name and the current route). It never throws and never
 * blocks the page.
 */
export function track(name: ClientEventName, params: TrackParams = {}): void {
  if (typeof window === 'undefined') return;
  const path = typeof params.page_path === 'string' ? params.page_path : window.location.pathname;
  try {
    void fetch('/api/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, path }),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Analytics must never break the page.
  }
}

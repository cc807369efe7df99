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

const PURCHASES_KEY = 'vitrine_purchases_tracked';

/**
 * Records a confirmed purchase once per order, even across reloads and tabs: the ids already
 * reported are remembered in localStorage. Returns whether this call was the first.
 */
export function trackPurchaseOnce(orderId: string, valueCents: number): boolean {
  if (typeof window === 'undefined') return false;
  let done: string[] = [];
  try {
    done = JSON.parse(window.localStorage.getItem(PURCHASES_KEY) ?? '[]') as string[];
  } catch {
    done = [];
  }
  if (done.includes(orderId)) return false;
  try {
    window.localStorage.setItem(PURCHASES_KEY, JSON.stringify([...done, orderId].slice(-20)));
  } catch {
    // Without storage the purchase is still reported, once per page life.
  }
  window.dispatchEvent(
    new CustomEvent('vitrine:purchase', { detail: { transaction_id: orderId, value: valueCents / 100, currency: 'BRL' } }),
  );
  return true;
}

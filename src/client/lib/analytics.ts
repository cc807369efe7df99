import { AFFILIATE_COOKIE } from '../../shared/affiliate-code.ts';
import { clientEventNames, type ClientEventName } from '../../shared/event-names.ts';
import { afterLoadWhenIdle } from './idle.ts';
import { apiFetch } from './api.ts';
import { readConsent, CONSENT_CHANGED_EVENT } from './consent.ts';
import { getPublicConfig } from './public-config.ts';
import { hasAnyTracker, type TrackParams, type TrackerEventName, type TrackerIds } from './tracker-events.ts';
import type { TrackerSender } from './trackers.ts';

export type { TrackParams } from './tracker-events.ts';

/**
 * The one tracking entry point, used by every caller. Each event goes to:
 * - our first-party funnel (always; no cookies, no personal data: only the name and the route);
 * - the configured trackers (GA4, Meta Pixel), only after the visitor accepted cookies. Their
 *   code is a separate chunk loaded after the page is interactive; events wait in a short queue.
 * It never throws and never blocks the page.
 */

const funnelNames = new Set<string>(clientEventNames);
const MAX_QUEUE = 50;
let sender: TrackerSender | null = null;
let loading: Promise<void> | null = null;
const queue: Array<[TrackerEventName, TrackParams, string]> = [];

function trackerIds(): TrackerIds {
  return getPublicConfig().trackers;
}

function newEventId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

function sendToFunnel(name: ClientEventName, path: string): void {
  // keepalive: an event sent while the page unloads (a link followed) still reaches the server.
  apiFetch('POST /api/events', { json: { name, path }, credentials: 'omit', keepalive: true }).catch(() => undefined);
}

function loadTrackers(): void {
  if (loading || readConsent() !== 'granted' || !hasAnyTracker(trackerIds())) return;
  // After the page is interactive and idle: trackers never compete with the first paint.
  loading = new Promise<void>((resolve) => afterLoadWhenIdle(resolve))
    .then(() => import('./trackers.ts'))
    .then(({ startTrackers }) => {
      sender = startTrackers(trackerIds());
      for (const [name, params, eventId] of queue.splice(0)) sender.send(name, params, eventId);
    })
    .catch(() => {
      // A chunk that fails to load leaves the page as it is.
    });
}

function sendToTrackers(name: TrackerEventName, params: TrackParams, eventId: string): void {
  if (readConsent() !== 'granted' || !hasAnyTracker(trackerIds())) return;
  if (sender) sender.send(name, params, eventId);
  else {
    if (queue.length < MAX_QUEUE) queue.push([name, params, eventId]);
    loadTrackers();
  }
}

export function track(name: TrackerEventName, params: TrackParams = {}, eventId: string = newEventId()): void {
  if (typeof window === 'undefined') return;
  try {
    if (funnelNames.has(name)) {
      const path = typeof params.page_path === 'string' ? params.page_path : window.location.pathname;
      sendToFunnel(name as ClientEventName, path);
    }
    sendToTrackers(name, params, eventId);
  } catch {
    // Analytics must never break the page.
  }
}

/** The A/B test variant's cookie (lib/variant-cookie.ts), its code loaded only with consent or a `vitrine_ab` cookie to delete. */
function keepVariant(): void {
  if (readConsent() !== 'granted' && !document.cookie.includes('vitrine_ab=')) return;
  import('./variant-cookie.ts').then(({ syncVariantCookie }) => syncVariantCookie()).catch(() => undefined);
}

/** The affiliate cookie (lib/affiliate-cookie.ts), on the same terms as the variant's. */
function keepAffiliateCode(): void {
  if (readConsent() !== 'granted' && !document.cookie.includes(`${AFFILIATE_COOKIE}=`)) return;
  import('./affiliate-cookie.ts').then(({ syncAffiliateCookie }) => syncAffiliateCookie()).catch(() => undefined);
}

/** Called once at start: loads the trackers when consent was given earlier, or as soon as it is. */
export function startTracking(): void {
  if (typeof window === 'undefined') return;
  loadTrackers();
  keepVariant();
  keepAffiliateCode();
  window.addEventListener(CONSENT_CHANGED_EVENT, () => {
    keepVariant();
    keepAffiliateCode();
    // The page being viewed when the visitor accepts counts for the trackers from that moment on
    // (already counted in the first-party funnel, so only the trackers get it).
    if (readConsent() === 'granted') sendToTrackers('page_view', { page_path: window.location.pathname }, newEventId());
  });
}

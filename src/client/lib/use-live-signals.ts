import { useEffect, useState, useSyncExternalStore } from 'react';
import { countdownUnits } from '../../content/countdown.ts';
import { countLabel } from '../../content/scarcity.ts';
import type { LiveSignals } from '../../shared/live.ts';

/**
 * The landing page's live signals (docs/product.md#2-live-signals-tell-the-truth): remaining spots, viewers now and the offer
 * deadline, all computed by the server. One module-level store holds them, so every component that
 * shows a signal shares one poll of GET /api/live. Nothing here throws to the UI: a failed request
 * keeps the last answer (or none) and is tried again later.
 */

/** Fired on `window` when the buyer's payment is confirmed: a spot is taken, so ask again. */
export const SPOT_TAKEN_EVENT = 'vitrine:spot-taken';

/** The spec's cadence: every 120–180 s, at a random point so open pages do not poll in step. */
export const LIVE_REFRESH_MIN_MS = 120_000;
export const LIVE_REFRESH_MAX_MS = 180_000;
/** Until a first answer arrives, failures are retried sooner. */
const LIVE_RETRY_MS = 30_000;
/**
 * A countdown at zero asks for the next deadline at most this often while the answer does not move
 * it. The server always answers a deadline still ahead of its own clock, so this only repeats for
 * the moment the two clocks disagree about the deadline having passed.
 */
const DEADLINE_RETRY_MS = 2_000;

export function nextRefreshDelay(random: () => number = Math.random): number {
  return LIVE_REFRESH_MIN_MS + Math.floor(random() * (LIVE_REFRESH_MAX_MS - LIVE_REFRESH_MIN_MS));
}

// --- the shared store --------------------------------------------------------------------------

let signals: LiveSignals | null = null;
/** The server's clock minus ours, measured with the answer that carried `serverTime`. */
let clockSync: { serverTime: number; offsetMs: number } | null = null;
let receivedAt = 0;
let inFlight: Promise<void> | null = null;
/** A refresh was asked for while a request was in flight: its answer may predate the change. */
let refreshAgain = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function isLiveSignals(value: unknown): value is LiveSignals {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  const isNumber = (key: string) => typeof body[key] === 'number' && Number.isFinite(body[key]);
  return (
    (body.spotsLeft === null || isNumber('spotsLeft')) &&
    typeof body.soldOut === 'boolean' &&
    ['capacity', 'nextBatchAt', 'offerEndsAt', 'viewers', 'serverTime'].every(isNumber)
  );
}

function schedule(delayMs: number) {
  if (timer !== undefined) clearTimeout(timer);
  timer = listeners.size > 0 ? setTimeout(() => void refreshLiveSignals(), delayMs) : undefined;
}

async function load(): Promise<void> {
  const sentAt = Date.now();
  try {
    const response = await fetch('/api/live', { headers: { Accept: 'application/json' }, cache: 'no-store', credentials: 'omit' });
    const body: unknown = response.ok ? await response.json() : null;
    if (isLiveSignals(body)) {
      const now = Date.now();
      // The server stamped its time about halfway through the round trip.
      clockSync = { serverTime: body.serverTime, offsetMs: body.serverTime - (sentAt + now) / 2 };
      receivedAt = now;
      signals = body;
      for (const listener of listeners) listener();
    }
  } catch {
    // Offline or a bad answer: keep what we had; the next poll tries again.
  }
}

/**
 * Asks GET /api/live now (after a payment, or when a countdown reached zero). Concurrent calls
 * share one request; a call made during a request gets one more request after it.
 */
export function refreshLiveSignals(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  if (inFlight) {
    refreshAgain = true;
    return inFlight;
  }
  inFlight = (async () => {
    do {
      refreshAgain = false;
      await load();
    } while (refreshAgain);
    inFlight = null;
    schedule(signals ? nextRefreshDelay() : LIVE_RETRY_MS);
  })();
  return inFlight;
}

const onSpotTaken = () => void refreshLiveSignals();

/** Subscribes a component; the first subscriber starts the poll and the last one stops it. */
export function subscribeLiveSignals(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener(SPOT_TAKEN_EVENT, onSpotTaken);
    const age = Date.now() - receivedAt;
    // A page shown again soon (or React's StrictMode re-subscribing) reuses a fresh answer.
    if (!inFlight) {
      if (!signals || age >= LIVE_REFRESH_MIN_MS) void refreshLiveSignals();
      else schedule(nextRefreshDelay() - age);
    }
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener(SPOT_TAKEN_EVENT, onSpotTaken);
      schedule(0);
    }
  };
}

export function getLiveSignals(): LiveSignals | null {
  return signals;
}

/** Prerendered HTML has no live numbers: they appear once the browser has asked the server. */
function getServerSnapshot(): LiveSignals | null {
  return null;
}

export function useLiveSignals(): LiveSignals | null {
  return useSyncExternalStore(subscribeLiveSignals, getLiveSignals, getServerSnapshot);
}

// --- the offer countdown -----------------------------------------------------------------------

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * 900_000 → "00 horas 15:00"; 2 days 3 h 15 min → "2 dias 03 horas 15:00". A partial second
 * counts as a whole one, so the display reaches "00:00" only at the deadline.
 */
export function formatOfferCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${twoDigits(hours)} ${countLabel(hours, countdownUnits.hour)} ${twoDigits(minutes)}:${twoDigits(seconds)}`;
  return days > 0 ? `${days} ${countLabel(days, countdownUnits.day)} ${clock}` : clock;
}

function serverOffsetFor(serverTime: number): number {
  if (clockSync?.serverTime === serverTime) return clockSync.offsetMs;
  return serverTime - Date.now();
}

let lastDeadlineRequest: { deadline: number; at: number } | null = null;

/**
 * Milliseconds left until `offerEndsAt` by the server's clock (a phone's wrong clock does not
 * matter), updated on each whole second; null until both values are known (prerender). At zero it
 * asks the server for the next deadline and shows zero until it arrives — it never restarts by itself.
 */
export function useOfferCountdown(offerEndsAt: number | null | undefined, serverTime: number | null | undefined): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (offerEndsAt == null || serverTime == null) {
      setLeft(null);
      return;
    }
    const offsetMs = serverOffsetFor(serverTime);
    let tickTimer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const remaining = Math.max(0, offerEndsAt - (Date.now() + offsetMs));
      setLeft(remaining);
      if (remaining > 0) {
        // Wake just after the displayed second changes, so each second shows exactly once.
        tickTimer = setTimeout(tick, (remaining % 1000 || 1000) + 5);
        return;
      }
      const now = Date.now();
      const askedRecently = lastDeadlineRequest?.deadline === offerEndsAt && now - lastDeadlineRequest.at < DEADLINE_RETRY_MS;
      if (!askedRecently) {
        lastDeadlineRequest = { deadline: offerEndsAt, at: now };
        void refreshLiveSignals();
      }
      // If the answer does not bring a new deadline, look again shortly (bounded: one ask per 2 s).
      tickTimer = setTimeout(tick, DEADLINE_RETRY_MS);
    };
    tick();
    return () => clearTimeout(tickTimer);
  }, [offerEndsAt, serverTime]);
  return left;
}

// --- the presence heartbeat --------------------------------------------------------------------

/** A visible landing page says "still here" this often; the server counts the last 60 s. */
export const PRESENCE_BEAT_MS = 30_000;
const VISITOR_KEY = 'vitrine_visitor_id';
let fallbackVisitorId: string | null = null;

/** 32 hex digits. getRandomValues, unlike randomUUID, also works on a plain-http address. */
function randomVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One id per tab (sessionStorage): random, never tied to a person, forgotten when the tab closes. */
export function visitorId(): string {
  try {
    const stored = window.sessionStorage.getItem(VISITOR_KEY);
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
    const fresh = randomVisitorId();
    window.sessionStorage.setItem(VISITOR_KEY, fresh);
    return fresh;
  } catch {
    // Storage blocked: the id lasts as long as this page.
    fallbackVisitorId ??= randomVisitorId();
    return fallbackVisitorId;
  }
}

async function sendHeartbeat(): Promise<boolean> {
  try {
    const response = await fetch('/api/presence', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ visitorId: visitorId() }),
      credentials: 'omit',
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * While the landing page is visible, tells the server every ~30 s that this visitor is here;
 * paused while the tab is hidden, resumed (with an immediate beat) when it shows again. The first
 * beat is followed by a fresh /api/live, so the count this visitor sees includes them. Started by
 * the landing page's script, outside React (no section needs to be hydrated for it); returns the stop.
 */
export function startPresenceHeartbeat(): () => void {
  let beatTimer: ReturnType<typeof setInterval> | undefined;
  let counted = false;
  let active = true;
  const beat = async () => {
    const ok = await sendHeartbeat();
    if (ok && !counted && active) {
      counted = true;
      void refreshLiveSignals();
    }
  };
  const start = () => {
    if (beatTimer !== undefined) return;
    void beat();
    beatTimer = setInterval(() => void beat(), PRESENCE_BEAT_MS);
  };
  const stop = () => {
    clearInterval(beatTimer);
    beatTimer = undefined;
  };
  const onVisibilityChange = () => (document.visibilityState === 'hidden' ? stop() : start());
  onVisibilityChange();
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    active = false;
    stop();
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

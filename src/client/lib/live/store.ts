import { useSyncExternalStore } from 'react';
import type { LiveSignals } from '../../../shared/live.ts';
import { apiFetch } from '../api.ts';
import { SPOT_TAKEN_EVENT } from './spot-taken.ts';

/**
 * The landing page's live signals (docs/product.md#2-live-signals-tell-the-truth): remaining spots, viewers now and the offer
 * deadline, all computed by the server. One module-level store holds them, so every component that
 * shows a signal shares one poll of GET /api/live. Nothing here throws to the UI: a failed request
 * keeps the last answer (or none) and is tried again later.
 */

/** The spec's cadence: every 120–180 s, at a random point so open pages do not poll in step. */
export const LIVE_REFRESH_MIN_MS = 120_000;
export const LIVE_REFRESH_MAX_MS = 180_000;
/** Until a first answer arrives, failures are retried sooner. */
const LIVE_RETRY_MS = 30_000;

export function nextRefreshDelay(random: () => number = Math.random): number {
  return LIVE_REFRESH_MIN_MS + Math.floor(random() * (LIVE_REFRESH_MAX_MS - LIVE_REFRESH_MIN_MS));
}

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
    const body: unknown = await apiFetch('GET /api/live', { cache: 'no-store', credentials: 'omit' });
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

/**
 * The server's clock minus ours for an answer stamped `serverTime`: measured over the round trip
 * when the store received that answer, else taken as if it had just arrived.
 */
export function serverOffsetFor(serverTime: number): number {
  if (clockSync?.serverTime === serverTime) return clockSync.offsetMs;
  return serverTime - Date.now();
}

/** Prerendered HTML has no live numbers: they appear once the browser has asked the server. */
function getServerSnapshot(): LiveSignals | null {
  return null;
}

export function useLiveSignals(): LiveSignals | null {
  return useSyncExternalStore(subscribeLiveSignals, getLiveSignals, getServerSnapshot);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveSignals } from '../../../shared/live.ts';
import { SPOT_TAKEN_EVENT } from './spot-taken.ts';
import { LIVE_REFRESH_MAX_MS, LIVE_REFRESH_MIN_MS, nextRefreshDelay } from './store.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('nextRefreshDelay', () => {
  it('falls between 120 and 180 seconds (the spec cadence)', () => {
    expect(nextRefreshDelay(() => 0)).toBe(LIVE_REFRESH_MIN_MS);
    expect(nextRefreshDelay(() => 0.999999)).toBeLessThanOrEqual(LIVE_REFRESH_MAX_MS);
    expect(LIVE_REFRESH_MIN_MS).toBe(120_000);
    expect(LIVE_REFRESH_MAX_MS).toBe(180_000);
  });
});

/** The module-level store, with a fake window, fetch and clock; a fresh module per test. */
describe('the shared live-signals store', () => {
  const answer = (over: Partial<LiveSignals> = {}): LiveSignals => ({
    spotsLeft: 5,
    capacity: 100,
    soldOut: false,
    nextBatchAt: Date.now() + DAY,
    offerEndsAt: Date.now() + DAY,
    viewers: 2,
    serverTime: Date.now(),
    ...over,
  });
  let responses: Array<() => Promise<Response>>;
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    vi.stubGlobal('window', new EventTarget());
    responses = [];
    fetchMock = vi.fn(async () => {
      const next = responses.shift();
      return next ? next() : Response.json(answer());
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const load = () => import('./store.ts');

  it('shares one request among subscribers and polls again within 120–180 s', async () => {
    const store = await load();
    const seen: Array<LiveSignals | null> = [];
    const stopA = store.subscribeLiveSignals(() => seen.push(store.getLiveSignals()));
    const stopB = store.subscribeLiveSignals(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/live');
    expect(store.getLiveSignals()?.spotsLeft).toBe(5);
    expect(seen).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MIN_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MAX_MS - LIVE_REFRESH_MIN_MS + 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    stopA();
    stopB();
    await vi.advanceTimersByTimeAsync(10 * LIVE_REFRESH_MAX_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again right after a payment took a spot', async () => {
    const store = await load();
    const stop = store.subscribeLiveSignals(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    responses.push(async () => Response.json(answer({ spotsLeft: 0, soldOut: true })));
    window.dispatchEvent(new Event(SPOT_TAKEN_EVENT));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store.getLiveSignals()).toMatchObject({ spotsLeft: 0, soldOut: true });
    stop();
  });

  it('keeps the last answer when a request fails or the answer is malformed, and never throws', async () => {
    const store = await load();
    const stop = store.subscribeLiveSignals(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    responses.push(async () => {
      throw new TypeError('Failed to fetch');
    });
    responses.push(async () => Response.json({ error: 'Algo deu errado' }, { status: 500 }));
    responses.push(async () => Response.json({ spotsLeft: 'muitas' }));
    for (let attempt = 0; attempt < 3; attempt++) await expect(store.refreshLiveSignals()).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(store.getLiveSignals()?.spotsLeft).toBe(5);
    stop();
  });

  it('retries sooner while it has no answer at all', async () => {
    responses.push(async () => {
      throw new TypeError('Failed to fetch');
    });
    const store = await load();
    const stop = store.subscribeLiveSignals(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getLiveSignals()).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store.getLiveSignals()).not.toBeNull();
    stop();
  });

  it('a refresh asked for during a request gets a request of its own afterwards', async () => {
    const store = await load();
    const stop = store.subscribeLiveSignals(() => undefined);
    void store.refreshLiveSignals();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });
});

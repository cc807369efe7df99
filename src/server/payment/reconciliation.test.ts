import { describe, expect, it } from 'vitest';
import { MED_WINDOW_MS, nextCheckDelay, watchesUnlistedDispute } from './reconciliation.ts';

const MINUTE = 60_000;
const delays = (order: Parameters<typeof nextCheckDelay>[0], watchDispute = false) =>
  [0, 1, 2, 3, 4, 5, 6, 40].map((checks) => nextCheckDelay(order, checks, watchDispute) / MINUTE);

describe('nextCheckDelay', () => {
  it('retries a postback whose re-read failed soon, backing off to 10 minutes at most', () => {
    expect(delays({ status: 'pending', recheck_requested_at: 1 })).toEqual([0.5, 1, 2, 4, 8, 10, 10, 10]);
    expect(delays({ status: 'failed', recheck_requested_at: 1 })).toEqual([0.5, 1, 2, 4, 8, 10, 10, 10]);
  });

  it('checks a waiting charge every minute, backing off to every 30 minutes', () => {
    expect(delays({ status: 'pending', recheck_requested_at: null })).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('re-checks a paid order every 2 hours, backing off to every 3 days', () => {
    expect(delays({ status: 'paid', recheck_requested_at: null })).toEqual([120, 240, 480, 960, 1920, 3840, 4320, 4320]);
  });

  it('where no dispute list exists, re-checks a paid order inside the MED window at most 11 hours apart', () => {
    expect(delays({ status: 'paid', recheck_requested_at: null }, true)).toEqual([120, 240, 480, 660, 660, 660, 660, 660]);
    const now = 1_000 * MED_WINDOW_MS;
    const paid = (daysAgo: number) => ({ status: 'paid' as const, paid_at: now - daysAgo * 24 * 60 * MINUTE });
    expect(watchesUnlistedDispute(paid(30), false, now)).toBe(true);
    expect(watchesUnlistedDispute(paid(30), true, now)).toBe(false);
    expect(watchesUnlistedDispute(paid(81), false, now)).toBe(false);
    expect(watchesUnlistedDispute({ status: 'pending', paid_at: null }, false, now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { nextCheckDelay } from './reconciliation.ts';

const MINUTE = 60_000;
const delays = (order: Parameters<typeof nextCheckDelay>[0]) =>
  [0, 1, 2, 3, 4, 5, 6, 40].map((checks) => nextCheckDelay(order, checks) / MINUTE);

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
});

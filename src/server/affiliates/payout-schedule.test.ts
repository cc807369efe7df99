import { describe, expect, it } from 'vitest';
import { nextPayoutDate } from './payout-schedule.ts';

describe('nextPayoutDate', () => {
  // Tuesday 2026-12-01, 02:30 UTC is still Monday 23:30 in Brasília.
  const mondayNightInBrasilia = Date.UTC(2026, 11, 1, 2, 30);

  it('counts days in Brasília time, not UTC', () => {
    expect(nextPayoutDate({ weekday: 2 }, mondayNightInBrasilia)).toEqual({
      date: '2026-12-01',
      startsAt: Date.UTC(2026, 11, 1, 3),
    });
  });

  it('is today on the weekday itself, from its first minute to its last', () => {
    expect(nextPayoutDate({ weekday: 2 }, Date.UTC(2026, 11, 1, 3)).date).toBe('2026-12-01');
    expect(nextPayoutDate({ weekday: 2 }, Date.UTC(2026, 11, 2, 2, 59)).date).toBe('2026-12-01');
    expect(nextPayoutDate({ weekday: 2 }, Date.UTC(2026, 11, 2, 3)).date).toBe('2026-12-08');
  });

  it('goes to the next week, across a month and a year', () => {
    expect(nextPayoutDate({ weekday: 1 }, mondayNightInBrasilia).date).toBe('2026-11-30');
    expect(nextPayoutDate({ weekday: 0 }, mondayNightInBrasilia).date).toBe('2026-12-06');
    // Thursday 2026-12-31 in Brasília: the next Monday is in 2027.
    expect(nextPayoutDate({ weekday: 1 }, Date.UTC(2026, 11, 31, 15))).toEqual({ date: '2027-01-04', startsAt: Date.UTC(2027, 0, 4, 3) });
  });
});

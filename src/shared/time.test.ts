import { describe, expect, it } from 'vitest';
import { businessDay, businessMonth, formatTimestamp } from './time.ts';

describe('business calendar (America/Sao_Paulo)', () => {
  it('counts days in São Paulo, not UTC', () => {
    // 02:00 UTC on Nov 1st is still Oct 31st, 23:00 in São Paulo.
    expect(businessDay(Date.UTC(2026, 10, 1, 2))).toBe('2026-10-31');
    expect(businessDay(Date.UTC(2026, 10, 1, 4))).toBe('2026-11-01');
  });

  it('finds the month boundaries at São Paulo midnight', () => {
    const { start, nextStart } = businessMonth(Date.UTC(2026, 10, 22, 12));
    expect(new Date(start).toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(new Date(nextStart).toISOString()).toBe('2026-12-01T03:00:00.000Z');
    const december = businessMonth(Date.UTC(2026, 11, 31, 23));
    expect(new Date(december.nextStart).toISOString()).toBe('2027-01-01T03:00:00.000Z');
    // 01:00 UTC on Dec 1st is still November in São Paulo.
    expect(new Date(businessMonth(Date.UTC(2026, 11, 1, 1)).start).toISOString()).toBe('2026-11-01T03:00:00.000Z');
  });
});

describe('formatTimestamp', () => {
  it('prints day, month, year and the time to the second in São Paulo', () => {
    expect(formatTimestamp(Date.UTC(2026, 10, 1, 2, 5, 9))).toBe('31/10/2026 23:05:09');
    expect(formatTimestamp(Date.UTC(2026, 0, 2, 3))).toBe('02/01/2026 00:00:00');
  });
});

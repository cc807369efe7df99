import { describe, expect, it } from 'vitest';
import { businessDay, businessMonth } from './time.ts';

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

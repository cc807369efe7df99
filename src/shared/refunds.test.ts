import { describe, expect, it } from 'vitest';
import { guaranteeEndsAt, guaranteeLastDay } from './refunds.ts';
import { formatDate, formatTimestamp } from './time.ts';

/** São Paulo has no daylight saving time since 2019: UTC−3 all year. */
const saoPaulo = (iso: string) => Date.parse(`${iso}-03:00`);

describe('the guarantee window', () => {
  it('ends at the end of the São Paulo day, whole days after the payment, whatever its hour', () => {
    for (const paidAt of ['2026-11-25T00:00:00', '2026-11-25T15:00:00', '2026-11-25T23:59:59']) {
      const endsAt = guaranteeEndsAt(saoPaulo(paidAt), 7);
      expect(endsAt).toBe(saoPaulo('2026-12-03T00:00:00'));
      expect(formatDate(guaranteeLastDay(endsAt))).toBe('02/12/2026');
      expect(formatTimestamp(guaranteeLastDay(endsAt))).toBe('02/12/2026 23:59:59');
    }
  });

  it('is open on the last day in the afternoon and closed a minute after its midnight', () => {
    const endsAt = guaranteeEndsAt(saoPaulo('2026-11-25T15:00:00'), 7);
    expect(saoPaulo('2026-12-02T15:17:00') < endsAt).toBe(true);
    expect(saoPaulo('2026-12-03T00:01:00') < endsAt).toBe(false);
  });

  it('counts a payment late at night in UTC by its São Paulo day', () => {
    // 02:30 UTC on the 26th is still the 25th in São Paulo.
    expect(guaranteeEndsAt(Date.parse('2026-11-26T02:30:00Z'), 7)).toBe(saoPaulo('2026-12-03T00:00:00'));
  });

  it('crosses a month and a year', () => {
    expect(formatDate(guaranteeLastDay(guaranteeEndsAt(saoPaulo('2026-12-28T10:00:00'), 7)))).toBe('04/01/2027');
  });
});

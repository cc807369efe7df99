import { describe, expect, it } from 'vitest';
import { chooseOfferDeadline } from './live-signals.ts';

// 15 March 2025, 12:00 in São Paulo (UTC−3); the month's batch closes at 1 April 00:00 there.
const now = Date.UTC(2025, 2, 15, 15);
const endOfMonth = Date.UTC(2025, 3, 1, 3);

describe('chooseOfferDeadline', () => {
  it('runs to the end of the current month in São Paulo when OFFER_ENDS_AT is unset', () => {
    expect(chooseOfferDeadline(undefined, now)).toBe(endOfMonth);
  });

  it("runs to the seller's OFFER_ENDS_AT while it is ahead, even past the month's end", () => {
    expect(chooseOfferDeadline(now + 15 * 60_000, now)).toBe(now + 15 * 60_000);
    expect(chooseOfferDeadline(endOfMonth + 86_400_000, now)).toBe(endOfMonth + 86_400_000);
  });

  it('falls back to the end of the month once OFFER_ENDS_AT has passed, never to a restarted timer', () => {
    expect(chooseOfferDeadline(now - 1, now)).toBe(endOfMonth);
    expect(chooseOfferDeadline(now, now)).toBe(endOfMonth);
  });

  it('moves to the next month at the São Paulo midnight that opens it', () => {
    expect(chooseOfferDeadline(undefined, endOfMonth - 1)).toBe(endOfMonth);
    expect(chooseOfferDeadline(undefined, endOfMonth)).toBe(Date.UTC(2025, 4, 1, 3));
  });
});

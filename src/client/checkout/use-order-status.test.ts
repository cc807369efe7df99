import { describe, expect, it } from 'vitest';
import { isSettled } from './use-order-status.ts';

describe('when the checkout tab stops asking about its order', () => {
  it('stops once paid, reversed, or failed with nothing replacing it', () => {
    expect(isSettled({ status: 'paid' })).toBe(true);
    expect(isSettled({ status: 'reversed' })).toBe(true);
    expect(isSettled({ status: 'failed' })).toBe(true);
  });

  it('keeps asking about a replaced code, which may still be paid late, and while waiting', () => {
    expect(isSettled({ status: 'failed', replacedBy: 'ref_live00000000000000' })).toBe(false);
    expect(isSettled({ status: 'pending' })).toBe(false);
  });
});

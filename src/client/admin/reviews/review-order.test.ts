import { describe, expect, it } from 'vitest';
import type { AdminReview } from '../../../shared/reviews.ts';
import { formatAverage, groupReviews, moveReview } from './review-order.ts';

const review = (orderId: string, overrides: Partial<AdminReview> = {}): AdminReview => ({
  orderId,
  hiddenByRefund: false,
  contentKey: `key-${orderId}`,
  rating: 5,
  text: 'Uma lista muito boa, recomendo a todos.',
  displayName: 'Joana P.',
  city: null,
  state: null,
  status: 'pending',
  position: null,
  purchasedAt: 0,
  createdAt: 0,
  updatedAt: 0,
  publishedAt: null,
  ...overrides,
});

describe('moveReview', () => {
  it('swaps a review with its neighbour', () => {
    expect(moveReview(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveReview(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('does nothing past either end', () => {
    expect(moveReview(['a', 'b'], 0, -1)).toBeNull();
    expect(moveReview(['a', 'b'], 1, 1)).toBeNull();
    expect(moveReview([], 0, 1)).toBeNull();
  });

  it('leaves the list it was given alone', () => {
    const ids = ['a', 'b'];
    moveReview(ids, 0, 1);
    expect(ids).toEqual(['a', 'b']);
  });
});

describe('groupReviews', () => {
  it('puts published ones in the seller’s order, the others latest first, and leaves withdrawn ones out', () => {
    const groups = groupReviews([
      review('p2', { status: 'published', position: 1 }),
      review('p1', { status: 'published', position: 0 }),
      review('old', { updatedAt: 1 }),
      review('new', { updatedAt: 2 }),
      review('h', { status: 'hidden' }),
      review('w', { status: 'withdrawn' }),
    ]);
    expect(groups.published.map((item) => item.orderId)).toEqual(['p1', 'p2']);
    expect(groups.pending.map((item) => item.orderId)).toEqual(['new', 'old']);
    expect(groups.hidden.map((item) => item.orderId)).toEqual(['h']);
  });
});

describe('formatAverage', () => {
  it('shows one decimal with a comma, and nothing without reviews', () => {
    expect(formatAverage(4.56)).toBe('4,6');
    expect(formatAverage(5)).toBe('5,0');
    expect(formatAverage(null)).toBeNull();
  });
});

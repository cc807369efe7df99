import type { AdminReview } from '../../../shared/reviews.ts';

/** The console's three groups; withdrawn reviews are off the site and not the seller's to act on. */
export interface ReviewGroups {
  pending: AdminReview[];
  published: AdminReview[];
  hidden: AdminReview[];
}

/** Pending and hidden by the latest change first; published in the seller's order. */
export function groupReviews(reviews: AdminReview[]): ReviewGroups {
  const byStatus = (status: AdminReview['status']) => reviews.filter((review) => review.status === status);
  const latestFirst = (list: AdminReview[]) => [...list].sort((a, b) => b.updatedAt - a.updatedAt);
  return {
    pending: latestFirst(byStatus('pending')),
    published: byStatus('published').sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.createdAt - b.createdAt),
    hidden: latestFirst(byStatus('hidden')),
  };
}

/** The published reviews' ids with the one at `index` moved one place (`-1` up, `1` down); null at an end. */
export function moveReview(orderIds: readonly string[], index: number, step: -1 | 1): string[] | null {
  const target = index + step;
  if (index < 0 || index >= orderIds.length || target < 0 || target >= orderIds.length) return null;
  const next = [...orderIds];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** "4,6": one decimal, the Brazilian way. */
export function formatAverage(average: number | null): string | null {
  return average === null ? null : average.toFixed(1).replace('.', ',');
}

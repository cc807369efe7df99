import { REVIEW_TOKEN_HEADER, type BuyerReview, type ReviewInput } from '../../shared/reviews.ts';
import { apiFetch } from '../lib/api.ts';

/**
 * Where a review is sent from: the review page with the e-mailed token (the same header its GET
 * sends), or the member page (its access cookie).
 */
export type ReviewTarget = { kind: 'page'; publicRef: string; token: string } | { kind: 'member' };

/** Writes (or rewrites) the review; resolves with it as the server now has it. */
export async function sendReview(target: ReviewTarget, input: ReviewInput): Promise<BuyerReview> {
  const reply =
    target.kind === 'member'
      ? await apiFetch('POST /api/access/review', { json: input })
      : await apiFetch('POST /api/reviews/:ref', {
          params: { ref: target.publicRef },
          headers: { [REVIEW_TOKEN_HEADER]: target.token },
          json: input,
        });
  return reply.review;
}

/** Takes the review back (off the site at once); resolves with it as withdrawn. */
export async function withdrawReview(target: ReviewTarget): Promise<BuyerReview> {
  const reply =
    target.kind === 'member'
      ? await apiFetch('POST /api/access/review/withdraw')
      : await apiFetch('POST /api/reviews/:ref/withdraw', {
          params: { ref: target.publicRef },
          headers: { [REVIEW_TOKEN_HEADER]: target.token },
        });
  return reply.review;
}

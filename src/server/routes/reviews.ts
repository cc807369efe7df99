import { Hono, type Context } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { reviewApi } from '../../content/reviews.ts';
import { REVIEW_TOKEN_HEADER, ReviewInputSchema } from '../../shared/reviews.ts';
import { apiErrors } from '../../content/api-errors.ts';
import { hiddenCharactersField } from '../../shared/zod.ts';
import { createMiddleware } from 'hono/factory';
import { apiError, limitBody } from '../http/http.ts';
import { limits } from '../http/rate-limit.ts';
import { isReviewToken } from '../orders/order-links.ts';
import { findOrderForPage } from '../checkout/order-page-service.ts';
import { loadReviewPage, withdrawBuyerReview, writeReview, type ReviewRefusal } from '../reviews/review-service.ts';
import { sendReply } from './api-reply.ts';
import type { AppEnv } from './context.ts';

export const reviewBodyLimit = limitBody(2048, (c) => apiError(c, 413, reviewApi.tooLarge));

export const reviewBody = zValidator('json', ReviewInputSchema, (result, c) => {
  if (result.success) return;
  const hidden = hiddenCharactersField(result.error);
  if (hidden) return apiError(c, 422, apiErrors.hiddenCharacters, { [hidden]: apiErrors.hiddenCharacters });
  const fields = new Set(result.error.issues.map((issue) => String(issue.path[0])));
  if (fields.has('text')) return apiError(c, 422, reviewApi.textLength, { text: reviewApi.textLength });
  if (fields.has('consent')) return apiError(c, 422, reviewApi.consentRequired, { consent: reviewApi.consentRequired });
  return apiError(c, 422, reviewApi.invalid);
});

/** Before the body is read: each write rewrites the review and may re-render `/`. */
export const reviewWriteLimit = createMiddleware<AppEnv>(async (c, next) => {
  const decision = await c.var.limiter.consume(limits.reviewWrite, c.var.clientAddress, c.var.now());
  if (!decision.allowed) {
    c.header('Retry-After', String(Math.ceil(decision.retryAfterMs / 1000)));
    return apiError(c, 429, reviewApi.tooMany);
  }
  await next();
});

export function refusedReview(c: Context<AppEnv>, refusal: ReviewRefusal): Response {
  return apiError(c, refusal.status, refusal.message);
}

/** 403 without its key: the reference alone also reaches trackers. */
async function keyedOrder(c: Context<AppEnv>) {
  const order = await findOrderForPage(c.var.orders, c.req.param('ref') ?? '');
  if (!order) return { refusal: apiError(c, 404, reviewApi.notFound) } as const;
  if (!isReviewToken(order, c.req.header(REVIEW_TOKEN_HEADER)?.slice(0, 64)))
    return { refusal: apiError(c, 403, reviewApi.badToken) } as const;
  return { order } as const;
}

export const reviewsRoutes = new Hono<AppEnv>()
  .basePath('/api/reviews')
  .use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    await next();
  })
  .get('/:ref', async (c) => {
    const found = await keyedOrder(c);
    if (found.refusal) return found.refusal;
    const page = await loadReviewPage(c.var.reviews, found.order);
    if ('kind' in page) return refusedReview(c, page);
    return sendReply(c, 'GET', page);
  })
  .post('/:ref', reviewWriteLimit, reviewBodyLimit, reviewBody, async (c) => {
    const found = await keyedOrder(c);
    if (found.refusal) return found.refusal;
    const result = await writeReview(c.var.reviews, found.order.id, c.req.valid('json'), c.var.now());
    if (result.kind !== 'ok') return refusedReview(c, result);
    c.var.logger.info('Review written on the review page', { order: found.order.id });
    return sendReply(c, 'POST', { review: result.review });
  })
  .post('/:ref/withdraw', reviewWriteLimit, async (c) => {
    const found = await keyedOrder(c);
    if (found.refusal) return found.refusal;
    const result = await withdrawBuyerReview(c.var.reviews, found.order.id, c.var.now());
    if (result.kind !== 'ok') return refusedReview(c, result);
    c.var.logger.info('Review withdrawn on the review page', { order: found.order.id });
    return sendReply(c, 'POST', { review: result.review });
  });

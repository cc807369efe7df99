import type { Context } from 'hono';
import { reviewConsoleApi } from '../../../content/reviews.ts';
import { AdminReviewOrderSchema, AdminReviewPublishSchema } from '../../../shared/reviews.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { isIdShaped } from '../../orders/ids.ts';
import {
  hideOrderReview,
  listReviewsForConsole,
  orderReviews,
  publishOrderReview,
  type ReviewsDeps,
} from '../../reviews/review-service.ts';
import { sendReply } from '../api-reply.ts';
import type { AdminEnv } from '../context.ts';
import { adminRouter, json, tooLarge } from './console.ts';

/** 409 when the buyer saved other words than the seller read. */
async function moderateReview(
  c: Context<AdminEnv, '/api/admin/reviews/:orderId/publish' | '/api/admin/reviews/:orderId/hide'>,
  action: 'review_publish' | 'review_hide',
  moderate: (deps: ReviewsDeps, orderId: string, now: number) => Promise<'ok' | 'not_found' | 'changed'>,
) {
  const now = c.var.now();
  const orderId = c.req.param('orderId');
  const result = isIdShaped(orderId) ? await moderate(c.var.reviews, orderId, now) : 'not_found';
  if (result === 'not_found') return apiError(c, 404, reviewConsoleApi.notFound);
  if (result === 'changed') return apiError(c, 409, reviewConsoleApi.textChanged);
  await recordAudit(c.var.db, { session: c.var.session, action, orderId, now });
  return sendReply(c, 'POST', await listReviewsForConsole(c.var.reviews));
}

/** The buyer's words are never edited here. */
export const adminReviewsRoutes = adminRouter()
  .get('/reviews', async (c) => sendReply(c, 'GET', await listReviewsForConsole(c.var.reviews)))

  .post('/reviews/order', limitBody(64 * 1024, tooLarge), json(AdminReviewOrderSchema), async (c) => {
    const now = c.var.now();
    const count = await orderReviews(c.var.reviews, c.req.valid('json').orderIds);
    await recordAudit(c.var.db, { session: c.var.session, action: 'review_order', detail: { count }, now });
    return sendReply(c, 'POST', await listReviewsForConsole(c.var.reviews));
  })

  .post('/reviews/:orderId/publish', limitBody(1024, tooLarge), json(AdminReviewPublishSchema), (c) => {
    const { contentKey } = c.req.valid('json');
    return moderateReview(c, 'review_publish', (reviews, orderId, now) => publishOrderReview(reviews, orderId, contentKey, now));
  })

  .post('/reviews/:orderId/hide', (c) =>
    moderateReview(c, 'review_hide', async (reviews, orderId, now) =>
      (await hideOrderReview(reviews, orderId, now)) ? 'ok' : 'not_found',
    ),
  );

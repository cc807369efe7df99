import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { renderReviewRequestMessage, REVIEW_REQUEST_KIND } from './review-email.ts';
import { deleteReviewsOfOrders } from './review-service.ts';

const DAY = 24 * 60 * 60_000;

/** Queued with the payment for `paidAt + REVIEW_REQUEST_DAYS`, one per (order, kind); dropped if it no longer applies. */
export function registerReviewsEvents({ events, kinds, deps }: EventWiring): void {
  const { config } = deps;
  events.subscribe('paid', async (trx, { order, at }) => {
    // One request per purchase: an add-on paid after it is part of its parent's.
    if (config.reviewRequestDays === null || order.kind === 'addon') return;
    const paidAt = Number(order.paid_at ?? at);
    await enqueueOutboxMessage(trx, {
      orderId: order.id,
      kind: REVIEW_REQUEST_KIND,
      payload: {},
      now: at,
      notBefore: paidAt + config.reviewRequestDays * DAY,
    });
  });

  // The buyer's words and name go with the rest; the caller refreshes the landing page's reviews after the commit.
  events.subscribe('erased', async (trx, { orderId }) => {
    await deleteReviewsOfOrders(trx, [orderId]);
  });

  kinds.register(
    REVIEW_REQUEST_KIND,
    emailHandler(deps.mailer, (row) => renderReviewRequestMessage(deps, row)),
  );
}

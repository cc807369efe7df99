import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { emailMessageId } from '../mail/define-email.ts';
import { emailHandler } from '../mail/email-handler.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { reviewPageUrl } from '../orders/order-links.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { renderReviewRequestEmail } from './review-emails.ts';
import { REVIEW_REQUEST_KIND } from './review-service.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { findRefund } from '../refunds/buyer-guarantee.ts';
import { findReview } from './review-lookup.ts';
import { deleteReviewsOfOrders } from './review-service.ts';
import { productNameOf } from '../purchases/purchase-items.ts';

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

  const render = async (row: OutboxMessage): Promise<MailMessage> => {
    const order = await findOrderById(deps.db, row.orderId);
    if (!order) throw new UndeliverableMessageError(`review request for ${row.orderId}: order gone`);
    const reason = await reasonNotToAsk(deps.db, order);
    if (reason) throw new MessageNotNeededError(reason);
    const email = renderReviewRequestEmail({
      buyerName: order.buyer_name,
      reviewUrl: reviewPageUrl(deps.publicUrl(), order),
      productName: await productNameOf(deps.db, order.id),
      demoMode: config.demoMode,
    });
    return { to: order.buyer_email, ...email, messageId: emailMessageId(row.kind, row.orderId) };
  };
  kinds.register(REVIEW_REQUEST_KIND, emailHandler(deps.mailer, render));
}

/** Why a review request is not sent any more; undefined when it still should be. */
async function reasonNotToAsk(db: Kysely<Database>, order: OrderRow): Promise<string | undefined> {
  if (order.status !== 'paid') return `order is ${order.status}`;
  if (!order.buyer_email) return 'the buyer was erased';
  if (order.reminders_opted_out_at !== null) return 'the buyer opted out of reminders';
  const [refund, review] = await Promise.all([findRefund(db, order.id), findReview(db, order.id)]);
  if (refund) return `a refund is ${refund.status}`;
  if (review) return 'the buyer already reviewed';
  return undefined;
}

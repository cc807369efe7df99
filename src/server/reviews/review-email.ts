import type { Kysely } from 'kysely';
import { reviewEmail } from '../../content/emails.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { buttonBlock, defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import { assertWebUrl, greetingName } from '../mail/email-parts.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { reviewPageUrl } from '../orders/order-links.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { productNameOf } from '../purchase/purchase-items.ts';
import { findRefund } from '../refunds/refund-lookup.ts';
import { findReview } from './review-lookup.ts';

export const REVIEW_REQUEST_KIND = 'review_request';

/** The one review request (docs/reviews.md), in the look of every buyer e-mail. */
export interface ReviewRequestEmailInput {
  buyerName: string;
  /** The review page with its key in the fragment (orders/order-links.ts `reviewPageUrl`). */
  reviewUrl: string;
  productName: string;
  demoMode?: boolean;
}

const renderReviewRequestEmail = defineEmail((input: ReviewRequestEmailInput) => {
  assertWebUrl(input.reviewUrl, 'the review link');
  // Only a name that reads as one: anyone can type anyone's address at checkout (mail/email-parts.ts).
  const name = greetingName(input.buyerName);
  const copy = emailCopy({ productName: input.productName, firstName: name });
  return {
    subject: reviewEmail.subject,
    preheader: copy.text(reviewEmail.preheader),
    demoMode: input.demoMode,
    greet: { firstName: name },
    blocks: [
      copy.paragraph(reviewEmail.intro),
      copy.paragraph(reviewEmail.ask),
      buttonBlock(input.reviewUrl, reviewEmail.button, reviewEmail.rawLinkIntro, [`${reviewEmail.button}: ${input.reviewUrl}`, '']),
      copy.paragraph(reviewEmail.consent),
    ],
    signature: { line: reviewEmail.signature, productName: input.productName },
    footer: [copy.line(reviewEmail.footer)],
  };
});

/** Reads the order when the row's turn comes: a request that no longer applies is dropped. */
export async function renderReviewRequestMessage(
  deps: { db: Kysely<Database>; config: Pick<Config, 'demoMode'>; publicUrl: () => string },
  row: Pick<OutboxMessage, 'orderId' | 'kind'>,
): Promise<MailMessage> {
  const order = await findOrderById(deps.db, row.orderId);
  if (!order) throw new UndeliverableMessageError(`review request for ${row.orderId}: order gone`);
  const reason = await reasonNotToAsk(deps.db, order);
  if (reason) throw new MessageNotNeededError(reason);
  const email = renderReviewRequestEmail({
    buyerName: order.buyer_name,
    reviewUrl: reviewPageUrl(deps.publicUrl(), order),
    productName: await productNameOf(deps.db, order.id),
    demoMode: deps.config.demoMode,
  });
  return { to: order.buyer_email, ...email, messageId: emailMessageId(row.kind, row.orderId) };
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

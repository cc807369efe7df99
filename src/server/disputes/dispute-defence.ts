// The defence's text (docs/disputes.md#defending): from the order's own records (refunds/order-evidence.ts), never today's page.
import { disputeDefence as copy } from '../../content/disputes.ts';
import { evidenceDocument } from '../../content/evidence.ts';
import { formatBRL } from '../../shared/money.ts';
import { formatDateTime } from '../../shared/time.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { loadOrderEvidence } from '../refunds/order-evidence.ts';
import { findReview } from '../reviews/review-lookup.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { DisputeRow } from './dispute-repository.ts';
import { PayerCheck } from './payer-check.ts';

const payerSentences: Record<number, string> = {
  [PayerCheck.both]: copy.payer.both,
  [PayerCheck.document]: copy.payer.document,
  [PayerCheck.name]: copy.payer.name,
  [PayerCheck.matched]: copy.payer.matched,
  [PayerCheck.documentDiffers]: copy.payer.documentDiffers,
};

/** Openings listed one by one in the text; the PDF lists every one kept. */
const OPENINGS_LISTED = 10;

const payerSentence = (check: number | null) => (check === null ? undefined : payerSentences[check]);

export async function buildDefenceText(
  deps: Pick<OrdersDeps, 'db' | 'config' | 'publicUrl' | 'now'>,
  dispute: Pick<DisputeRow, 'order_id' | 'payer_matches'>,
): Promise<string> {
  const now = deps.now?.() ?? Date.now();
  const [order, review, evidence] = await Promise.all([
    findOrderById(deps.db, dispute.order_id),
    findReview(deps.db, dispute.order_id),
    loadOrderEvidence(deps.db, dispute.order_id, { config: deps.config, publicUrl: deps.publicUrl(), now }),
  ]);
  if (!order || !evidence) return '';
  const labels = evidenceDocument.buyer;
  const buyer = evidence.buyer;
  const lines: string[] = [copy.heading(evidence.order.reference), ''];
  for (const charge of evidence.purchase.charges) lines.push(copy.product(charge.items.join(', '), formatBRL(charge.amountCents)));
  if (evidence.order.paidAt !== null) lines.push(`${evidenceDocument.order.paidAt}: ${formatDateTime(evidence.order.paidAt)}.`);
  lines.push('', copy.buyer);
  lines.push(`${labels.name}: ${buyer.name}`, `${labels.email}: ${buyer.email}`, `${labels.phone}: ${buyer.phone}`);
  if (buyer.document) lines.push(`${labels.document}: ${buyer.document}`);
  const payer = payerSentence(dispute.payer_matches);
  if (payer) lines.push(payer);
  // Kept only with the buyer's consent, and only for the first days (orders/order-erasure.ts eraseTrackingIdentifiers).
  if (order.client_ip && order.client_user_agent) lines.push(copy.checkoutFrom(order.client_ip, order.client_user_agent));
  lines.push('', copy.terms, `${evidenceDocument.guarantee.period}: ${evidenceDocument.guarantee.periodValue(evidence.guarantee.days)}.`);
  const delivered = evidence.events.filter((event) => event.kind === 'access_email_accepted');
  lines.push('', ...(delivered.length > 0 ? delivered.map((event) => copy.delivered(formatDateTime(event.at))) : [copy.notDelivered]));
  // The count and the addresses are every opening's; the lines list the first few, so the text fits the providers' limits.
  const { openings } = evidence;
  if (openings.count === 0) lines.push(copy.noOpenings);
  else {
    lines.push(copy.openings(openings.count, openings.addresses, openings.withoutAddress));
    const listed = evidence.events.filter((event) => event.kind === 'member_page_opened').slice(0, OPENINGS_LISTED);
    for (const opening of listed) lines.push(`- ${formatDateTime(opening.at)}${opening.detail ? ` (${opening.detail})` : ''}`);
    if (openings.count > listed.length && openings.lastAt !== null)
      lines.push(copy.moreOpenings(openings.count - listed.length, formatDateTime(openings.lastAt)));
  }
  const refunds = evidence.events.filter((event) => event.kind.startsWith('refund') || event.kind === 'refunded');
  if (refunds.length === 0) lines.push('', copy.noRefundRequests);
  else {
    lines.push('', copy.refundRequests);
    for (const event of refunds)
      lines.push(`- ${formatDateTime(event.at)}: ${evidenceDocument.events[event.kind].label}${event.detail ? ` (${event.detail})` : ''}`);
  }
  // The buyer's own words about the product, as written (docs/reviews.md).
  if (review) lines.push('', copy.reviews, `- ${formatDateTime(Number(review.created_at))}: ${review.rating}/5 "${review.text}"`);
  lines.push('', openings.count > 0 ? copy.closing.used : delivered.length > 0 ? copy.closing.delivered : copy.closing.recorded);
  return lines.join('\n');
}

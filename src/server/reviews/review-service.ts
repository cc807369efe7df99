import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { reviewApi } from '../../content/reviews.ts';
import type { AdminReview, AdminReviewList, BuyerReview, MemberReview, ReviewInput, ReviewPageReply } from '../../shared/reviews.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import type { ReviewsSignal } from './reviews-signal.ts';
import {
  hideReview,
  listModeratedReviews,
  orderPublishedReviews,
  publishReview,
  REFUND_STATUSES_HIDING_REVIEW,
  saveReview,
  withdrawReview,
  type ModeratedReviewRow,
  type ReviewRow,
} from './reviews-repository.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { findRefund } from '../refunds/refund-lookup.ts';
import { findReview } from './review-lookup.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Verified-buyer reviews (docs/reviews.md). */
export interface ReviewsDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'reviewsMin'>;
  /** Told after every change to what the landing page shows (published reviews and their order). */
  signal: ReviewsSignal;
}

/** "Joana Prado Silva" → "Joana S.": the first name and the initial of the last. */
export function suggestedDisplayName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  const capital = (word: string) => word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1).toLocaleLowerCase('pt-BR');
  const initial = last ? ` ${last.charAt(0).toLocaleUpperCase('pt-BR')}.` : '';
  return `${first ? capital(first) : ''}${initial}`;
}

function buyerReview(row: ReviewRow): BuyerReview {
  return {
    rating: row.rating,
    text: row.text,
    displayName: row.display_name,
    city: row.city,
    state: row.state,
    status: row.status,
    updatedAt: Number(row.updated_at),
  };
}

export type ReviewRefusal = { kind: 'refused'; status: 404 | 409; message: string };

/** May the review be on the site: paid, no refund asked, under way or done (as reviews-repository.ts). */
async function purchaseStands(db: Kysely<Database>, order: Pick<OrderRow, 'id' | 'status'>): Promise<boolean> {
  if (order.status !== 'paid') return false;
  const refund = await findRefund(db, order.id);
  return !refund || !REFUND_STATUSES_HIDING_REVIEW.includes(refund.status);
}

/** GET /api/reviews/:ref; after a refund it still opens (`refunded`) so the buyer can withdraw the review. */
export async function loadReviewPage(deps: Pick<ReviewsDeps, 'db'>, order: OrderRow): Promise<ReviewPageReply | ReviewRefusal> {
  if (order.paid_at === null) return { kind: 'refused', status: 409, message: reviewApi.notPaid };
  const [review, stands] = await Promise.all([findReview(deps.db, order.id), purchaseStands(deps.db, order)]);
  if (!stands && !review) return { kind: 'refused', status: 409, message: reviewApi.notPaid };
  return {
    suggestedName: suggestedDisplayName(order.buyer_name),
    purchasedAt: Number(order.paid_at),
    refunded: !stands,
    review: review ? buyerReview(review) : null,
  };
}

/** The member page's card, for the order of its cookie (a refund asked for leaves the page open until it is done). */
export async function loadMemberReview(
  deps: Pick<ReviewsDeps, 'db'>,
  member: { id: string; status: OrderRow['status']; buyerName: string },
): Promise<MemberReview> {
  const [review, stands] = await Promise.all([findReview(deps.db, member.id), purchaseStands(deps.db, member)]);
  return {
    canReview: stands,
    refunded: !stands,
    suggestedName: suggestedDisplayName(member.buyerName),
    review: review ? buyerReview(review) : null,
  };
}

/** The buyer writes or edits: `pending` again either way, with the consent given now. */
export async function writeReview(
  deps: ReviewsDeps,
  orderId: string,
  input: ReviewInput,
  now: number,
): Promise<{ kind: 'ok'; review: BuyerReview } | ReviewRefusal> {
  const order = await findOrderById(deps.db, orderId);
  if (!order) return { kind: 'refused', status: 404, message: reviewApi.notFound };
  if (order.status !== 'paid' || order.paid_at === null) {
    return { kind: 'refused', status: 409, message: order.paid_at === null ? reviewApi.notPaid : reviewApi.refunded };
  }
  // New words would wait for a seller who can no longer show them: only withdrawing is left.
  if (!(await purchaseStands(deps.db, order))) return { kind: 'refused', status: 409, message: reviewApi.refunded };
  const { row, previous } = await saveReview(deps.db, { orderId, review: input, purchasedAt: Number(order.paid_at), now });
  // An edit of a published text takes it off the site until the seller publishes it again.
  if (previous?.status === 'published') deps.signal.changed();
  return { kind: 'ok', review: buyerReview(row) };
}

/** "Retirar depoimento": off the site at once. */
export async function withdrawBuyerReview(
  deps: ReviewsDeps,
  orderId: string,
  now: number,
): Promise<{ kind: 'ok'; review: BuyerReview } | ReviewRefusal> {
  const before = await withdrawReview(deps.db, orderId, now);
  if (!before) return { kind: 'refused', status: 404, message: reviewApi.nothingToWithdraw };
  if (before.status === 'published') deps.signal.changed();
  const row = await findReview(deps.db, orderId);
  return row ? { kind: 'ok', review: buyerReview(row) } : { kind: 'refused', status: 404, message: reviewApi.nothingToWithdraw };
}

/** AdminReview's contentKey: a digest of every word and mark the console's card shows of the review. */
function reviewContentKey(row: ReviewRow): string {
  const shown = [Number(row.rating), row.text, row.display_name, row.city, row.state];
  return createHash('sha256').update(JSON.stringify(shown), 'utf8').digest('base64url');
}

function adminReview(row: ModeratedReviewRow): AdminReview {
  return {
    orderId: row.order_id,
    ...buyerReview(row),
    hiddenByRefund: row.hidden_by_refund,
    contentKey: reviewContentKey(row),
    position: row.status === 'published' ? row.position : null,
    purchasedAt: Number(row.purchased_at),
    createdAt: Number(row.created_at),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
  };
}

/** The console's "Depoimentos"; its average and count are the landing page's (none of a refunded purchase). */
export async function listReviewsForConsole(deps: Pick<ReviewsDeps, 'db' | 'config'>): Promise<AdminReviewList> {
  const reviews = (await listModeratedReviews(deps.db)).map(adminReview);
  const published = reviews.filter((review) => review.status === 'published' && !review.hiddenByRefund);
  const averageRating = published.length
    ? Math.round((published.reduce((sum, r) => sum + r.rating, 0) / published.length) * 10) / 10
    : null;
  return { reviews, averageRating, publishedCount: published.length, minimumToShow: deps.config.reviewsMin };
}

/** "Publicar" of the words the seller read: `changed` when the buyer saved other words since. */
export async function publishOrderReview(
  deps: ReviewsDeps,
  orderId: string,
  contentKey: string,
  now: number,
): Promise<'ok' | 'not_found' | 'changed'> {
  const result = await publishReview(deps.db, orderId, now, (row) => reviewContentKey(row) === contentKey);
  if (result.kind === 'none') return 'not_found';
  if (result.kind === 'changed') return 'changed';
  if (result.before.status !== 'published') deps.signal.changed();
  return 'ok';
}

export async function hideOrderReview(deps: ReviewsDeps, orderId: string, now: number): Promise<boolean> {
  const before = await hideReview(deps.db, orderId, now);
  if (!before) return false;
  if (before.status === 'published') deps.signal.changed();
  return true;
}

/** The seller's order of the published reviews; returns how many are published. */
export async function orderReviews(deps: ReviewsDeps, orderIds: string[]): Promise<number> {
  const count = await orderPublishedReviews(deps.db, orderIds);
  if (count > 0) deps.signal.changed();
  return count;
}

/** The erasure (LGPD): the orders' reviews go. True when one of them was on the site. */
export async function deleteReviewsOfOrders(trx: Executor, orderIds: string[]): Promise<boolean> {
  if (orderIds.length === 0) return false;
  const rows = await trx.selectFrom('reviews').select('status').where('order_id', 'in', orderIds).execute();
  await trx.deleteFrom('reviews').where('order_id', 'in', orderIds).execute();
  return rows.some((row) => row.status === 'published');
}

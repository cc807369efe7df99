import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ReviewsTable } from '../db/schema.ts';
import type { RefundStatus } from '../../shared/refunds.ts';
import type { ReviewInput } from '../../shared/reviews.ts';
import { findReview } from './review-lookup.ts';
import { paidOrderIds } from '../orders/order-lookup.ts';
import { orderIdsWithRefund } from '../refunds/refund-lookup.ts';

/** One review per order (docs/reviews.md); every change is one statement or transaction, so a double click changes it once. */
export type ReviewRow = Selectable<ReviewsTable>;

type Executor = Kysely<Database> | Transaction<Database>;

/** Reviews belong to main orders, so an add-on's own refund never touches them. */
export const REFUND_STATUSES_HIDING_REVIEW: readonly RefundStatus[] = ['requested', 'approved', 'refunded'];

/** In the same query as the reviews, so every instance's fingerprint check sees a refund without being told. */
function purchaseStands(eb: ExpressionBuilder<Database, 'reviews'>) {
  return eb.and([
    eb('reviews.order_id', 'in', paidOrderIds()),
    eb('reviews.order_id', 'not in', orderIdsWithRefund(REFUND_STATUSES_HIDING_REVIEW)),
  ]);
}

/** Always `pending` again: the seller approved other words. */
export async function saveReview(
  db: Kysely<Database>,
  input: { orderId: string; review: ReviewInput; purchasedAt: number; now: number },
): Promise<{ row: ReviewRow; previous: ReviewRow | undefined }> {
  const { review, now } = input;
  const fields = {
    rating: review.rating,
    text: review.text,
    display_name: review.displayName,
    city: review.city ? review.city : null,
    state: review.state ?? null,
    consent_at: now,
    status: 'pending' as const,
    position: null,
    updated_at: now,
    published_at: null,
  };
  return db.transaction().execute(async (trx) => {
    const previous = await findReview(trx, input.orderId);
    await trx
      .insertInto('reviews')
      .values({ ...fields, order_id: input.orderId, photo_url: null, purchased_at: input.purchasedAt, created_at: now })
      .onConflict((conflict) => conflict.column('order_id').doUpdateSet(fields))
      .execute();
    const row = await trx.selectFrom('reviews').selectAll().where('order_id', '=', input.orderId).executeTakeFirstOrThrow();
    return { row, previous };
  });
}

/** Only the fact is kept: the consent to show the words, the name and the place is gone. */
export async function withdrawReview(db: Kysely<Database>, orderId: string, now: number): Promise<ReviewRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await findReview(trx, orderId);
    if (!before || before.status === 'withdrawn') return before;
    await trx
      .updateTable('reviews')
      .set({
        status: 'withdrawn',
        text: '',
        display_name: '',
        city: null,
        state: null,
        photo_url: null,
        position: null,
        published_at: null,
        updated_at: now,
      })
      .where('order_id', '=', orderId)
      .execute();
    return before;
  });
}

export type ModeratedReviewRow = ReviewRow & { hidden_by_refund: boolean };

export async function listModeratedReviews(db: Executor): Promise<ModeratedReviewRow[]> {
  const found = await db
    .selectFrom('reviews')
    .selectAll()
    .select((eb) => purchaseStands(eb).as('stands'))
    .where('status', '!=', 'withdrawn')
    .execute();
  // SQLite answers 0/1, PostgreSQL a boolean.
  const rows = found.map(({ stands, ...row }) => ({ ...row, hidden_by_refund: !Number(stands) }));
  const published = rows.filter((row) => row.status === 'published').sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const others = rows.filter((row) => row.status !== 'published').sort((a, b) => Number(b.updated_at) - Number(a.updated_at));
  return [...published, ...others];
}

export async function publishedInOrder(trx: Executor): Promise<ReviewRow[]> {
  return trx
    .selectFrom('reviews')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('position')
    .orderBy('published_at')
    .orderBy('order_id')
    .execute();
}

export async function shownInOrder(trx: Executor): Promise<ReviewRow[]> {
  return trx
    .selectFrom('reviews')
    .selectAll()
    .where('status', '=', 'published')
    .where(purchaseStands)
    .orderBy('position')
    .orderBy('published_at')
    .orderBy('order_id')
    .execute();
}

/** Compared by every instance every couple of seconds, so a change made anywhere shows at once. */
export async function publishedFingerprint(trx: Executor): Promise<string> {
  const rows = await trx
    .selectFrom('reviews')
    .select(['order_id', 'position', 'updated_at'])
    .where('status', '=', 'published')
    .where(purchaseStands)
    .orderBy('position')
    .orderBy('order_id')
    .execute();
  return rows.map((row) => `${row.order_id}:${String(row.position)}:${String(row.updated_at)}`).join(',');
}

/** Only when `isSeen(row)`: `changed` when the words are not the ones the seller read. */
export async function publishReview(
  db: Kysely<Database>,
  orderId: string,
  now: number,
  isSeen: (row: ReviewRow) => boolean,
): Promise<{ kind: 'none' } | { kind: 'changed' } | { kind: 'ok'; before: ReviewRow }> {
  return db.transaction().execute(async (trx) => {
    const row = await findReview(trx, orderId);
    if (!row || row.status === 'withdrawn') return { kind: 'none' };
    if (!isSeen(row)) return { kind: 'changed' };
    if (row.status === 'published') return { kind: 'ok', before: row };
    const last = await trx
      .selectFrom('reviews')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('status', '=', 'published')
      .executeTakeFirst();
    const position = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1;
    const result = await trx
      .updateTable('reviews')
      .set({ status: 'published', position, published_at: now, updated_at: now })
      .where('order_id', '=', orderId)
      .where('status', 'in', ['pending', 'hidden'])
      // A buyer's save committed since the read (PostgreSQL's read committed) is not published unseen.
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? { kind: 'ok', before: row } : { kind: 'changed' };
  });
}

export async function hideReview(db: Kysely<Database>, orderId: string, now: number): Promise<ReviewRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await findReview(trx, orderId);
    if (!row || row.status === 'withdrawn') return undefined;
    if (row.status === 'hidden') return row;
    await trx
      .updateTable('reviews')
      .set({ status: 'hidden', position: null, published_at: null, updated_at: now })
      .where('order_id', '=', orderId)
      .where('status', 'in', ['pending', 'published'])
      .execute();
    return row;
  });
}

/** The ids given first, the published ones not named after them as they were. */
export async function orderPublishedReviews(db: Kysely<Database>, orderIds: string[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const published = await publishedInOrder(trx);
    const known = new Set(published.map((row) => row.order_id));
    const named = [...new Set(orderIds)].filter((id) => known.has(id));
    const rest = published.map((row) => row.order_id).filter((id) => !named.includes(id));
    const ordered = [...named, ...rest];
    for (const [position, orderId] of ordered.entries()) {
      await trx.updateTable('reviews').set({ position }).where('order_id', '=', orderId).where('status', '=', 'published').execute();
    }
    return ordered.length;
  });
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ReviewRow } from './reviews-repository.ts';

// An order's review as the other modules read it: the service, the repository's writes and the buyer's data export.

type Executor = Kysely<Database> | Transaction<Database>;

export async function findReview(db: Executor, orderId: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// What erasing a buyer removes of refunds (docs/refunds.md#evidence): the buyer's own words in the request (the
// delivery record goes with evidence/delivery-record.ts); the refund itself stays, since the money moved.

type Executor = Kysely<Database> | Transaction<Database>;

/** Erasure (privacy/): the buyer's own words go; the facts of the refund stay with the anonymised order. */
export async function eraseRefundNotes(db: Executor, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('refunds')
    .set({ note: null })
    .where('order_id', 'in', [...orderIds])
    .execute();
}

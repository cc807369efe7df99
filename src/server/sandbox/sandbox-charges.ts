import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The ids of the charges the demo's sandbox took, as a subquery for orders/. */
export function sandboxChargeIds(db: Kysely<Database>) {
  return db.selectFrom('sandbox_transactions').select('hash');
}

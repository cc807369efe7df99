import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function sandboxChargeIds(db: Kysely<Database>) {
  return db.selectFrom('sandbox_transactions').select('hash');
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { revokeOrderTokens } from './access-repository.ts';

/** The seller's hand on one order's access, from the console: taken away, or given back. */

/** Every link sent so far and the buyer's cookie open nothing from now on; false when it was already revoked. */
export async function revokeOrderAccess(db: Kysely<Database>, orderId: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({ access_revoked_at: now, updated_at: now })
      .where('id', '=', orderId)
      .where('access_revoked_at', 'is', null)
      .executeTakeFirst();
    await revokeOrderTokens(trx, orderId, now);
    return Number(result.numUpdatedRows) > 0;
  });
}

/** A paid order gets its access back after a revocation; the links revoked then stay dead. */
export async function restoreOrderAccess(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ access_revoked_at: null, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'paid')
    .where('access_revoked_at', 'is not', null)
    .execute();
}

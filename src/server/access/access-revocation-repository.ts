import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { revokeOrderTokens } from './access-repository.ts';

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

/** The links revoked then stay dead. */
export async function restoreOrderAccess(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ access_revoked_at: null, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'paid')
    .where('access_revoked_at', 'is not', null)
    .execute();
}

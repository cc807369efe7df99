import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { revokeOrderTokens } from './access-repository.ts';

// An order's access taken back or given back: by the seller in the console, or for an erased buyer.

type Executor = Kysely<Database> | Transaction<Database>;

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

export async function revokeAccessOfOrders(db: Executor, orderIds: readonly string[], now: number): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('order_id', 'in', [...orderIds])
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('orders')
    .set({ access_revoked_at: now })
    .where('id', 'in', [...orderIds])
    .where('status', '=', 'paid')
    .where('access_revoked_at', 'is', null)
    .execute();
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { markAccessRestored, markAccessRevoked, markAccessRevokedOfOrders } from '../orders/order-access.ts';
import { revokeOrderTokens } from './access-repository.ts';

// An order's access taken back or given back: by the seller in the console, or for an erased buyer.

type Executor = Kysely<Database> | Transaction<Database>;

export async function revokeOrderAccess(db: Kysely<Database>, orderId: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const revoked = await markAccessRevoked(trx, orderId, now);
    await revokeOrderTokens(trx, orderId, now);
    return revoked;
  });
}

/** The links revoked then stay dead. */
export async function restoreOrderAccess(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await markAccessRestored(db, orderId, now);
}

export async function revokeAccessOfOrders(db: Executor, orderIds: readonly string[], now: number): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('order_id', 'in', [...orderIds])
    .where('revoked_at', 'is', null)
    .execute();
  await markAccessRevokedOfOrders(db, orderIds, now);
}

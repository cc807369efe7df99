// Never twice (docs/disputes.md#never-twice): while a dispute is open the MED may return the money, so no refund of
// the purchase goes to the provider unless the seller confirmed it a second time. The routes ask here, refunds/ through its deps (compose.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { chargesOf } from '../purchases/purchase-ledger.ts';
import { loadPurchase } from '../purchases/purchase-service.ts';
import { disputesOfOrders, isOpenDispute } from './dispute-repository.ts';

/** Any charge of the order's purchase (the order and its add-on) has a dispute still open. */
export async function purchaseHasOpenDispute(db: Kysely<Database> | Transaction<Database>, orderId: string): Promise<boolean> {
  const purchase = await loadPurchase(db, orderId);
  const ids = purchase ? chargesOf(purchase).map((order) => order.id) : [orderId];
  return (await disputesOfOrders(db, ids)).some(isOpenDispute);
}

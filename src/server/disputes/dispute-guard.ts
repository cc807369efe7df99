// Never twice (docs/disputes.md#never-twice): while a dispute is open no refund goes to the provider without a second confirmation.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { chargesOf } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { disputesOfOrders, isOpenDispute } from './dispute-repository.ts';

/** Any charge of the order's purchase (the order and its add-on) has a dispute still open. */
export async function purchaseHasOpenDispute(db: Kysely<Database> | Transaction<Database>, orderId: string): Promise<boolean> {
  const purchase = await loadPurchase(db, orderId);
  const ids = purchase ? chargesOf(purchase).map((order) => order.id) : [orderId];
  return (await disputesOfOrders(db, ids)).some(isOpenDispute);
}

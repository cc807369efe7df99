// Never twice (docs/disputes.md#never-twice): while a dispute is open no refund goes to the provider without a second confirmation.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { chargesOf } from '../purchase/purchase-ledger.ts';
import type { PurchaseRecord } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { disputesOfOrders, isOpenDispute } from './dispute-repository.ts';

/** Any charge of the order's purchase (the order and its add-on) has a dispute still open. */
export async function purchaseHasOpenDispute(db: Kysely<Database> | Transaction<Database>, orderId: string): Promise<boolean> {
  const purchase = await loadPurchase(db, orderId);
  const ids = purchase ? chargesOf(purchase).map((order) => order.id) : [orderId];
  return (await disputesOfOrders(db, ids)).some(isOpenDispute);
}

/** Of `purchases`, the main orders' ids whose purchase has a dispute still open: one read for them all (a console list). */
export async function purchasesWithOpenDispute(
  db: Kysely<Database> | Transaction<Database>,
  purchases: Iterable<PurchaseRecord>,
): Promise<Set<string>> {
  const mainOf = new Map<string, string>();
  for (const purchase of purchases) for (const order of chargesOf(purchase)) mainOf.set(order.id, purchase.main.id);
  const open = (await disputesOfOrders(db, [...mainOf.keys()])).filter(isOpenDispute);
  return new Set(open.map((dispute) => mainOf.get(dispute.order_id)!));
}

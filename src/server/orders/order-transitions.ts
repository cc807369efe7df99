import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { refundMovementOf } from '../purchase/purchase-service.ts';
import type { OrderEvent, OrderEvents } from './order-events.ts';
import { setOrderStatus } from './orders-repository.ts';
import { requestRecheck } from './reconciliation-repository.ts';
import { markOrderReversed } from './reversal-repository.ts';

/** The money went back (`reversed` or `refunded`); published once, with the items not already refunded one by one. */
export async function reverseOrder(
  deps: { db: Kysely<Database>; events: OrderEvents },
  orderId: string,
  type: 'reversed' | 'refunded',
  now: number,
): Promise<boolean> {
  const published: OrderEvent[] = [];
  const reversed = await markOrderReversed(deps.db, orderId, now, async (trx, order) => {
    const event: OrderEvent = { type, order, at: now, refund: await refundMovementOf(trx, order) };
    await deps.events.publish(trx, event);
    published.push(event);
  });
  for (const event of published) await deps.events.committed(event);
  return reversed;
}

/**
 * What the MED (lost disputes, devoluções) took back of the charge, as disputes/ sums it: the ledger counts it
 * "Devolvido pelo MED", never refunded by the seller (docs/money.md#med). Each rise of the total is kept as its own
 * return in the same transaction (`med_returns`), so the ledger matches each devolução against the items' prices; the
 * same total written again adds nothing.
 */
export async function setMedReturnedCents(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  cents: number,
  now: number,
): Promise<boolean> {
  const write = async (trx: Transaction<Database>) => {
    const result = await trx
      .updateTable('orders')
      .set({ med_returned_cents: cents, updated_at: now })
      .where('id', '=', id)
      .where('med_returned_cents', '!=', cents)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordMedReturnRise(trx, id, cents, now);
    return true;
  };
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}

/**
 * The returns stay a chain up to the charge's total: a total that fell (a lost dispute read again for less) drops the
 * returns above it, and a rise is one return of the difference (the order's row, just updated, holds other writers back).
 */
async function recordMedReturnRise(trx: Transaction<Database>, orderId: string, totalCents: number, now: number): Promise<void> {
  await trx.deleteFrom('med_returns').where('order_id', '=', orderId).where('total_cents', '>', totalCents).execute();
  const last = await trx
    .selectFrom('med_returns')
    .select((eb) => eb.fn.coalesce(eb.fn.max<number>('total_cents'), eb.lit(0)).as('cents'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const before = Number(last?.cents ?? 0);
  if (totalCents <= before) return;
  await trx
    .insertInto('med_returns')
    .values({ order_id: orderId, total_cents: totalCents, amount_cents: totalCents - before, seen_at: now })
    .onConflict((conflict) => conflict.columns(['order_id', 'total_cents']).doNothing())
    .execute();
}

/** A payment proved outside the charge's own flow (a dispute over it): the reconciler reads the charge again soon. */
export async function askRecheck(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await requestRecheck(db, orderId, now);
}

/** The buyer's "não quero mais lembretes": the first tap counts; a second changes nothing. */
export async function markRemindersOptedOut(db: Kysely<Database> | Transaction<Database>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ reminders_opted_out_at: now })
    .where('id', '=', id)
    .where('reminders_opted_out_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An order still waiting for its PIX (pending, or being created) closes unpaid: a refund request closes the add-on offer. */
export async function closeUnpaidOrder(trx: Transaction<Database>, orderId: string, now: number): Promise<boolean> {
  return setOrderStatus(trx, orderId, ['pending', 'creating'], 'failed', now);
}

/** The console's correction of a buyer's e-mail: the address it replaced, or undefined when there is no such order. */
export async function updateBuyerEmail(db: Kysely<Database>, orderId: string, email: string, now: number): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('orders').select('buyer_email').where('id', '=', orderId).executeTakeFirst();
    if (!row) return undefined;
    await trx.updateTable('orders').set({ buyer_email: email, updated_at: now }).where('id', '=', orderId).execute();
    return row.buyer_email;
  });
}

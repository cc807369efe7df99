import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, OrdersTable, StoredOrderStatus } from '../db/schema.ts';

export type OrderRow = Selectable<OrdersTable>;

export interface NewOrder {
  id: string;
  checkoutKey: string;
  buyer: { name: string; email: string; phone: string; document: string | null };
  amountCents: number;
  productHash: string;
  offerHash: string;
  postbackSecret: string;
  /** Random reference for trackers and the buyer (never the order id). */
  publicRef: string;
  /** Hash of the creating tab's key, when it sent one (see access/access-token.ts). */
  viewKeyHash: string | null;
  now: number;
  expiresAt: number;
}

/**
 * Spots a month has taken: orders paid this month. Only payment takes a spot (DESIGN §1.2): a
 * charge on offer holds none, so unpaid charges can never sell the month out. Refunded and
 * charged-back orders give their spot back.
 */
async function countTakenSpots(db: Kysely<Database> | Transaction<Database>, monthStart: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('taken'))
    .where('status', '=', 'paid')
    .where('paid_at', '>=', monthStart)
    .executeTakeFirstOrThrow();
  return Number(row.taken);
}

/** A charge still being requested is waited for this long by a second request for the same buyer. */
const CREATING_MATCH_MS = 2 * 60_000;

/**
 * The buyer's charge still on offer, if any: same e-mail or phone, pending and unexpired (or being
 * requested right now). Handing it back instead of making a new charge means two tabs, a retry
 * with a new key or a script reusing one buyer never make a second charge the buyer could pay.
 */
async function findOpenOrderOfBuyer(
  db: Kysely<Database> | Transaction<Database>,
  buyer: { email: string; phone: string },
  now: number,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('buyer_email', '=', buyer.email), eb('buyer_phone', '=', buyer.phone)]))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)]),
        eb.and([eb('status', '=', 'creating'), eb('created_at', '>', now - CREATING_MATCH_MS)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Charges on offer (or being requested) that one client address holds right now. */
async function countOpenOrdersOfClient(db: Kysely<Database> | Transaction<Database>, clientKey: string, now: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('open'))
    .where('client_key', '=', clientKey)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)]),
        eb.and([eb('status', '=', 'creating'), eb('created_at', '>', now - CREATING_MATCH_MS)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.open);
}

export type InsertOrderResult =
  | { kind: 'created'; order: OrderRow }
  | { kind: 'existing'; order: OrderRow }
  | { kind: 'sold_out' }
  | { kind: 'too_many_open' };

/**
 * Inserts the order unless its checkout key already has one, or the buyer already has a charge on
 * offer (then returns that order), the month is sold out, or the client holds too many unpaid
 * charges. The checks and the insert are one atomic step: on Postgres a transaction-scoped
 * advisory lock serialises them across every server instance; SQLite runs write transactions one
 * at a time by itself.
 */
export async function insertOrderWithinCapacity(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  order: NewOrder,
  capacity: { limit: number; monthStart: number },
  client: { key: string; maxOpen: number },
): Promise<InsertOrderResult> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
    const existing = await trx.selectFrom('orders').selectAll().where('checkout_key', '=', order.checkoutKey).executeTakeFirst();
    if (existing) return { kind: 'existing', order: existing };
    const open = await findOpenOrderOfBuyer(trx, order.buyer, order.now);
    if (open) return { kind: 'existing', order: open };
    if (capacity.limit > 0 && (await countTakenSpots(trx, capacity.monthStart)) >= capacity.limit) {
      return { kind: 'sold_out' };
    }
    if ((await countOpenOrdersOfClient(trx, client.key, order.now)) >= client.maxOpen) return { kind: 'too_many_open' };
    const inserted = await trx
      .insertInto('orders')
      .values({
        id: order.id,
        checkout_key: order.checkoutKey,
        status: 'creating',
        buyer_name: order.buyer.name,
        buyer_email: order.buyer.email,
        buyer_phone: order.buyer.phone,
        buyer_document: order.buyer.document,
        amount_cents: order.amountCents,
        product_hash: order.productHash,
        offer_hash: order.offerHash,
        postback_secret: order.postbackSecret,
        public_ref: order.publicRef,
        view_key_hash: order.viewKeyHash,
        created_at: order.now,
        updated_at: order.now,
        expires_at: order.expiresAt,
        client_key: client.key,
      })
      .onConflict((conflict) => conflict.column('checkout_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { kind: 'created', order: inserted };
    // Another instance inserted the same key between our read and write (no lock on SQLite files
    // shared by processes): theirs wins.
    const winner = await trx.selectFrom('orders').selectAll().where('checkout_key', '=', order.checkoutKey).executeTakeFirstOrThrow();
    return { kind: 'existing', order: winner };
  });
}

export async function countSpotsTaken(db: Kysely<Database>, monthStart: number): Promise<number> {
  return countTakenSpots(db, monthStart);
}

export async function findOrderById(db: Kysely<Database>, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByPostbackSecret(db: Kysely<Database>, secret: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('postback_secret', '=', secret).executeTakeFirst();
}

/** The gateway accepted the charge: the order now offers its PIX. Only from `creating`. */
export async function markOrderCharged(
  db: Kysely<Database>,
  id: string,
  charge: { transactionHash: string; alternateIds: string[]; pixCode: string | null; pixImage: string | null; now: number; expiresAt: number },
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({
      status: 'pending',
      transaction_hash: charge.transactionHash,
      alternate_ids: JSON.stringify(charge.alternateIds),
      pix_code: charge.pixCode,
      pix_image: charge.pixImage,
      charged_at: charge.now,
      updated_at: charge.now,
      expires_at: charge.expiresAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'creating')
    .returningAll()
    .executeTakeFirst();
}

/** The charge could not be created (or its answer was lost). Only from `creating`. */
export async function markOrderFailed(db: Kysely<Database>, id: string, reason: string, now: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'failed', failure_reason: reason.slice(0, 500), updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'creating')
    .execute();
}

export async function setOrderStatus(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  from: StoredOrderStatus[],
  to: StoredOrderStatus,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The paid transition. The conditional UPDATE lets exactly one caller win however many
 * postbacks, polls and instances race; the winner writes the access e-mail's outbox row in the
 * same transaction, so a paid order can never lack its e-mail (DESIGN §1.6). A payment confirmed
 * after the charge expired or "failed" (an uncertain create) still wins.
 */
export async function markOrderPaid(
  db: Kysely<Database>,
  orderId: string,
  paid: { now: number },
  onPaid: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<OrderRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: paid.now, updated_at: paid.now })
      .where('id', '=', orderId)
      .where('status', 'in', ['creating', 'pending', 'failed'])
      .returningAll()
      .executeTakeFirst();
    if (updated) await onPaid(trx, updated);
    return updated;
  });
}

/**
 * Reserves the right to ask the gateway about an order now: true for at most one caller per
 * `intervalMs`, across every server instance (polling must not hammer a gateway with unknown rate
 * limits, gateway-notes §11.6).
 */
export async function claimOrderCheck(db: Kysely<Database>, orderId: string, now: number, intervalMs: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ checked_at: now })
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', now - intervalMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Orders whose payment may still arrive: waiting (or uncertain) charges younger than `since`. */
export async function listOrdersToReconcile(db: Kysely<Database>, since: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('created_at', '>=', since)
    .where('status', 'in', ['pending', 'creating'])
    .where('transaction_hash', 'is not', null)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Remembers the transaction a postback named for an order whose create answer was lost. */
export async function adoptTransactionHash(db: Kysely<Database>, orderId: string, hash: string, now: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ transaction_hash: hash, updated_at: now })
    .where('id', '=', orderId)
    .where('transaction_hash', 'is', null)
    .execute();
}

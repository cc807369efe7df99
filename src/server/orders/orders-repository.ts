import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Attribution } from '../../shared/attribution.ts';
import type { TrackingConsent } from '../../shared/tracking-context.ts';
import type { Database, OrdersTable, StoredOrderStatus } from '../db/schema.ts';
import { DEFAULT_TIMEOUT_MS } from '../gateway/gateway-client.ts';
import { insertOrderItems, totalOf, type NewOrderItem } from './order-items.ts';

export type OrderRow = Selectable<OrdersTable>;

export interface NewOrder {
  id: string;
  checkoutKey: string;
  buyer: { name: string; email: string; phone: string; document: string | null };
  /** What the order sells (the main product first); the amount is their sum. */
  items: readonly NewOrderItem[];
  /** The main product's (the gateway's read-back of a paid charge must name it). */
  productHash: string;
  offerHash: string;
  postbackSecret: string;
  /** Random reference for trackers and the buyer (never the order id). */
  publicRef: string;
  /** Hash of the creating tab's key, when it sent one (see access/access-token.ts). */
  viewKeyHash: string | null;
  now: number;
  expiresAt: number;
  attribution: Attribution;
  /** The cookie notice's answer; the identifiers only when it was "granted" (the caller checks). */
  tracking: {
    consent: TrackingConsent;
    fbp: string | null;
    fbc: string | null;
    gaClientId: string | null;
    clientIp: string | null;
    userAgent: string | null;
  };
}

/**
 * Spots a month has taken: orders paid this month. Only payment takes a spot (docs/product.md#2-live-signals-tell-the-truth): a
 * charge on offer holds none, so unpaid charges can never sell the month out. Refunded and
 * charged-back orders give their spot back.
 */
async function countTakenSpots(db: Kysely<Database> | Transaction<Database>, monthStart: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('taken'))
    .where('status', '=', 'paid')
    .where('paid_at', '>=', monthStart)
    // The main product's sales only: an add-on order (the bump alone, after payment) takes no spot.
    .where('kind', '=', 'main')
    .executeTakeFirstOrThrow();
  return Number(row.taken);
}

/**
 * How long a charge request can be in flight: the gateway client gives up on it after its timeout,
 * and the margin covers storing the reply on a busy server. An order still `creating` after this
 * lost the process that was requesting its charge (a crash, a kill -9): a second request for the
 * same buyer waits for it only this long, then starts again. If the lost request did create a
 * charge and the buyer pays both, the duplicate-payment flag asks the seller to refund one.
 */
export const CHARGE_IN_FLIGHT_MS = DEFAULT_TIMEOUT_MS + 15_000;

function isChargeInFlight(order: Pick<OrderRow, 'status' | 'created_at'>, now: number): boolean {
  return order.status === 'creating' && Number(order.created_at) > now - CHARGE_IN_FLIGHT_MS;
}

/**
 * The buyer's charge still on offer, if any: same e-mail or phone, the same total (with or without
 * the bump), pending and unexpired (or being requested right now). Handing it back instead of
 * making a new charge means two tabs, a retry with a new key or a script reusing one buyer never
 * make a second charge the buyer could pay. A buyer who ticks or unticks the bump gets a new
 * charge for the new total; paying both is flagged as a duplicate.
 */
async function findOpenOrderOfBuyer(
  db: Kysely<Database> | Transaction<Database>,
  buyer: { email: string; phone: string },
  amountCents: number,
  now: number,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('kind', '=', 'main')
    .where('amount_cents', '=', amountCents)
    .where((eb) => eb.or([eb('buyer_email', '=', buyer.email), eb('buyer_phone', '=', buyer.phone)]))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)]),
        eb.and([eb('status', '=', 'creating'), eb('created_at', '>', now - CHARGE_IN_FLIGHT_MS)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

async function countOpenOrdersOfClient(db: Kysely<Database> | Transaction<Database>, clientKey: string, now: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('open'))
    .where('client_key', '=', clientKey)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)]),
        eb.and([eb('status', '=', 'creating'), eb('created_at', '>', now - CHARGE_IN_FLIGHT_MS)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.open);
}

/**
 * A checkout key's order that died in `creating` (its process was killed mid-charge) gives the key
 * up: it is kept, `failed` with `reason`, under its key suffixed with its id (a `.` no client key
 * contains), so a late postback for its charge still finds and settles it.
 */
async function retireInterruptedOrder(trx: Transaction<Database>, existing: OrderRow, reason: string, now: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'failed', failure_reason: reason, checkout_key: `${existing.checkout_key}.${existing.id}`, updated_at: now })
    .where('id', '=', existing.id)
    .where('status', '=', 'creating')
    .execute();
}

/**
 * An add-on order no longer on offer gives its key up like an interrupted one (retireInterruptedOrder):
 * still `creating` → failed; failed or expired → kept as it is, under the suffixed key, so a late
 * payment of its old code is still found by its postback (and flagged as the bump paid twice).
 */
async function retireAddonOrder(trx: Transaction<Database>, existing: OrderRow, reason: string, now: number): Promise<void> {
  if (existing.status === 'creating') return retireInterruptedOrder(trx, existing, reason, now);
  await trx
    .updateTable('orders')
    .set({ checkout_key: `${existing.checkout_key}.${existing.id}`, updated_at: now })
    .where('id', '=', existing.id)
    .execute();
}

/**
 * Inserts the order with its items under its checkout key; when another writer took the key
 * between our read and our write (no lock on SQLite files shared by processes), theirs wins.
 */
async function insertUnderKey(
  trx: Transaction<Database>,
  values: Insertable<OrdersTable>,
  items: readonly NewOrderItem[],
  onCreated?: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<{ kind: 'created' | 'existing'; order: OrderRow }> {
  const inserted = await trx
    .insertInto('orders')
    .values(values)
    .onConflict((conflict) => conflict.column('checkout_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    await insertOrderItems(trx, inserted.id, items);
    await onCreated?.(trx, inserted);
    return { kind: 'created', order: inserted };
  }
  const winner = await trx.selectFrom('orders').selectAll().where('checkout_key', '=', values.checkout_key).executeTakeFirstOrThrow();
  return { kind: 'existing', order: winner };
}

export type InsertOrderResult =
  { kind: 'created'; order: OrderRow } | { kind: 'existing'; order: OrderRow } | { kind: 'sold_out' } | { kind: 'too_many_open' };

/**
 * Inserts the order unless its checkout key already has one, or the buyer already has a charge on
 * offer (then returns that order), the month is sold out, or the client holds too many unpaid
 * charges. The checks and the insert are one atomic step: on Postgres a transaction-scoped
 * advisory lock serialises them across every server instance; SQLite runs write transactions one
 * at a time by itself.
 *
 * A key whose order died in `creating` (past CHARGE_IN_FLIGHT_MS) is handed to the new order: a
 * browser whose request died with the server retries with the same key and must get a PIX. The
 * dead order is kept, `failed` with `interruptedReason`, under its key suffixed with its id (a
 * `.` no client key contains), so a late postback for its charge still finds and settles it.
 */
export async function insertOrderWithinCapacity(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  order: NewOrder,
  capacity: { limit: number; monthStart: number },
  client: { key: string; maxOpen: number },
  interruptedReason: string,
  onCreated?: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<InsertOrderResult> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
    const existing = await trx.selectFrom('orders').selectAll().where('checkout_key', '=', order.checkoutKey).executeTakeFirst();
    if (existing && (existing.status !== 'creating' || isChargeInFlight(existing, order.now))) return { kind: 'existing', order: existing };
    if (existing) await retireInterruptedOrder(trx, existing, interruptedReason, order.now);
    const amountCents = totalOf(order.items);
    const open = await findOpenOrderOfBuyer(trx, order.buyer, amountCents, order.now);
    if (open) return { kind: 'existing', order: open };
    if (capacity.limit > 0 && (await countTakenSpots(trx, capacity.monthStart)) >= capacity.limit) {
      return { kind: 'sold_out' };
    }
    if ((await countOpenOrdersOfClient(trx, client.key, order.now)) >= client.maxOpen) return { kind: 'too_many_open' };
    return insertUnderKey(
      trx,
      {
        id: order.id,
        checkout_key: order.checkoutKey,
        status: 'creating',
        buyer_name: order.buyer.name,
        buyer_email: order.buyer.email,
        buyer_phone: order.buyer.phone,
        buyer_document: order.buyer.document,
        amount_cents: amountCents,
        product_hash: order.productHash,
        offer_hash: order.offerHash,
        postback_secret: order.postbackSecret,
        public_ref: order.publicRef,
        view_key_hash: order.viewKeyHash,
        created_at: order.now,
        updated_at: order.now,
        expires_at: order.expiresAt,
        client_key: client.key,
        utm_source: order.attribution.utm_source ?? null,
        utm_medium: order.attribution.utm_medium ?? null,
        utm_campaign: order.attribution.utm_campaign ?? null,
        utm_content: order.attribution.utm_content ?? null,
        utm_term: order.attribution.utm_term ?? null,
        src: order.attribution.src ?? null,
        sck: order.attribution.sck ?? null,
        fbclid: order.attribution.fbclid ?? null,
        gclid: order.attribution.gclid ?? null,
        tracking_consent: order.tracking.consent,
        fbp: order.tracking.fbp,
        fbc: order.tracking.fbc,
        ga_client_id: order.tracking.gaClientId,
        client_ip: order.tracking.clientIp,
        client_user_agent: order.tracking.userAgent,
      },
      order.items,
      onCreated,
    );
  });
}

/** The one add-on order a main order can have: keyed on its parent, so a double press makes one. */
export function addonCheckoutKey(parentId: string): string {
  return `addon.${parentId}`;
}

/**
 * "Quero adicionar" (docs/offers.md#the-one-time-offer-after-payment): the parent's answer is
 * recorded and its add-on order (the bump alone, for the same buyer, tab and campaign) inserted in
 * one transaction. However often it is pressed, on however many instances, one add-on order exists
 * (its checkout key is the parent's); a later press gets it back. An add-on whose charge died with
 * its process (still `creating` past CHARGE_IN_FLIGHT_MS) is failed and made again, as a checkout is.
 * Undefined when the parent is not a paid main order whose offer is open or accepted.
 */
export async function insertAddonOrder(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  parent: OrderRow,
  addon: Pick<NewOrder, 'id' | 'items' | 'productHash' | 'offerHash' | 'postbackSecret' | 'publicRef' | 'now' | 'expiresAt'>,
  interruptedReason: string,
  onCreated?: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<{ kind: 'created' | 'existing'; order: OrderRow } | undefined> {
  const checkoutKey = addonCheckoutKey(parent.id);
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
    const current = await trx.selectFrom('orders').selectAll().where('id', '=', parent.id).executeTakeFirst();
    if (!current || current.kind !== 'main' || current.status !== 'paid' || current.addon_answer === 'declined') return undefined;
    const existing = await trx.selectFrom('orders').selectAll().where('checkout_key', '=', checkoutKey).executeTakeFirst();
    // The add-on's PIX that can still be paid (or is being requested, or was paid) is handed back.
    // One that failed, expired, or died with its process gives the key to a new one: the buyer
    // pressed "Gerar novo código".
    const stillOn =
      existing &&
      ((existing.status === 'creating' && isChargeInFlight(existing, addon.now)) ||
        (existing.status === 'pending' && Number(existing.expires_at) > addon.now) ||
        existing.status === 'paid' ||
        existing.status === 'reversed');
    if (existing && stillOn) return { kind: 'existing', order: existing };
    if (existing) await retireAddonOrder(trx, existing, interruptedReason, addon.now);
    await trx
      .updateTable('orders')
      .set({ addon_answer: 'accepted', addon_answered_at: addon.now })
      .where('id', '=', parent.id)
      .where('addon_answer', 'is', null)
      .execute();
    return insertUnderKey(
      trx,
      {
        id: addon.id,
        checkout_key: checkoutKey,
        kind: 'addon',
        parent_order_id: parent.id,
        status: 'creating',
        buyer_name: current.buyer_name,
        buyer_email: current.buyer_email,
        buyer_phone: current.buyer_phone,
        buyer_document: current.buyer_document,
        amount_cents: totalOf(addon.items),
        product_hash: addon.productHash,
        offer_hash: addon.offerHash,
        postback_secret: addon.postbackSecret,
        public_ref: addon.publicRef,
        view_key_hash: current.view_key_hash,
        created_at: addon.now,
        updated_at: addon.now,
        expires_at: addon.expiresAt,
        client_key: current.client_key,
        utm_source: current.utm_source,
        utm_medium: current.utm_medium,
        utm_campaign: current.utm_campaign,
        utm_content: current.utm_content,
        utm_term: current.utm_term,
        src: current.src,
        sck: current.sck,
        fbclid: current.fbclid,
        gclid: current.gclid,
        tracking_consent: current.tracking_consent,
        fbp: current.fbp,
        fbc: current.fbc,
        ga_client_id: current.ga_client_id,
        client_ip: current.client_ip,
        client_user_agent: current.client_user_agent,
      },
      addon.items,
      onCreated,
    );
  });
}

/** "Não, obrigado": the offer is answered and never shown again. False when it was answered already. */
export async function declineAddonOffer(db: Kysely<Database>, parentId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ addon_answer: 'declined', addon_answered_at: now })
    .where('id', '=', parentId)
    .where('kind', '=', 'main')
    .where('addon_answer', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countSpotsTaken(db: Kysely<Database>, monthStart: number): Promise<number> {
  return countTakenSpots(db, monthStart);
}

export async function findOrderById(db: Kysely<Database>, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByPublicRef(db: Kysely<Database>, publicRef: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('public_ref', '=', publicRef).executeTakeFirst();
}

/** Returns false when the opt-out was already recorded. */
export async function markRemindersOptedOut(db: Kysely<Database> | Transaction<Database>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ reminders_opted_out_at: now })
    .where('id', '=', id)
    .where('reminders_opted_out_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The database refused a second order with the same `transaction_hash` (unique since migration
 * 0020), as PostgreSQL (unique violation on that index) and SQLite (naming the column) report it.
 */
function isTransactionHashTaken(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === 'orders_transaction_hash_unique';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('orders.transaction_hash');
}

/** A transaction already settles another order: it can never settle this one too. */
export class TransactionTakenError extends Error {
  constructor(readonly orderId: string) {
    super('the transaction already belongs to another order');
    this.name = 'TransactionTakenError';
  }
}

interface ChargeFields {
  transactionHash: string;
  alternateIds: string[];
  pixCode: string | null;
  pixImage: string | null;
  now: number;
  expiresAt: number;
}

/**
 * The gateway accepted the charge: the order now offers its PIX. Only from `creating`. `onCharged`
 * runs in the same transaction for the winner (what the `charged` event's subscribers queue commits with it).
 * Throws TransactionTakenError, having changed nothing, when another order already holds the
 * transaction the gateway named.
 */
export async function markOrderCharged(
  db: Kysely<Database>,
  id: string,
  charge: ChargeFields,
  onCharged?: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<OrderRow | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const charged = await chargeOrder(trx, id, charge);
      if (charged && onCharged) await onCharged(trx, charged);
      return charged;
    });
  } catch (error) {
    if (isTransactionHashTaken(error)) throw new TransactionTakenError(id);
    throw error;
  }
}

async function chargeOrder(trx: Transaction<Database>, id: string, charge: ChargeFields): Promise<OrderRow | undefined> {
  return trx
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

/**
 * A refund or chargeback: the paid order turns `reversed` (its access is revoked). `onReversed`
 * runs in the same transaction when this call made the change (one `order.refunded` webhook
 * however many re-reads see the refund).
 */
export async function markOrderReversed(
  db: Kysely<Database>,
  id: string,
  now: number,
  onReversed?: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const reversed = await trx
      .updateTable('orders')
      .set({ status: 'reversed', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirst();
    if (reversed && onReversed) await onReversed(trx, reversed);
    return reversed !== undefined;
  });
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

/** A paid order is first re-read an hour after payment (a quick refund), then less and less often. */
export const FIRST_PAID_RECHECK_MS = 60 * 60_000;

/**
 * The paid transition. The conditional UPDATE lets exactly one caller win however many
 * postbacks, polls and instances race; the winner writes the access e-mail's outbox row in the
 * same transaction, so a paid order can never lack its e-mail (docs/product.md#6-e-mail-delivery-is-made-true). A payment confirmed
 * after the charge expired or "failed" (an uncertain create) still wins.
 */
export async function markOrderPaid(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  orderId: string,
  paid: { now: number },
  onPaid: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<OrderRow | undefined> {
  return db.transaction().execute(async (trx) => {
    // Paid transitions run one at a time across instances, so two payments of one buyer landing at
    // once still see each other (the duplicate check below). SQLite serialises writers by itself:
    // the UPDATE comes first and takes the write lock.
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727002)`.execute(trx);
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: paid.now, updated_at: paid.now, check_count: 0, next_check_at: paid.now + FIRST_PAID_RECHECK_MS })
      .where('id', '=', orderId)
      .where('status', 'in', ['creating', 'pending', 'failed'])
      .returningAll()
      .executeTakeFirst();
    if (updated) await onPaid(trx, updated);
    return updated;
  });
}

/** Two paid orders of one buyer closer than this are a duplicate payment (docs/payments.md#duplicate-payments). */
export const DUPLICATE_WINDOW_MS = 48 * 60 * 60_000;

/**
 * Inside the paid transition: when the same buyer (e-mail, phone or CPF) already has another paid
 * order paid within 48 h, this one is flagged as its duplicate and the earlier order is returned.
 * Both stay paid (both buyers' access is honoured); the seller refunds the flagged one.
 */
export async function flagDuplicatePayment(trx: Transaction<Database>, order: OrderRow, now: number): Promise<OrderRow | undefined> {
  // A duplicate buys again what the buyer already has: the main product twice, or the bump twice
  // (ticked in the checkout and bought again after payment). The bump's add-on order after the main
  // product is not one.
  const items = await trx.selectFrom('order_items').select('item').where('order_id', '=', order.id).execute();
  if (items.length === 0) return undefined;
  const earlier = await trx
    .selectFrom('orders')
    .selectAll('orders')
    .where('orders.id', '!=', order.id)
    .where('orders.status', '=', 'paid')
    .where('orders.paid_at', '>=', now - DUPLICATE_WINDOW_MS)
    .where((eb) => {
      const sameBuyer = [eb('orders.buyer_email', '=', order.buyer_email), eb('orders.buyer_phone', '=', order.buyer_phone)];
      if (order.buyer_document) sameBuyer.push(eb('orders.buyer_document', '=', order.buyer_document));
      return eb.or(sameBuyer);
    })
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_items')
          .select('order_items.item')
          .whereRef('order_items.order_id', '=', 'orders.id')
          .where(
            'order_items.item',
            'in',
            items.map((row) => row.item),
          ),
      ),
    )
    .orderBy('orders.paid_at')
    .executeTakeFirst();
  if (!earlier) return undefined;
  await trx.updateTable('orders').set({ duplicate_of: earlier.id }).where('id', '=', order.id).execute();
  return earlier;
}

export async function listOpenDuplicates(db: Kysely<Database>): Promise<Array<{ duplicate: OrderRow; original: OrderRow | undefined }>> {
  const duplicates = await db
    .selectFrom('orders')
    .selectAll()
    .where('duplicate_of', 'is not', null)
    .where('status', '=', 'paid')
    .orderBy('paid_at')
    .execute();
  const result = [];
  for (const duplicate of duplicates) {
    result.push({ duplicate, original: await findOrderById(db, duplicate.duplicate_of!) });
  }
  return result;
}

/**
 * Reserves the right to ask the gateway about an order now: true for at most one caller per
 * `intervalMs`, across every server instance (polling must not hammer a gateway with unknown rate
 * limits, docs/gateway.md#10-confirming-a-payment).
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

/**
 * Orders left in `creating` since before `createdBefore` become `failed`: the process that was
 * requesting their charge died (kill -9, power cut). A conditional UPDATE, so any number of
 * instances may sweep at once; a postback that later proves payment still wins (markOrderPaid
 * accepts `failed`). Returns how many were swept.
 */
export async function failStuckCheckouts(db: Kysely<Database>, createdBefore: number, reason: string, now: number): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'failed', failure_reason: reason, updated_at: now })
    .where('status', '=', 'creating')
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Orders the reconciler should ask the gateway about now, least recently checked first: pending
 * charges until their expiry plus `pendingGraceMs`, paid orders for `paidWindowMs` after payment
 * (refunds, chargebacks), and any order whose postback's re-read has not succeeded yet.
 */
export async function listOrdersDueForCheck(
  db: Kysely<Database>,
  options: { now: number; pendingGraceMs: number; paidWindowMs: number; limit: number },
): Promise<OrderRow[]> {
  const { now } = options;
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', now)]))
    .where((eb) =>
      eb.or([
        eb('recheck_requested_at', 'is not', null),
        eb.and([eb('status', '=', 'pending'), eb('transaction_hash', 'is not', null), eb('expires_at', '>', now - options.pendingGraceMs)]),
        eb.and([eb('status', '=', 'paid'), eb('transaction_hash', 'is not', null), eb('paid_at', '>', now - options.paidWindowMs)]),
      ]),
    )
    .orderBy(sql`coalesce(checked_at, 0)`)
    .limit(options.limit)
    .execute();
}

/**
 * Reserves the reconciler's next check of an order: true for exactly one caller across instances
 * (the loser's UPDATE finds `next_check_at` already moved on), which then owns the check and has
 * already scheduled the one after it.
 */
export async function claimScheduledCheck(db: Kysely<Database>, orderId: string, now: number, nextCheckAt: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({ checked_at: now, next_check_at: nextCheckAt, check_count: eb('check_count', '+', 1) }))
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * An authenticated postback arrived: the order must be re-read at the gateway. Stored before the
 * re-read is tried, so a failed read or a crash leaves it for the reconciler (due at once).
 */
export async function requestRecheck(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db.updateTable('orders').set({ recheck_requested_at: now, next_check_at: now, check_count: 0 }).where('id', '=', orderId).execute();
}

/** The gateway answered for this order: requests made before `readStartedAt` are done. */
export async function clearRecheckRequest(db: Kysely<Database>, orderId: string, readStartedAt: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ recheck_requested_at: null })
    .where('id', '=', orderId)
    .where('recheck_requested_at', '<=', readStartedAt)
    .execute();
}

/**
 * Remembers the transaction a postback named for an order whose create answer was lost. True when
 * the order now holds `hash`; false when it holds another one or another order holds this one (a
 * transaction settles one order only: the unique index is the last word across instances).
 */
export async function adoptTransactionHash(db: Kysely<Database>, orderId: string, hash: string, now: number): Promise<boolean> {
  try {
    await db
      .updateTable('orders')
      .set({ transaction_hash: hash, updated_at: now })
      .where('id', '=', orderId)
      .where('transaction_hash', 'is', null)
      .execute();
  } catch (error) {
    if (isTransactionHashTaken(error)) return false;
    throw error;
  }
  const row = await db.selectFrom('orders').select('transaction_hash').where('id', '=', orderId).executeTakeFirst();
  return row?.transaction_hash === hash;
}

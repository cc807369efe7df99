import type { ProviderId } from '../gateway/provider-registry.ts';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Attribution } from '../../shared/attribution.ts';
import type { TrackingConsent } from '../../shared/tracking-context.ts';
import type { Database, OrdersTable } from '../db/schema.ts';
import { DEFAULT_TIMEOUT_MS } from '../gateway/transport.ts';
import { insertOrderItems, totalOf, type NewOrderItem } from './order-items.ts';
import { isTransactionHashTaken, ofBuyer, type OrderRow } from './orders-repository.ts';
import type { OrdersDeps } from './orders-deps.ts';

export interface NewOrder {
  id: string;
  checkoutKey: string;
  buyer: { name: string; email: string; phone: string; document: string | null };
  items: readonly NewOrderItem[];
  productHash: string | null;
  offerHash: string | null;
  postbackSecret: string;
  publicRef: string;
  viewKeyHash: string | null;
  now: number;
  expiresAt: number;
  /** The seller's page version whose names and prices the items carry (offer/offer-prices.ts). */
  offerVersion: number;
  attribution: Attribution;
  affiliateCode: string | null;
  whatsappConsent: { at: number; text: string; version: string } | null;
  /** The identifiers only when consent was "granted" (the caller checks). */
  tracking: {
    consent: TrackingConsent;
    fbp: string | null;
    fbc: string | null;
    gaClientId: string | null;
    clientIp: string | null;
    userAgent: string | null;
  };
}

/** Only payment takes a spot, so unpaid charges never sell the month out (docs/product.md#2-live-signals-tell-the-truth). */
export async function countTakenSpots(db: Kysely<Database> | Transaction<Database>, monthStart: number) {
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

/** Failover included: at most three calls that hang run one after the other. */
export const CHARGE_BUDGET_MS = 3 * DEFAULT_TIMEOUT_MS;

/** An order still `creating` after this lost its process (a crash, a kill -9); the budget plus a margin. */
export const CHARGE_IN_FLIGHT_MS = CHARGE_BUDGET_MS + 15_000;

/**
 * How long the instance making a charge holds it without renewing: it renews every CHARGE_LEASE_RENEW_MS while the
 * provider's call is in flight, so a lease past its end means that instance died (a kill -9) and a retry takes over.
 */
export const CHARGE_LEASE_MS = 5_000;
export const CHARGE_LEASE_RENEW_MS = 1_500;

/** A `creating` order whose maker stopped renewing its lease: the charge is anyone's to resume. */
export function chargeOwnerGone(order: Pick<OrderRow, 'status' | 'charge_lease_until'>, now: number): boolean {
  return order.status === 'creating' && order.charge_lease_until !== null && Number(order.charge_lease_until) < now;
}

/** Only while `creating`: the holder keeps the charge. */
export async function renewChargeLease(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ charge_lease_until: now + CHARGE_LEASE_MS })
    .where('id', '=', id)
    .where('status', '=', 'creating')
    .execute();
}

function isChargeInFlight(order: Pick<OrderRow, 'status' | 'created_at'>, now: number): boolean {
  return order.status === 'creating' && Number(order.created_at) > now - CHARGE_IN_FLIGHT_MS;
}

/** Same e-mail or phone: same total is handed back, another retired (docs/money.md#one-payable-pix). */
async function findOpenOrdersOfBuyer(
  db: Kysely<Database> | Transaction<Database>,
  buyer: { email: string; phone: string },
  now: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('kind', '=', 'main')
    .where(ofBuyer(buyer))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)]),
        eb.and([eb('status', '=', 'creating'), eb('created_at', '>', now - CHARGE_IN_FLIGHT_MS)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .execute();
}

/** A payment of a replaced charge that still arrives is settled as any late payment. */
async function retireReplacedOrder(trx: Transaction<Database>, replaced: OrderRow, by: string, reason: string, now: number) {
  const result = await trx
    .updateTable('orders')
    .set({ status: 'failed', failure_reason: reason, replaced_by: by, updated_at: now })
    .where('id', '=', replaced.id)
    .where('status', 'in', ['pending', 'creating'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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

/** Kept under its key suffixed with `.id` (no client key has a `.`), so a late postback still finds it. */
async function retireInterruptedOrder(trx: Transaction<Database>, existing: OrderRow, reason: string, now: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'failed', failure_reason: reason, checkout_key: `${existing.checkout_key}.${existing.id}`, updated_at: now })
    .where('id', '=', existing.id)
    .where('status', '=', 'creating')
    .execute();
}

/** As retireInterruptedOrder: a late payment of its old code is still found (and flagged as the bump paid twice). */
async function retireAddonOrder(trx: Transaction<Database>, existing: OrderRow, reason: string, now: number): Promise<void> {
  if (existing.status === 'creating') return retireInterruptedOrder(trx, existing, reason, now);
  await trx
    .updateTable('orders')
    .set({ checkout_key: `${existing.checkout_key}.${existing.id}`, updated_at: now })
    .where('id', '=', existing.id)
    .execute();
}

/** When another writer took the key between our read and write (SQLite files shared by processes), theirs wins. */
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
  | { kind: 'created'; order: OrderRow }
  | { kind: 'existing'; order: OrderRow }
  /** The open charge stays the buyer's main one; only `missing` is charged, as its add-on. */
  | { kind: 'extend'; order: OrderRow; missing: NewOrderItem[] }
  | { kind: 'sold_out' }
  | { kind: 'too_many_open' };

/** An uncancellable open charge (docs/money.md#one-payable-pix): handed back when asked for less, only missing items charged when more. */
async function keepUncancellable(
  trx: Transaction<Database>,
  open: readonly OrderRow[],
  asked: readonly NewOrderItem[],
  stays: (order: OrderRow) => boolean,
): Promise<Exclude<InsertOrderResult, { kind: 'created' | 'sold_out' | 'too_many_open' }> | undefined> {
  for (const row of open) {
    if (row.status !== 'pending' || !row.charge_id || !stays(row)) continue;
    const held = new Set(
      (await trx.selectFrom('order_items').select('item').where('order_id', '=', row.id).execute()).map((item) => item.item),
    );
    if (asked.every((item) => held.has(item.key))) return { kind: 'existing', order: row };
    const missing = asked.filter((item) => !held.has(item.key));
    if (held.size > 0 && missing.length < asked.length) return { kind: 'extend', order: row, missing };
  }
  return undefined;
}

/** Retired for a payment elsewhere yet payable at a provider that cannot cancel: a checkout it covers gets its refusal, no second PIX. */
async function retiredStillPayable(
  trx: Transaction<Database>,
  buyer: { email: string; phone: string },
  asked: readonly NewOrderItem[],
  now: number,
  stays: (order: OrderRow) => boolean,
): Promise<OrderRow | undefined> {
  const rows = await trx
    .selectFrom('orders')
    .innerJoin('orders as paid', 'paid.id', 'orders.replaced_by')
    .selectAll('orders')
    .where('orders.kind', '=', 'main')
    .where((eb) => eb.or([eb('orders.buyer_email', '=', buyer.email), eb('orders.buyer_phone', '=', buyer.phone)]))
    .where('orders.status', '=', 'failed')
    .where('orders.charge_id', 'is not', null)
    .where('orders.expires_at', '>', now)
    .where('paid.status', '=', 'paid')
    .orderBy('orders.created_at', 'desc')
    .execute();
  for (const row of rows.filter(stays)) {
    const held = new Set(
      (await trx.selectFrom('order_items').select('item').where('order_id', '=', row.id).execute()).map((item) => item.item),
    );
    if (asked.every((item) => held.has(item.key))) return row;
  }
  return undefined;
}

/** Checks and insert are atomic (advisory lock on Postgres, one writer on SQLite); a dead `creating` key goes to the new order. */
export async function insertOrderWithinCapacity(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  order: NewOrder,
  capacity: { limit: number; monthStart: number },
  client: { key: string; maxOpen: number },
  interruptedReason: string,
  onCreated?: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
  replaced?: {
    reason: string;
    onRetired: (trx: Transaction<Database>, orderId: string) => Promise<void>;
    /** An open charge that would stay payable at its provider if retired: it is kept instead. */
    staysPayable?: (order: OrderRow) => boolean;
  },
  /** A `creating` order no live request of ours holds, whose code therefore no one can be shown: charged anew at once. */
  orphaned: (order: OrderRow) => boolean = () => false,
): Promise<InsertOrderResult> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
    const existing = await trx.selectFrom('orders').selectAll().where('checkout_key', '=', order.checkoutKey).executeTakeFirst();
    const dead = (row: OrderRow) => row.status === 'creating' && (!isChargeInFlight(row, order.now) || orphaned(row));
    if (existing && !dead(existing)) return { kind: 'existing', order: existing };
    if (existing) await retireInterruptedOrder(trx, existing, interruptedReason, order.now);
    const amountCents = totalOf(order.items);
    const found = await findOpenOrdersOfBuyer(trx, order.buyer, order.now);
    // Its late create can no longer be recorded (`markOrderCharged` needs `creating`), so its code is never shown.
    for (const row of found.filter(dead)) await retireInterruptedOrder(trx, row, interruptedReason, order.now);
    const open = found.filter((row) => !dead(row));
    const same = open.find((row) => Number(row.amount_cents) === amountCents);
    if (same) return { kind: 'existing', order: same };
    const kept = replaced?.staysPayable ? await keepUncancellable(trx, open, order.items, replaced.staysPayable) : undefined;
    if (kept) return kept;
    const refused = replaced?.staysPayable && (await retiredStillPayable(trx, order.buyer, order.items, order.now, replaced.staysPayable));
    if (refused) return { kind: 'existing', order: refused };
    if (capacity.limit > 0 && (await countTakenSpots(trx, capacity.monthStart)) >= capacity.limit) {
      return { kind: 'sold_out' };
    }
    // The charges this checkout retires no longer count against the client's open ones.
    const retiring = replaced ? open : [];
    const freed = retiring.filter((row) => row.client_key === client.key).length;
    if ((await countOpenOrdersOfClient(trx, client.key, order.now)) - freed >= client.maxOpen) return { kind: 'too_many_open' };
    const created = async (trx: Transaction<Database>, row: OrderRow) => {
      for (const previous of retiring) {
        if (replaced && (await retireReplacedOrder(trx, previous, row.id, replaced.reason, order.now)))
          await replaced.onRetired(trx, previous.id);
      }
      await onCreated?.(trx, row);
    };
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
        offer_version: order.offerVersion,
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
        affiliate_code: order.affiliateCode,
        tracking_consent: order.tracking.consent,
        fbp: order.tracking.fbp,
        fbc: order.tracking.fbc,
        ga_client_id: order.tracking.gaClientId,
        client_ip: order.tracking.clientIp,
        client_user_agent: order.tracking.userAgent,
        whatsapp_consent_at: order.whatsappConsent?.at ?? null,
        whatsapp_consent_text: order.whatsappConsent?.text ?? null,
        whatsapp_consent_version: order.whatsappConsent?.version ?? null,
      },
      order.items,
      created,
    );
  });
}

/** Keyed on its parent, so a double press makes one. */
export function addonCheckoutKey(parentId: string): string {
  return `addon.${parentId}`;
}

/** One transaction; however often it is pressed, on however many instances, one add-on order exists. */
export async function insertAddonOrder(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  parent: OrderRow,
  addon: Pick<
    NewOrder,
    'id' | 'items' | 'productHash' | 'offerHash' | 'postbackSecret' | 'publicRef' | 'now' | 'expiresAt' | 'offerVersion'
  >,
  interruptedReason: string,
  onCreated: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
  options: {
    /** The re-checkout's add-on: of a parent still open (not paid yet); the offer after payment is not answered by it. */
    ofOpenParent?: boolean;
    /** An add-on still on is returned, but none is made (the buyer saw another price): `only_existing`. */
    onlyExisting?: boolean;
    refundAskedFor: OrdersDeps['refundAskedFor'];
  },
): Promise<{ kind: 'created' | 'existing'; order: OrderRow } | { kind: 'only_existing' } | undefined> {
  const { ofOpenParent = false } = options;
  const checkoutKey = addonCheckoutKey(parent.id);
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
    const current = await trx.selectFrom('orders').selectAll().where('id', '=', parent.id).executeTakeFirst();
    if (!current || current.kind !== 'main' || current.addon_answer === 'declined') return undefined;
    const parentOn = ofOpenParent ? current.status === 'pending' && Number(current.expires_at) > addon.now : current.status === 'paid';
    if (!parentOn) return undefined;
    // A refund asked for (and not declined) closes the offer, however it was answered before.
    if (await options.refundAskedFor(trx, parent.id)) return undefined;
    const existing = await findAddonOrder(trx, parent.id);
    if (existing && addonOrderStillOn(existing, addon.now)) return { kind: 'existing', order: existing };
    if (options.onlyExisting) return { kind: 'only_existing' };
    if (existing) await retireAddonOrder(trx, existing, interruptedReason, addon.now);
    if (!ofOpenParent)
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
        offer_version: addon.offerVersion,
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

/** One that failed, expired or died gives the key to a new one: the buyer pressed "Gerar novo código". */
export function addonOrderStillOn(existing: OrderRow, now: number): boolean {
  return (
    (existing.status === 'creating' && isChargeInFlight(existing, now)) ||
    (existing.status === 'pending' && Number(existing.expires_at) > now) ||
    existing.status === 'paid' ||
    existing.status === 'reversed'
  );
}

/** The add-on order of `parentId`, whatever its state (one key per parent). */
export function findAddonOrder(db: Kysely<Database>, parentId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('checkout_key', '=', addonCheckoutKey(parentId)).executeTakeFirst();
}

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

/** `onCharged` runs in the same transaction, so what the `charged` subscribers queue commits with it. */
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
      charge_id: charge.transactionHash,
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

/** Committed before each create call, so a restart knows where a charge may exist. */
export async function recordChargeAttempt(
  db: Kysely<Database>,
  id: string,
  attempt: { provider: ProviderId; key: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      provider: attempt.provider,
      charge_key: attempt.key,
      updated_at: attempt.now,
      charge_lease_until: attempt.now + CHARGE_LEASE_MS,
    })
    .where('id', '=', id)
    .where('status', '=', 'creating')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeServer } from '../../../src/server/compose.ts';
import { loadConfig } from '../../../src/server/config/config.ts';
import { publicConfig, publicConfigScript } from '../../../src/server/config/public-config.ts';
import { loadSite } from '../../../src/server/http/site.ts';
import { createLogger } from '../../../src/server/lib/logger.ts';
import { reviewToken } from '../../../src/server/orders/order-links.ts';
import { PUBLIC_CONFIG_PLACEHOLDER } from '../../../src/shared/public-config.ts';
import { pageKeys } from '../../../src/shared/route-lookup.ts';
import { documentFile } from '../../../src/shared/routes.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, postOrder } from '../../support/clients.ts';
import { orderRow } from '../../support/db-reads.ts';
import { announceSeed, FUZZ_SEED, runs } from '../../fuzz/fuzz-kit.ts';
import {
  answerAddon,
  askRefund,
  BUMP_PRICE,
  checkout,
  closeShop,
  consoleCall,
  DAY,
  drainOutbox,
  eraseBuyer,
  MAIN_PRICE,
  memberCookie,
  memberLists,
  newBuyer,
  openShop,
  orderDetail,
  orderStatus,
  pay,
  publishedReviewOrders,
  readOrder,
  refundList,
  restartShop,
  reviewText,
  sellerActs,
  windowEnd,
  withdrawReview,
  writeReview,
  CLOCK_MOVES,
  ModelStep,
  moveClock,
  SKIPPED_RULES,
  type Buyer,
  type ClockMove,
  type RefundRoute,
  type SellerAction,
  type Shop,
} from './purchase-model-support.ts';
import { databases, type TestDb } from '../test-db.ts';
import { checkout as checkoutCopy } from '../../../src/content/checkout.ts';
import { disputeBlockedCheckout } from '../../../src/content/disputes.ts';
import {
  findRefundRow,
  findReviewRow,
  ordersAndAddons,
  outboxRows,
  rowsOfOrders,
  setOrderColumns,
  setOutboxColumns,
  setRefundColumns,
  setSandboxCharge,
} from '../../support/db-reads.ts';
import { startAbacatepayModel, startMercadoPagoModel, type ModelProvider } from './purchase-model-providers.ts';
import {
  addonByLink,
  decideAtBank,
  DELIVERIES,
  heldAtEfi,
  isOpenFinance,
  modelCpf,
  readBackLostPayments,
  saveBankLink,
  settleBankRefunds,
  startAtBank,
  startEfiOpenFinanceModel,
  type Delivery,
  type EfiOpenFinanceModel,
} from './purchase-model-open-finance.ts';
import { disputesOf, followShopClock, isOpen } from './purchase-model-ledger.ts';

/** The start of the refusal of a checkout whose every item the buyer's earlier PIX already paid for. */
const ALREADY_PAID = checkoutCopy.errors.paidElsewhere({ amountCents: 0, items: [] }).split(',')[0]!;
/**
 * A model-based test: random sequences of what two buyers and the seller do to purchases
 * (checkout with and without the bump, payments of any charge in any order, the add-on offer,
 * refunds asked, decided and made, erasure, reviews, the clock, restarts), on the real server over
 * HTTP, on SQLite and PostgreSQL. After every step the API, the database and the outbox are read
 * back and the purchase contract's rules R1–R8 (docs/money.md) are asserted. Seeded by FUZZ_SEED
 * (tests/fuzz/fuzz-kit.ts); a failure shrinks to a short sequence printed with the seed.
 */

// ---------------------------------------------------------------------------------------------
// The model: what the buyers did (the rules are read back from the shop after every step)
// ---------------------------------------------------------------------------------------------

interface ModelOrder {
  id: string;
  buyer: number;
  kind: 'main' | 'addon';
  parentId: string | null;
  viewKey: string;
}

interface Model {
  buyers: Buyer[];
  erased: boolean[];
  orders: ModelOrder[];
  reviewVersion: number;
  /** With Efí's Open Finance on: its stand-ins, and the payments whose callback and way back were both lost, not yet read back. */
  bank?: { provider: EfiOpenFinanceModel; lost: Set<string> };
  /** With Efí: the MED devoluções made, the infractions opened (found by the list only), the unrecognised notifications sent. */
  medReturns: number;
  polledDisputes: number;
  unrecognised: number;
  /** The run's own unrecognised name, so Saúde's count of it is the run's. */
  unknownEvent: string;
}

const mains = (model: Model) => model.orders.filter((order) => order.kind === 'main');
const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);

type OrderRow = Awaited<ReturnType<typeof readOrder>>;
interface Snapshot {
  orders: Map<string, OrderRow>;
  items: Map<string, Array<{ item: 'main' | 'bump'; price_cents: number }>>;
  refunds: Map<string, { status: string; origin: string; amount_cents: number | null; item_keys: string | null }>;
}

async function snapshot(shop: Shop, model: Model): Promise<Snapshot> {
  const ids = model.orders.map((order) => order.id);
  const mainIds = mains(model).map((order) => order.id);
  if (ids.length === 0) return { orders: new Map(), items: new Map(), refunds: new Map() };
  const rows = await ordersAndAddons(shop.db, ids, mainIds);
  const allIds = rows.map((row) => row.id);
  const items = await rowsOfOrders(shop.db, 'order_items', allIds);
  const refunds = await rowsOfOrders(shop.db, 'refunds', allIds);
  const byOrder = new Map<string, Array<{ item: 'main' | 'bump'; price_cents: number }>>();
  for (const item of items)
    byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), { item: item.item, price_cents: Number(item.price_cents) }]);
  return {
    orders: new Map(rows.map((row) => [row.id, row])),
    items: byOrder,
    // Refunds are stored per item: one view per order, a part when they cover fewer than its items.
    refunds: new Map(
      [...new Set(refunds.map((row) => row.order_id))].map((orderId) => {
        const rows = refunds.filter((row) => row.order_id === orderId);
        const row = rows.find((r) => OPEN_REFUND.has(r.status)) ?? rows[0]!;
        const whole = rows.length >= (byOrder.get(orderId) ?? []).length;
        const amount = rows.reduce((sum, r) => sum + Number(r.amount_cents), 0);
        const view = {
          status: row.status,
          origin: row.origin,
          amount_cents: whole ? null : amount,
          item_keys: whole ? null : rows.map((r) => r.item).join(','),
        };
        return [orderId, view];
      }),
    ),
  };
}

const OPEN_REFUND = new Set(['requested', 'approved']);
const buyerOf = (model: Model, order: OrderRow) =>
  model.buyers.findIndex((buyer) => buyer.email === order.buyer_email || buyer.phone === order.buyer_phone);

/**
 * Each failure names its rule first ("R2: …"). PURCHASE_MODEL_SKIP=R3,R4 leaves rules known to be
 * broken unchecked, to look for failures of the others behind them.
 */
function rule(condition: boolean, message: string): void {
  if (condition) return;
  const name = /^([A-Z0-9/]+):/.exec(message)?.[1] ?? '';
  if (name.split('/').some((part) => SKIPPED_RULES.has(part))) return;
  throw new Error(message);
}

/** Every rule, read back from the API, the database, the outbox and the console. */
async function checkContract(shop: Shop, model: Model): Promise<void> {
  const now = shop.clock.now;
  // Reading a waiting order's status reads its PIX and its bank payments back, and may settle them: done before the
  // snapshot, so the figures below and the API's answers read the same state.
  const waiting =
    model.orders.length === 0
      ? []
      : await ordersAndAddons(
          shop.db,
          model.orders.map((order) => order.id),
          mains(model).map((order) => order.id),
        );
  for (const order of waiting.filter((row) => row.status === 'pending')) await orderStatus(shop, order.id);
  const snap = await snapshot(shop, model);
  if (snap.orders.size === 0) return;
  const listed = await refundList(shop);
  const published = await publishedReviewOrders(shop);
  const purchases = [...snap.orders.values()].filter((order) => order.kind === 'main');
  for (const main of purchases) {
    const group = [main, ...[...snap.orders.values()].filter((order) => order.parent_order_id === main.id)];
    const buyer = model.orders.find((order) => order.id === main.id)?.buyer ?? -1;
    const erased = buyer < 0 || model.erased[buyer]!;
    const member = erased ? undefined : await memberLists(shop, await memberCookie(shop, main.id));
    const shown = new Set(member?.lists ?? []);
    let paid = 0;
    let refunded = 0;
    let open = 0;
    let owed = 0;
    for (const order of group) {
      const refund = snap.refunds.get(order.id);
      const items = snap.items.get(order.id) ?? [];
      const amount = Number(order.amount_cents);
      const label = `${order.kind} order ${order.id} (${items.map((item) => item.item).join('+')}, ${order.status}, refund ${refund?.status ?? 'none'})`;
      if (order.status === 'paid' || order.status === 'reversed') paid += amount;
      if (order.status === 'reversed') refunded += amount;
      // A duplicate's repeated items go back alone (docs/money.md#duplicates): the order stays paid for the rest.
      const part = refund && refund.amount_cents !== null ? Number(refund.amount_cents) : null;
      const partKeys = refund?.item_keys?.split(',') ?? [];
      const kept = part === null ? items : items.filter((item) => !partKeys.includes(item.item));
      if (order.status === 'paid' && refund && OPEN_REFUND.has(refund.status)) {
        owed += part ?? amount;
        open += amount - (part ?? amount);
        rule(listed.has(order.id), `R1: ${label} owes R$ ${(part ?? amount) / 100} back but is not in "Reembolsos pedidos"`);
      } else if (order.status === 'paid') {
        if (part !== null && refund?.status === 'refunded') refunded += part;
        open += amount - (part !== null && refund?.status === 'refunded' ? part : 0);
        // R2: a paid charge without an open refund is delivered: its lists on the member page. A bump paid before
        // its main waits while the main's PIX can still be paid (docs/money.md#one-payable-pix); once that PIX
        // closes unpaid, the bump is refunded (R1 below), so it is never left paid and undelivered.
        const mainPayable =
          main.paid_at === null &&
          (main.status === 'pending' || main.status === 'creating' || (main.status === 'failed' && main.provider_closed_at === null));
        const awaitingMain = order.id !== main.id && !refund && mainPayable;
        // A charge the MED took part of ends the item whose price it matches: R8/R2 below reads each item's state from the
        // ledger (docs/money.md#med-part), so this whole-charge reading leaves it alone.
        const medTouched = Number(order.med_returned_cents ?? 0) > 0;
        if (!erased && !awaitingMain && !medTouched) {
          for (const item of part !== null && refund?.status === 'refunded' ? kept : items) {
            rule(shown.has(item.item), `R2: ${label} is paid, not being refunded, and its "${item.item}" list is not on the member page`);
          }
        }
      }
      if (refund && !OPEN_REFUND.has(refund.status) && refund.status !== 'declined' && part === null) {
        rule(order.status !== 'paid', `R1: ${label}: its refund is done but the order is still paid`);
      }
      // API and database agree on the order's status. The API reads a pending order's charge from the provider and may
      // move it on as it answers (Efí's charge read after its expiry closes it), so the row is read again after it.
      const api = await orderStatus(shop, order.id);
      const stored = order.status === 'pending' ? await orderRow(shop.db, order.id) : order;
      const expected = stored.status === 'pending' && Number(stored.expires_at) <= now ? 'expired' : stored.status;
      if (order.status !== 'creating')
        rule(api.status === expected, `API: ${label} reads "${api.status}" on /api/orders, expected "${expected}"`);
    }
    rule(paid - refunded === open + owed, `R1: purchase ${main.id}: paid ${paid} − refunded ${refunded} ≠ open ${open} + owed ${owed}`);

    // R4: a refund request on the purchase closes the offer, and covers the add-ons paid after it.
    const mainRefund = snap.refunds.get(main.id);
    if (mainRefund && mainRefund.status !== 'declined') {
      const tab = model.orders.find((order) => order.id === main.id)!;
      const reply = await orderStatus(shop, main.id, tab.viewKey);
      rule(
        reply.addonOffer === undefined,
        `R4: purchase ${main.id} has a refund ${mainRefund.status} and its status still offers the add-on`,
      );
      // Only a refund someone asked for covers the add-ons. A duplicate's refund gives back only what the buyer already
      // owned (rule 5): an add-on bought beside the repeated main is new to the buyer and stays theirs. A main paid after
      // its buyer's erasure goes back alone; the add-on paid before it was closed by the erasure, nothing owed.
      // (FUZZ_SEED=1414476040: main paid; main again, its bump as an add-on on AbacatePay; the add-on paid; the buyer
      // erased or not; then the repeated main paid.)
      const asked = mainRefund.origin !== 'duplicate' && !erased;
      const addons = asked ? group.slice(1) : [];
      // An add-on the MED took back whole is owed nothing: its money went back through the buyer's bank (docs/money.md#med).
      const medTookBack = (order: OrderRow) => Number(order.med_returned_cents ?? 0) >= Number(order.amount_cents);
      for (const addon of addons.filter((order) => (order.status === 'paid' || order.status === 'reversed') && !medTookBack(order))) {
        const own = snap.refunds.get(addon.id);
        rule(
          own !== undefined && own.status !== 'declined',
          `R4: add-on ${addon.id} (${addon.status}) of purchase ${main.id} (refund ${mainRefund.status}) has no refund of its own`,
        );
        if (mainRefund.status !== 'requested')
          rule(
            own!.status !== 'requested',
            `R4: add-on ${addon.id}'s refund is still "requested" while the main's is ${mainRefund.status}`,
          );
      }
    }

    // R7: a review shows on / only while its purchase is paid and no refund is open or done.
    if (published.has(main.id)) {
      rule(
        main.status === 'paid' && (!mainRefund || mainRefund.status === 'declined'),
        `R7: the review of ${main.id} is on / while the order is ${main.status} with refund ${mainRefund?.status ?? 'none'}`,
      );
    }

    // R8: the console's purchase figures, once they exist, agree with the above.
    const detail = await orderDetail(shop, main.id);
    const figures = detail.purchase;
    if (figures) {
      rule(figures.paidCents === paid, `R8: purchase ${main.id}: console paidCents ${figures.paidCents}, database ${paid}`);
      // docs/money.md#invariants, rule 1: what the MED took back counts as gone, but a part of it tied to no item leaves its items open.
      rule(
        figures.paidCents - figures.refundedCents - figures.medReturnedCents + figures.partRefundedCents + figures.medPartCents ===
          figures.openCents + figures.owedCents + figures.revokedCents + figures.awaitingCents,
        `R1/R8: purchase ${main.id}: ${JSON.stringify(figures)}`,
      );
      if (figures.owedCents > 0)
        rule(
          group.some((order) => listed.has(order.id)),
          `R1/R8: purchase ${main.id} owes ${figures.owedCents} and is not in "Reembolsos pedidos"`,
        );
      // Open access: nothing asked back, or asked and not yet given back (the list stays open until the money moves).
      // Closed with nothing owed only by the buyer's own erasure (the model never revokes by hand).
      if (figures.revokedCents > 0)
        rule(erased, `R1/R8: purchase ${main.id} has closed items with nothing owed, and its buyer was not erased`);
      const openItems = figures.items.filter((item) => ['open', 'refund_requested', 'refunding'].includes(item.state));
      rule(
        openItems.reduce((sum, item) => sum + item.priceCents, 0) === figures.openCents,
        `R8: purchase ${main.id}: openCents ${figures.openCents} is not the sum of its open items`,
      );
      if (!erased)
        for (const item of openItems)
          rule(shown.has(item.key), `R8/R2: item ${item.key} of ${item.orderId} is "open" and not on the member page`);
    }
  }

  // R3: one payable PIX per buyer; no reminder queued for a charge retired or already paid for.
  for (const [index] of model.buyers.entries()) {
    if (model.erased[index]) continue;
    const own = [...snap.orders.values()].filter((order) => buyerOf(model, order) === index);
    const payable = own.filter((order) => order.kind === 'main' && order.status === 'pending' && Number(order.expires_at) > now);
    rule(payable.length <= 1, `R3: buyer ${index} has ${payable.length} payable PIX: ${payable.map((order) => order.id).join(', ')}`);
    const reminders = (
      await rowsOfOrders(
        shop.db,
        'outbox',
        own.map((order) => order.id),
      )
    ).filter((row) => row.kind.startsWith('pix_reminder:'));
    for (const reminder of reminders) {
      const order = snap.orders.get(reminder.order_id)!;
      if (reminder.sent_at === null) {
        rule(order.status === 'pending', `R3: ${reminder.kind} still queued for ${order.id}, which is ${order.status}`);
        continue;
      }
      // Sent: not to a buyer who had already paid for those items (in this or another order).
      const items = (snap.items.get(order.id) ?? []).map((item) => item.item);
      const payer = own.find(
        (other) =>
          other.status === 'paid' &&
          // Strictly before: with the test's frozen clock, a reminder due at the instant of payment
          // may have gone out just before the payment was known.
          Number(other.paid_at) < Number(reminder.sent_at) &&
          items.every((item) => (snap.items.get(other.id) ?? []).some((owned) => owned.item === item)),
      );
      if (payer)
        rule(
          false,
          `R3: "${reminder.kind}" for ${order.id} (${items.join('+')}) went at ${new Date(Number(reminder.sent_at)).toISOString()} to buyer ${index}, who had paid ${payer.id} at ${new Date(Number(payer.paid_at)).toISOString()}`,
        );
    }
  }
}

/**
 * With "Pagar no app do banco" (docs/payments.md#open-finance), what Efí holds for each order, its PIX and its Open
 * Finance payments, against the shop: O1, no order is paid more than once net at Efí (a payment made twice is
 * returned); O2, no Open Finance payment goes back more than once, nor more than it was; O3, one access e-mail per
 * order; O4, an order paid with nothing asked back is held at Efí exactly once, less what the MED took; O5, a payment the shop marks returned
 * was returned at Efí; O6, an order refunded whole through Efí leaves nothing there (a PIX paid after the refund goes
 * back). A payment whose callback and way back were both lost counts once the reconciler read it back.
 */
async function checkBank(shop: Shop, model: Model): Promise<void> {
  const { provider, lost } = model.bank!;
  const snap = await snapshot(shop, model);
  const ids = [...snap.orders.keys()];
  if (ids.length === 0) return;
  const accessMails = (await rowsOfOrders(shop.db, 'outbox', ids)).filter((row) => row.kind === 'access_email');
  const bankRows = await shop.db.db.selectFrom('open_finance_payments').selectAll().where('order_id', 'in', ids).execute();
  const refundRows = await shop.db.db
    .selectFrom('refunds')
    .select(['order_id', 'status', 'gateway_state'])
    .where('order_id', 'in', ids)
    .execute();
  for (const order of snap.orders.values()) {
    const held = heldAtEfi(provider, order.charge_id, order.id);
    const amount = Number(order.amount_cents);
    const label = `${order.kind} order ${order.id} (${order.status}, refund ${snap.refunds.get(order.id)?.status ?? 'none'}; at Efí PIX ${held.pixIn} − ${held.pixOut}, bank app ${held.bankIn} − ${held.bankOut})`;
    const unread = held.accepted.some((payment) => lost.has(payment.identificadorPagamento));
    if (!unread) rule(held.net <= amount, `O1: ${label} is paid more than once net at Efí`);
    for (const payment of held.accepted) {
      const out = payment.devolucoes.filter((devolucao) => devolucao.status !== 'rejeitado');
      rule(
        out.length <= 1 && out.reduce((sum, devolucao) => sum + Math.round(Number(devolucao.valor) * 100), 0) <= amount,
        `O2: ${label}: its bank-app payment ${payment.identificadorPagamento} went back ${out.length} times (${out.map((each) => each.valor).join(', ')})`,
      );
    }
    const mails = accessMails.filter((row) => row.order_id === order.id).length;
    rule(mails <= 1, `O3: ${label} queued ${mails} access e-mails`);
    // What the MED took back (docs/disputes.md#lost) is no longer the shop's: Efí holds the rest, which the shop counts.
    const medReturned = Number(order.med_returned_cents ?? 0);
    if (!unread && order.status === 'paid' && !snap.refunds.has(order.id))
      rule(
        held.net === amount - medReturned,
        `O4: ${label} is paid with nothing asked back, the MED took ${medReturned}, and Efí holds ${held.net} for it`,
      );
    // O6: refunded whole through Efí, the order leaves nothing there: a PIX paid after its bank-app payment went back goes back too.
    const refunds = refundRows.filter((row) => row.order_id === order.id);
    const refundedAtEfi = refunds.length > 0 && refunds.every((row) => row.status === 'refunded' && row.gateway_state === 'done');
    if (!unread && order.status === 'reversed' && medReturned === 0 && refundedAtEfi)
      rule(held.net <= 0, `O6: ${label} was refunded through Efí, and Efí still holds ${held.net} for it`);
  }
  for (const row of bankRows.filter((each) => each.returned_at !== null)) {
    const returns = provider.bank.payments.get(row.payment_id)?.devolucoes.length ?? 0;
    rule(
      returns > 0,
      `O5: the shop marks bank-app payment ${row.payment_id} (order ${row.order_id}) returned; Efí holds no devolução of it`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

type Cmd = fc.AsyncCommand<Model, Shop>;

abstract class Step extends ModelStep<Model, Shop> {
  protected async verify(model: Model, shop: Shop) {
    await checkContract(shop, model);
    if (model.bank) await checkBank(shop, model);
  }
}

class Checkout extends Step {
  constructor(
    readonly buyer: number,
    readonly bump: boolean,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const before = await snapshot(shop, model);
    const sameChoice = [...before.orders.values()].find(
      (order) =>
        order.kind === 'main' &&
        buyerOf(model, order) === this.buyer &&
        order.status === 'pending' &&
        Number(order.expires_at) > shop.clock.now &&
        (before.items.get(order.id) ?? []).some((item) => item.item === 'bump') === this.bump,
    );
    const created = await checkout(shop, model.buyers[this.buyer]!, this.bump);
    // Everything this checkout would charge was paid by the buyer's earlier PIX: refused, its new PIX cancelled (P2).
    const error = (created.body as { error?: unknown }).error;
    if (created.status !== 201 && typeof error === 'string' && error.startsWith(ALREADY_PAID)) return;
    // D5: a buyer whose whole purchase the MED took back is blocked (docs/disputes.md#lost), with the neutral message only.
    const ownIds = model.orders.filter((order) => order.buyer === this.buyer).map((order) => order.id);
    const blocked =
      ownIds.length > 0 &&
      (await shop.db.db.selectFrom('dispute_blocks').select('order_id').where('order_id', 'in', ownIds).execute()).length > 0;
    if (blocked) {
      rule(
        created.status === 403 && error === disputeBlockedCheckout,
        `D5: a buyer blocked after a lost dispute checked out: ${JSON.stringify(created.body)}`,
      );
      return;
    }
    expect(created.status, `checkout answered ${JSON.stringify(created.body)}`).toBe(201);
    if (!model.orders.some((order) => order.id === created.body.orderId))
      model.orders.push({ id: created.body.orderId, buyer: this.buyer, kind: 'main', parentId: null, viewKey: created.viewKey });
    // A provider that cannot cancel keeps the open PIX and charges the bump beside it, as its add-on.
    const addon = created.body.addon;
    if (addon && !model.orders.some((order) => order.id === addon.orderId))
      model.orders.push({ id: addon.orderId, buyer: this.buyer, kind: 'addon', parentId: created.body.orderId, viewKey: created.viewKey });
    if (sameChoice)
      rule(created.body.orderId === sameChoice.id, `R3: the same choice again made ${created.body.orderId}, not ${sameChoice.id}`);
  }
  toString() {
    return `checkout(buyer ${this.buyer}, ${this.bump ? 'with bump' : 'no bump'})`;
  }
}

class Pay extends Step {
  constructor(
    readonly index: number,
    /** Counted from the newest order: the PIX of the one just made (with Open Finance, paid beside the bank app). */
    readonly newest = false,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const target = pick(this.newest ? model.orders.toReversed() : model.orders, this.index);
    if (!target) return;
    const before = await snapshot(shop, model);
    const row = before.orders.get(target.id)!;
    if (!row.charge_id) return;
    // What the buyer already owns, in another paid order not refunded, within 48 h (R5).
    const owned = new Set<string>();
    for (const other of before.orders.values()) {
      const refund = before.refunds.get(other.id);
      if (other.id === row.id || other.status !== 'paid' || buyerOf(model, other) !== target.buyer) continue;
      if (refund && refund.status !== 'declined') continue;
      if (Number(other.paid_at) < shop.clock.now - 2 * DAY) continue;
      for (const item of before.items.get(other.id) ?? []) owned.add(item.item);
    }
    await pay(shop, target.id);
    await drainOutbox(shop);
    const after = await readOrder(shop, target.id);
    if (row.status === 'paid' || row.status === 'reversed' || after.status !== 'paid' || model.erased[target.buyer]) return;
    const items = (before.items.get(target.id) ?? []).map((item) => item.item);
    const again = items.filter((item) => owned.has(item));
    if (again.length === 0) return;
    const listed = await refundList(shop);
    const refund = await findRefundRow(shop.db, target.id);
    const now = await readOrder(shop, target.id);
    if (again.length === items.length) {
      rule(
        now.status === 'reversed' || (refund !== undefined && OPEN_REFUND.has(refund.status) && listed.has(target.id)),
        `R5: ${target.id} (${items.join('+')}) buys again what buyer ${target.buyer} owns; it is ${now.status}, refund ${refund?.status ?? 'none'}, listed ${listed.has(target.id)}`,
      );
    } else {
      rule(now.status === 'paid', `R5: ${target.id} (${items.join('+')}) re-buys only ${again.join('+')} and was refunded whole`);
      // Owed back: listed for the seller, or already given back through the provider's part refund (capability partialRefunds).
      const givenBack = (await rowsOfOrders(shop.db, 'refunds', [target.id])).filter(
        (row) => again.includes(row.item) && row.status === 'refunded',
      );
      rule(
        listed.has(target.id) || givenBack.length === again.length,
        `R5: ${target.id} (${items.join('+')}) re-buys ${again.join('+')} and owes it back, but is neither listed nor refunded`,
      );
      const main = now.parent_order_id ?? now.id;
      const lists = await memberLists(shop, await memberCookie(shop, main));
      for (const item of items.filter((item) => !owned.has(item)))
        rule(lists.lists.includes(item), `R5: ${target.id}'s new item ${item} is not delivered`);
    }
  }
  toString() {
    return this.newest ? `pay(newest charge #${this.index})` : `pay(charge #${this.index})`;
  }
}

class AnswerAddon extends Step {
  constructor(
    readonly index: number,
    readonly accept: boolean,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const main = pick(mains(model), this.index);
    if (!main) return;
    const refund = await findRefundRow(shop.db, main.id);
    const response = await answerAddon(shop, main.id, main.viewKey, this.accept);
    const body = (await response.json()) as { orderId?: string };
    await shop.server.background.idle();
    if (refund && refund.status !== 'declined' && this.accept)
      rule(response.status === 409, `R4: "Quero adicionar" after a refund request (${refund.status}) answered ${response.status}`);
    if (response.status === 201 && body.orderId && !model.orders.some((order) => order.id === body.orderId)) {
      model.orders.push({ id: body.orderId, buyer: main.buyer, kind: 'addon', parentId: main.id, viewKey: main.viewKey });
    }
  }
  toString() {
    return `${this.accept ? 'acceptAddon' : 'declineAddon'}(purchase #${this.index})`;
  }
}

class AskRefund extends Step {
  constructor(
    readonly index: number,
    readonly route: RefundRoute,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const main = pick(mains(model), this.index);
    if (!main) return;
    const snap = await snapshot(shop, model);
    const row = snap.orders.get(main.id)!;
    const group = [row, ...[...snap.orders.values()].filter((order) => order.parent_order_id === main.id)];
    const now = shop.clock.now;
    const refundable = group.filter(
      (order) => order.status === 'paid' && !snap.refunds.has(order.id) && now < windowEnd(Number(order.paid_at)),
    );
    // A contestação open at the buyer's bank: the buyer is told so (409), and nothing goes back twice (docs/disputes.md).
    const contested = (
      await disputesOf(
        shop,
        group.map((order) => order.id),
      )
    ).some(isOpen);
    const expectAccepted =
      !contested &&
      !model.erased[main.buyer] &&
      row.status === 'paid' &&
      !snap.refunds.has(main.id) &&
      refundable.length > 0 &&
      row.access_revoked_at === null;
    const answer = await askRefund(shop, main.id, this.route);
    await drainOutbox(shop);
    const windows = group
      .map((order) => `${order.id} paid ${order.paid_at ? new Date(Number(order.paid_at)).toISOString() : '-'}`)
      .join('; ');
    if (expectAccepted) {
      rule(
        answer.status === 200,
        `R6: refund asked at ${new Date(now).toISOString()} inside a window (${windows}) answered ${answer.status} ${answer.text}`,
      );
      const refunds = await rowsOfOrders(
        shop.db,
        'refunds',
        group.map((order) => order.id),
      );
      const covered = new Set(refunds.map((refund) => refund.order_id));
      for (const order of refundable)
        rule(covered.has(order.id), `R6: the refund asked on ${main.id} leaves ${order.id} (in its window) uncovered`);
      if (!refundable.some((order) => order.id === main.id))
        rule(!covered.has(main.id), `R6: only the add-on's window was open, yet the main order ${main.id} is being refunded`);
    } else if (contested && row.status !== 'reversed') {
      // A purchase the MED took back whole has no access left to ask from (docs/disputes.md#lost), open dispute or not.
      rule(answer.status === 409, `D3: a refund asked while the purchase's dispute is open answered ${answer.status} ${answer.text}`);
    } else if (!model.erased[main.buyer] && row.status === 'paid' && !snap.refunds.has(main.id) && row.access_revoked_at === null) {
      rule(
        answer.status === 422,
        `R6: refund asked at ${new Date(now).toISOString()} after every window (${windows}) answered ${answer.status}`,
      );
    }
  }
  toString() {
    return `askRefund(purchase #${this.index}, ${this.route} page)`;
  }
}

class Seller extends Step {
  constructor(
    readonly index: number,
    readonly action: SellerAction,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const order = pick(model.orders, this.index);
    if (!order) return;
    const answer = await sellerActs(shop, order.id, this.action);
    rule(answer.status < 500, `console ${this.action} on ${order.id} answered ${answer.status} ${answer.text}`);
    await drainOutbox(shop);
  }
  toString() {
    const label = { approve: 'Reembolsar', decline: 'Recusar', mark: 'Marcar como reembolsado' }[this.action];
    return `seller "${label}"(order #${this.index})`;
  }
}

class Erase extends Step {
  constructor(readonly buyer: number) {
    super();
  }
  async act(model: Model, shop: Shop) {
    if (model.erased[this.buyer]) return;
    const answer = await eraseBuyer(shop, model.buyers[this.buyer]!.email);
    rule(answer.status === 200, `erasure answered ${answer.status} ${answer.text}`);
    model.erased[this.buyer] = true;
  }
  toString() {
    return `erase(buyer ${this.buyer})`;
  }
}

type ReviewAction = 'write' | 'publish' | 'hide' | 'withdraw';
class Review extends Step {
  constructor(
    readonly index: number,
    readonly action: ReviewAction,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const main = pick(mains(model), this.index);
    if (!main || model.erased[main.buyer]) return;
    const order = await readOrder(shop, main.id);
    const review = await findReviewRow(shop.db, main.id);
    if (this.action === 'write') {
      model.reviewVersion += 1;
      await (await writeReview(shop, order, model.reviewVersion)).body?.cancel();
    } else if (this.action === 'withdraw') {
      const answer = await withdrawReview(shop, order);
      await answer.body?.cancel();
      if (review && review.status !== 'withdrawn')
        rule(answer.status === 200, `R7: the buyer cannot withdraw the review of ${main.id} (order ${order.status}): ${answer.status}`);
    } else {
      const seen = (await consoleCall(shop, '/reviews')).json() as {
        reviews: Array<{ orderId: string; text: string; contentKey: string }>;
      };
      const card = seen.reviews.find((entry) => entry.orderId === main.id);
      // "Publicar" names the words the seller read (their content key); "Ocultar" needs nothing.
      const answer = await consoleCall(shop, `/reviews/${main.id}/${this.action}`, card ? { contentKey: card.contentKey } : {});
      rule(answer.status < 500, `console ${this.action} review answered ${answer.status}`);
    }
    await shop.server.background.idle();
  }
  toString() {
    return `review ${this.action}(purchase #${this.index})`;
  }
}

class Clock extends Step {
  constructor(readonly move: ClockMove) {
    super();
  }
  async act(model: Model, shop: Shop) {
    // The reconciler runs every 30 s: a payment lost on its way from the bank is read back before hours pass.
    if (model.bank && model.bank.lost.size > 0) await readBack(model, shop);
    await moveClock(shop, this.move);
  }
  toString() {
    return `clock(+${this.move})`;
  }
}

class Restart extends Step {
  async act(_model: Model, shop: Shop) {
    await restartShop(shop);
    await drainOutbox(shop);
  }
  toString() {
    return 'restart()';
  }
}

// ---------------------------------------------------------------------------------------------
// Paying in the bank's app (Efí's Open Finance), and JSR (docs/payments.md#open-finance)
// ---------------------------------------------------------------------------------------------

async function readBack(model: Model, shop: Shop) {
  await readBackLostPayments(shop);
  model.bank!.lost.clear();
}

/** The model's orders still waiting for payment, newest first. */
async function waitingOrders(shop: Shop, model: Model) {
  const snap = await snapshot(shop, model);
  return model.orders.toReversed().filter((order) => snap.orders.get(order.id)?.status === 'pending');
}

/** "Pagar no app do banco" on the `index`-th waiting order (newest first); with `startFails`, Efí refuses the start. */
class BankStart extends Step {
  constructor(
    readonly index: number,
    readonly startFails = false,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const target = pick(await waitingOrders(shop, model), this.index);
    if (!target) return;
    const provider = model.bank!.provider;
    if (this.startFails) provider.bank.script('POST', '/pagamentos/pix', { kind: 'status', status: 500 });
    const started = await startAtBank(shop, provider, target.id, target.viewKey);
    provider.bank.clearScripts();
    const refusedAsErased = model.erased[target.buyer] === true && started.status === 422;
    const expected = this.startFails ? [200, 502] : [200];
    rule(
      expected.includes(started.status) || refusedAsErased,
      `BANK: "Pagar no app do banco" on ${target.id} answered ${started.status} ${started.text}`,
    );
  }
  toString() {
    return `bankStart(waiting #${this.index}${this.startFails ? ', Efí refuses' : ''})`;
  }
}

/**
 * The buyer approves or refuses at the bank the `index`-th payment still waiting there (newest first); `delivery`
 * says what reaches the shop; with `cancelFails`, Efí's API Pix does not take the cancel of the order's PIX.
 */
class BankDecide extends Step {
  constructor(
    readonly index: number,
    readonly approve: boolean,
    readonly delivery: Delivery,
    readonly cancelFails = false,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const { provider, lost } = model.bank!;
    const ids = new Set(model.orders.map((order) => order.id));
    const waiting = [...provider.bank.payments.values()].filter((held) => held.status === 'pendente' && ids.has(held.idProprio ?? ''));
    const payment = pick(waiting.toReversed(), this.index);
    if (!payment) return;
    const order = await readOrder(shop, payment.idProprio!);
    const cob = order.charge_id ? provider.standIn.cob(order.charge_id) : undefined;
    // Only when the settling will cancel that PIX now, so the fault meets that cancel.
    if (this.cancelFails && this.approve && this.delivery !== 'lost' && order.status === 'pending' && cob?.status === 'ATIVA')
      provider.standIn.script('PATCH', '/v2/cob/', { kind: 'status', status: 503 });
    const location = await decideAtBank(shop, provider, payment.identificadorPagamento, this.approve, this.delivery);
    provider.bank.clearScripts();
    provider.standIn.clearScripts();
    if (this.delivery === 'lost' && this.approve) lost.add(payment.identificadorPagamento);
    if (location !== undefined) {
      const outcome = new URL(location, shop.server.url).searchParams.get('banco');
      rule(
        outcome === (this.approve ? 'pago' : 'recusado'),
        `BANK: ${this.approve ? 'approved' : 'refused'} at the bank, the way back for ${order.id} (${order.status}) landed on ${location}`,
      );
    }
  }
  toString() {
    return `bankDecide(waiting #${this.index}, ${this.approve ? 'approved' : 'refused'}, ${this.delivery}${this.cancelFails ? ', cancel fails' : ''})`;
  }
}

/** The reconciler's pass a minute later: payments whose callback and way back were both lost are read back. */
class ReadBack extends Step {
  async act(model: Model, shop: Shop) {
    await readBack(model, shop);
  }
  toString() {
    return 'bankReadBack()';
  }
}

/** "Salvar para pagar com biometria" on the `index`-th purchase's tab, approved or refused at the bank. */
class SaveLink extends Step {
  constructor(
    readonly index: number,
    readonly approve: boolean,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const main = pick(mains(model), this.index);
    if (!main) return;
    const offered = (await orderStatus(shop, main.id, main.viewKey)) as { bankLink?: string };
    const saved = await saveBankLink(shop, model.bank!.provider, main.id, main.viewKey, this.approve);
    if (offered.bankLink === 'can_save')
      rule(saved.status === 200, `JSR: "Salvar para pagar com biometria" offered on ${main.id} answered ${saved.status}`);
    // The way back carries the order's key in its fragment (docs/payments.md#open-finance: it works from any tab).
    if (saved.location)
      rule(
        new URL(saved.location, shop.server.url).searchParams.get('vinculo') === (this.approve ? 'salvo' : 'recusado'),
        `JSR: the vínculo ${this.approve ? 'approved' : 'refused'} for ${main.id} landed on ${saved.location}`,
      );
  }
  toString() {
    return `saveLink(purchase #${this.index}, ${this.approve ? 'approved' : 'refused'})`;
  }
}

/** "Quero adicionar" under the vínculo on the `index`-th purchase, then the buyer's confirmation at the bank. */
class AddonByLink extends Step {
  constructor(
    readonly index: number,
    readonly approve: boolean,
    readonly delivery: Delivery,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const main = pick(mains(model), this.index);
    if (!main) return;
    const reply = (await orderStatus(shop, main.id, main.viewKey)) as { bankLink?: string; addonOffer?: { version: number } };
    const tapped = await addonByLink(shop, model.bank!.provider, main.id, main.viewKey, reply.addonOffer?.version);
    if (reply.bankLink === 'linked' && reply.addonOffer)
      rule(tapped.status === 200, `JSR: the add-on offered under the vínculo of ${main.id} answered ${tapped.status} ${tapped.text}`);
    else
      rule(
        tapped.status === 409 || tapped.status === 200,
        `JSR: the add-on by vínculo on ${main.id} answered ${tapped.status} ${tapped.text}`,
      );
    const payment = tapped.payment;
    if (!payment?.idProprio) return;
    if (!model.orders.some((order) => order.id === payment.idProprio))
      model.orders.push({ id: payment.idProprio, buyer: main.buyer, kind: 'addon', parentId: main.id, viewKey: main.viewKey });
    if (payment.status !== 'pendente') return;
    await decideAtBank(shop, model.bank!.provider, payment.identificadorPagamento, this.approve, this.delivery);
    if (this.delivery === 'lost' && this.approve) model.bank!.lost.add(payment.identificadorPagamento);
  }
  toString() {
    return `addonByLink(purchase #${this.index}, ${this.approve ? 'approved' : 'refused'}, ${this.delivery})`;
  }
}

/** Efí ends the devoluções still pending (refunds refused with `refused`; a return of a payment made twice is always taken). */
class BankRefundsEnd extends Step {
  constructor(readonly refused: boolean) {
    super();
  }
  async act(model: Model, shop: Shop) {
    await settleBankRefunds(shop, model.bank!.provider, this.refused);
  }
  toString() {
    return `bankRefundsEnd(${this.refused ? 'rejeitado' : 'aceito'})`;
  }
}

const deliveryArb = fc.constantFrom(...DELIVERIES);
const approveArb = fc.constantFrom(true, true, true, false);
const bankArbs: Array<fc.Arbitrary<Cmd>> = [
  fc
    .record({ index: fc.nat(2), startFails: fc.constantFrom(false, false, true) })
    .map(({ index, startFails }) => new BankStart(index, startFails)),
  fc
    .record({ index: fc.nat(2), approve: approveArb, delivery: deliveryArb, cancelFails: fc.boolean() })
    .map(({ index, approve, delivery, cancelFails }) => new BankDecide(index, approve, delivery, cancelFails)),
  fc.nat(3).map((index) => new Pay(index, true)),
  fc.constant(new ReadBack()),
  fc.record({ index: fc.nat(3), approve: approveArb }).map(({ index, approve }) => new SaveLink(index, approve)),
  fc
    .record({ index: fc.nat(3), approve: approveArb, delivery: deliveryArb })
    .map(({ index, approve, delivery }) => new AddonByLink(index, approve, delivery)),
  fc.boolean().map((refused) => new BankRefundsEnd(refused)),
];

// ---------------------------------------------------------------------------------------------
// Money the MED takes at Efí, disputes found only by the list, and events of names the shop does not know
// (docs/disputes.md, docs/payments.md#unrecognised-events)
// ---------------------------------------------------------------------------------------------

/** The model's paid orders whose PIX Efí holds, with that PIX and what of it Efí still keeps. */
async function paidAtEfi(shop: Shop, model: Model) {
  const snap = await snapshot(shop, model);
  return model.orders.flatMap((order) => {
    const row = snap.orders.get(order.id);
    const pix = row?.status === 'paid' && row.charge_id ? model.bank!.provider.standIn.cob(row.charge_id)?.pix[0] : undefined;
    if (!row || !pix) return [];
    const out = pix.devolucoes.filter((each) => each.status !== 'NAO_REALIZADO').reduce((sum, each) => sum + reaisToCents(each.valor), 0);
    return [{ order: row, txid: row.charge_id!, pix, kept: reaisToCents(pix.valor) - out }];
  });
}
const reaisToCents = (valor: string) => Math.round(Number(valor) * 100);
type MedPart = 500 | 990 | 'rest';

/**
 * The MED takes back part of the `index`-th paid PIX at Efí, with no infraction the shop saw: R$ 9,90 (the bump's
 * price), R$ 5,00 (no item's price) or all Efí still keeps. The paid charge's re-read (at most 3 days apart) reads it:
 * counted by the devolução's amount, an item ended only by its own price, the buyer blocked only when all went back.
 */
class MedReturn extends Step {
  constructor(
    readonly index: number,
    readonly part: MedPart,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const held = pick(await paidAtEfi(shop, model), this.index);
    if (!held || held.kept <= 0) return;
    const cents = this.part === 'rest' ? held.kept : this.part;
    if (cents > held.kept) return;
    const before = (await orderDetail(shop, held.order.id)).purchase;
    model.bank!.provider.standIn.medReturn(held.pix.endToEndId, cents);
    model.medReturns += 1;
    shop.clock.now += 3 * DAY + 60_000;
    await shop.server.reconciler.runOnce();
    await shop.server.background.idle();
    await drainOutbox(shop);
    const after = (await orderDetail(shop, held.order.id)).purchase;
    if (!before || !after) return;
    const label = `MED: a devolução of ${cents} on order ${held.order.id} (${held.order.kind})`;
    rule(
      after.medReturnedCents === before.medReturnedCents + cents,
      `${label} reads ${after.medReturnedCents - before.medReturnedCents} returned`,
    );
    const ended = after.items.filter(
      (item) =>
        item.orderId === held.order.id &&
        item.state === 'med_returned' &&
        before.items.find((was) => was.key === item.key && was.orderId === item.orderId)?.state !== 'med_returned',
    );
    const endedCents = ended.reduce((sum, item) => sum + item.priceCents, 0);
    const stillOpen = before.items.filter((item) => item.orderId === held.order.id && item.state === 'open');
    // All that Efí still kept of the PIX going back is the whole order gone: its items end, whatever their prices.
    const whole = cents === held.kept;
    rule(whole || endedCents === 0 || endedCents === cents, `${label} ended ${ended.map((item) => item.key).join(', ')} (${endedCents})`);
    if (endedCents === 0 && !whole)
      rule(!stillOpen.some((item) => item.priceCents === cents), `${label}, the price of an open item, ended none`);
    const blocked = await shop.db.db.selectFrom('dispute_blocks').select('order_id').where('order_id', '=', held.order.id).execute();
    if (blocked.length > 0)
      rule(
        !after.items.some((item) => item.state === 'open'),
        `${label} blocked the buyer while ${after.items
          .filter((item) => item.state === 'open')
          .map((item) => item.key)
          .join(', ')} stayed open`,
      );
  }
  toString() {
    return `medReturn(paid at Efí #${this.index}, ${this.part})`;
  }
}

/**
 * The payer contests the `index`-th paid PIX at Efí: an infraction no webhook tells of, found by "Verificar contestações
 * agora" (the list poll), then left open, rejected, or accepted with a devolução of `part`.
 */
class PolledInfraction extends Step {
  constructor(
    readonly index: number,
    readonly outcome: 'open' | 'REJEITADA' | 'ACEITA',
    readonly part: MedPart,
  ) {
    super();
  }
  async act(model: Model, shop: Shop) {
    const held = pick(await paidAtEfi(shop, model), this.index);
    if (!held || held.kept <= 0) return;
    const { standIn } = model.bank!.provider;
    const idInfracao = standIn.openInfraction(held.txid, { prazoFinalizacao: shop.clock.now + 3 * DAY });
    model.polledDisputes += 1;
    const poll = async () => {
      const reply = await consoleCall(shop, '/disputes/poll', {});
      rule(
        reply.status === 200 && (reply.json() as { ok: boolean }).ok,
        `POLL: "Verificar contestações agora" answered ${reply.status} ${reply.text}`,
      );
      await shop.server.background.idle();
      await drainOutbox(shop);
    };
    await poll();
    const listed = (
      (await consoleCall(shop, '/disputes')).json() as { disputes: Array<{ providerDisputeId: string | null; orderId: string }> }
    ).disputes;
    rule(
      listed.some((dispute) => dispute.providerDisputeId === idInfracao && dispute.orderId === held.order.id),
      `POLL: infraction ${idInfracao} on order ${held.order.id}, listed by Efí, is not in "Contestações" after a poll`,
    );
    if (this.outcome === 'open') return;
    standIn.setInfractionStatus(idInfracao, this.outcome);
    if (this.outcome === 'ACEITA') {
      const cents = this.part === 'rest' ? held.kept : Math.min(this.part, held.kept);
      standIn.medReturn(held.pix.endToEndId, cents);
      model.medReturns += 1;
    }
    shop.clock.now += 60_000;
    await poll();
    shop.clock.now += 2 * 60_000;
    await shop.server.reconciler.runOnce();
    await shop.server.background.idle();
    await drainOutbox(shop);
  }
  toString() {
    return `polledInfraction(paid at Efí #${this.index}, ${this.outcome}${this.outcome === 'ACEITA' ? ` ${this.part}` : ''})`;
  }
}

/** A verified Efí notification of a name the shop does not know: it changes no money, and Saúde counts it by name. */
class UnrecognisedEvent extends Step {
  async act(model: Model, shop: Shop) {
    const before = await snapshot(shop, model);
    const response = await fetch(`${shop.server.url}/api/webhooks/efi/pix`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Client-Verified': 'SUCCESS' },
      body: JSON.stringify({ evento: model.unknownEvent }),
    });
    rule(response.status === 200, `EVENT: an unrecognised verified notification answered ${response.status}`);
    model.unrecognised += 1;
    await shop.server.background.idle();
    await drainOutbox(shop);
    const after = await snapshot(shop, model);
    const money = (snap: Snapshot) =>
      JSON.stringify([
        [...snap.orders.values()].map((row) => [row.id, row.status, row.amount_cents, row.med_returned_cents]),
        [...snap.refunds],
      ]);
    rule(money(after) === money(before), `EVENT: an unrecognised notification changed orders or refunds`);
    const health = (await consoleCall(shop, '/health')).json() as { checks: Array<{ key: string; detail?: string }> };
    const detail = health.checks.find((check) => check.key === 'events')?.detail ?? '';
    rule(
      detail.includes(`“evento:${model.unknownEvent}”, ${model.unrecognised} ${model.unrecognised === 1 ? 'vez' : 'vezes'}`),
      `EVENT: Saúde does not count ${model.unrecognised} unrecognised notification(s): ${detail}`,
    );
  }
  toString() {
    return 'unrecognisedEvent()';
  }
}

const medPartArb = fc.constantFrom<MedPart>(500, 990, 'rest');
const disputeArbs: Array<fc.Arbitrary<Cmd>> = [
  fc.record({ index: fc.nat(3), part: medPartArb }).map(({ index, part }) => new MedReturn(index, part)),
  fc
    .record({
      index: fc.nat(3),
      outcome: fc.constantFrom<'open' | 'REJEITADA' | 'ACEITA'>('open', 'REJEITADA', 'ACEITA'),
      part: medPartArb,
    })
    .map(({ index, outcome, part }) => new PolledInfraction(index, outcome, part)),
  fc.constant(new UnrecognisedEvent()),
];

const MAX_COMMANDS = 20;
const checkoutArb = fc
  .record({ buyer: fc.integer({ min: 0, max: 1 }), bump: fc.boolean() })
  .map(({ buyer, bump }) => new Checkout(buyer, bump));
const commandArbs: Array<fc.Arbitrary<Cmd>> = [
  checkoutArb,
  checkoutArb,
  fc.nat(7).map((index) => new Pay(index)),
  fc.nat(7).map((index) => new Pay(index)),
  fc.record({ index: fc.nat(3), accept: fc.boolean() }).map(({ index, accept }) => new AnswerAddon(index, accept)),
  fc
    .record({ index: fc.nat(3), route: fc.constantFrom<RefundRoute>('member', 'page') })
    .map(({ index, route }) => new AskRefund(index, route)),
  fc
    .record({ index: fc.nat(7), action: fc.constantFrom<SellerAction>('approve', 'decline', 'mark') })
    .map(({ index, action }) => new Seller(index, action)),
  fc.integer({ min: 0, max: 1 }).map((buyer) => new Erase(buyer)),
  fc
    .record({ index: fc.nat(3), action: fc.constantFrom<ReviewAction>('write', 'write', 'publish', 'hide', 'withdraw') })
    .map(({ index, action }) => new Review(index, action)),
  fc.constantFrom(...CLOCK_MOVES).map((move) => new Clock(move)),
  fc.constant(new Restart()),
];

/**
 * Each run opens with a purchase paid (so most runs reach money), goes on at random, and most often
 * closes with a refund asked.
 */
const runArb = fc.record({
  opening: fc.tuple(checkoutArb, fc.constant(new Pay(0))),
  rest: fc.commands(commandArbs, { maxCommands: MAX_COMMANDS, size: 'max' }),
  closing: fc.option(
    fc
      .record({ index: fc.nat(3), route: fc.constantFrom<RefundRoute>('member', 'page') })
      .map(({ index, route }) => new AskRefund(index, route)),
    { nil: undefined },
  ),
});

/**
 * With Efí's Open Finance on, each run opens with a purchase paid in the bank's app (refused there one time in five,
 * then paid by its PIX; its PIX sometimes paid too), and every run goes on with the other buyer paying both ways at
 * once (the bank app and the PIX, in either order, the return read at once, after a lost cancel, or by the
 * reconciler) and with the first buyer keeping the bank linked and paying the add-on by JSR; random steps, the bank's
 * among them, take the rest of the run.
 */
const bankRunArb = fc.record({
  opening: fc
    .record({
      buyer: fc.integer({ min: 0, max: 1 }),
      approve: fc.constantFrom(true, true, true, true, false),
      delivery: deliveryArb,
      cancelFails: fc.boolean(),
      pixToo: fc.constantFrom(false, false, true),
    })
    .map(({ buyer, approve, delivery, cancelFails, pixToo }): Cmd[] => [
      new Checkout(buyer, false),
      new BankStart(0),
      new BankDecide(0, approve, delivery, cancelFails),
      ...(approve && !pixToo ? [] : [new Pay(0, true)]),
    ]),
  // In every run, not in most: 8 runs with it optional could leave the return of a payment made both ways unreached.
  bothPaid: fc
    .record({ bump: fc.boolean(), order: fc.constantFrom('pixFirst', 'cancelLost', 'readBack'), delivery: deliveryArb })
    .map(({ bump, order, delivery }) => (buyer: number): Cmd[] => {
      const start = [new Checkout(buyer, bump), new BankStart(0)];
      if (order === 'pixFirst') return [...start, new Pay(0, true), new BankDecide(0, true, delivery)];
      if (order === 'cancelLost')
        return [...start, new BankDecide(0, true, delivery === 'lost' ? 'both' : delivery, true), new Pay(0, true)];
      return [...start, new BankDecide(0, true, 'lost'), new Pay(0, true), new ReadBack()];
    }),
  jsr: fc.option(
    fc
      .record({ delivery: deliveryArb, pixToo: fc.constantFrom(false, false, true) })
      .map(({ delivery, pixToo }): Cmd[] => [
        new ReadBack(),
        new SaveLink(0, true),
        new AddonByLink(0, true, delivery),
        ...(pixToo ? [new Pay(0, true)] : []),
      ]),
    { freq: 4, nil: undefined },
  ),
  rest: fc.commands([...commandArbs, ...bankArbs.flatMap((arb) => [arb, arb]), ...disputeArbs], {
    maxCommands: MAX_COMMANDS,
    size: 'max',
  }),
  closing: fc.option(
    fc.oneof(
      fc
        .record({ index: fc.nat(3), route: fc.constantFrom<RefundRoute>('member', 'page') })
        .map(({ index, route }) => new AskRefund(index, route)),
      fc.nat(3).map((index) => new Seller(index, 'approve')),
    ),
    { nil: undefined },
  ),
});

/** Runs of a shop with Efí's Open Finance on that reached each of its routes (after the run's last read-back). */
interface BankCoverage {
  paidInBankApp: number;
  paidBothWaysReturned: number;
  addonByJsr: number;
  refundThroughBankApp: number;
}

async function bankReached(shop: Shop, model: Model): Promise<Partial<Record<keyof BankCoverage, boolean>>> {
  const ids = [...(await snapshot(shop, model)).orders.keys()];
  if (ids.length === 0) return {};
  const rows = await shop.db.db.selectFrom('open_finance_payments').selectAll().where('order_id', 'in', ids).execute();
  const paid = rows.filter((row) => row.paid_at !== null);
  const held = (id: string) => model.bank!.provider.bank.payments.get(id);
  return {
    // Paid in the bank's app at some point: returned later (paid both ways) or not.
    paidInBankApp: paid.some((row) => Number(row.jsr) === 0),
    paidBothWaysReturned: paid.some((row) => row.returned_at !== null && (held(row.payment_id)?.devolucoes.length ?? 0) > 0),
    addonByJsr: paid.some((row) => Number(row.jsr) === 1),
    refundThroughBankApp: paid.some((row) => row.returned_at === null && (held(row.payment_id)?.devolucoes.length ?? 0) > 0),
  };
}

const NUM_RUNS = runs(Number(process.env.PURCHASE_MODEL_RUNS ?? 8));
/** 25/11/2026 15:00 in São Paulo. */
const START = Date.UTC(2026, 10, 25, 18, 0, 0);

const variants: ReadonlyArray<{ name: string; env: Record<string, string>; provider?: () => Promise<ModelProvider> }> = [
  { name: 'manual refunds', env: {} },
  { name: 'REFUND_MODE=auto, GATEWAY_REFUNDS=1', env: { REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' } },
  // The same contract with each other provider as the shop's only one, refunds at the provider.
  {
    name: 'Mercado Pago, refunds at the provider',
    env: { REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' },
    provider: startMercadoPagoModel,
  },
  // Efí with "Pagar no app do banco" on: the bank's steps join the random ones (bankRunArb).
  { name: 'Efí, manual refunds', env: {}, provider: startEfiOpenFinanceModel },
  {
    name: 'AbacatePay, manual refunds',
    env: {},
    provider: startAbacatepayModel,
  },
  {
    name: 'Efí, refunds at the provider (the bank app through devolver)',
    env: { REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' },
    provider: startEfiOpenFinanceModel,
  },
];

for (const database of databases) {
  describe(`purchase model on ${database.name}`, () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await database.create();
    });
    afterAll(async () => {
      await db?.close();
    });

    for (const [variantIndex, variant] of variants.entries()) {
      it(`holds the purchase contract through random sequences (${variant.name})`, async () => {
        announceSeed(`purchase model (${database.name}, ${variant.name}): ${NUM_RUNS} runs of ≤ ${MAX_COMMANDS} commands`);
        let shop: Shop | undefined;
        let run = 0;
        const provider = variant.provider ? await variant.provider() : undefined;
        const bankProvider = provider && isOpenFinance(provider) ? provider : undefined;
        const coverage = { runs: 0, paid: 0, refund: 0, medReturn: 0, polledDispute: 0, unrecognised: 0 };
        const bankCoverage: BankCoverage = { paidInBankApp: 0, paidBothWaysReturned: 0, addonByJsr: 0, refundThroughBankApp: 0 };
        /** One run: its own buyers and its own stretch of time, on a freshly started server. */
        const runOnce = async (cmds: Cmd[]) => {
          run += 1;
          shop!.clock.now = START + run * 40 * DAY;
          await restartShop(shop!);
          bankProvider?.bank.clearScripts();
          bankProvider?.standIn.clearScripts();
          const model: Model = {
            buyers: [newBuyer('Ana Modelo'), newBuyer('Bruno Modelo')].map((buyer) =>
              bankProvider ? { ...buyer, document: modelCpf() } : buyer,
            ),
            erased: [false, false],
            orders: [],
            reviewVersion: 0,
            medReturns: 0,
            polledDisputes: 0,
            unrecognised: 0,
            // Its own name in any run of any variant (they may share a database): the count it expects is its own.
            unknownEvent: `modelo_desconhecido_${randomUUID().slice(0, 8)}`,
            ...(bankProvider ? { bank: { provider: bankProvider, lost: new Set<string>() } } : {}),
          };
          if (process.env.PURCHASE_MODEL_TRACE) console.log(`run ${run}: ${cmds.map(String).join(', ')}`);
          await fc.asyncModelRun(() => ({ model, real: shop! }), cmds);
          if (bankProvider) {
            // Every lost payment read back and every devolução ended: the rules hold with nothing in flight.
            await readBack(model, shop!);
            await settleBankRefunds(shop!, bankProvider, false);
            await checkContract(shop!, model);
            await checkBank(shop!, model);
            const reached = await bankReached(shop!, model);
            for (const key of Object.keys(bankCoverage) as Array<keyof BankCoverage>) if (reached[key]) bankCoverage[key] += 1;
          }
          const reached = await snapshot(shop!, model);
          coverage.runs += 1;
          if ([...reached.orders.values()].some((order) => order.paid_at !== null)) coverage.paid += 1;
          if (reached.refunds.size > 0) coverage.refund += 1;
          if (model.medReturns > 0) coverage.medReturn += 1;
          if (model.polledDisputes > 0) coverage.polledDispute += 1;
          if (model.unrecognised > 0) coverage.unrecognised += 1;
        };
        const property: fc.IAsyncProperty<[unknown]> = bankProvider
          ? fc.asyncProperty(bankRunArb, async ({ opening, bothPaid, jsr, rest, closing }) => {
              const buyer = (opening[0] as Checkout).buyer;
              const prelude = [...opening, ...bothPaid(1 - buyer), ...(jsr ?? [])];
              // The bank's openings take the place of random steps, so a run is no longer than the others.
              const random = [...rest].slice(0, Math.max(0, MAX_COMMANDS - prelude.length + 2));
              await runOnce([...prelude, ...random, ...(closing ? [closing] : [])]);
            })
          : fc.asyncProperty(runArb, async ({ opening, rest, closing }) => runOnce([...opening, ...rest, ...(closing ? [closing] : [])]));
        try {
          // Efí's Open Finance API lists payments by date from the server's `Date`: the process's is the shop's clock.
          if (bankProvider) vi.useFakeTimers({ toFake: ['Date'] });
          shop = await openShop(db, variant.env, START, provider);
          if (bankProvider) shop.clock = followShopClock(START);
          await fc.assert(property, {
            seed: FUZZ_SEED + variantIndex,
            numRuns: NUM_RUNS,
            endOnFailure: false,
            // A run that overruns is a failure, never a pass.
            interruptAfterTimeLimit: 300_000,
            markInterruptAsFailure: true,
          });
        } finally {
          console.log(`purchase model (${database.name}, ${variant.name}): coverage ${JSON.stringify(coverage)} of ${NUM_RUNS} runs`);
          if (bankProvider)
            console.log(
              `purchase model (${database.name}, ${variant.name}): bank app coverage ${JSON.stringify(bankCoverage)} of ${NUM_RUNS} runs`,
            );
          await closeShop(shop);
          await provider?.stop();
          if (bankProvider) vi.useRealTimers();
        }
        expect(coverage.runs, 'runs that finished').toBe(NUM_RUNS);
        expect(coverage.paid, 'runs that reached a paid purchase').toBeGreaterThanOrEqual(NUM_RUNS / 2);
        expect(coverage.refund, 'runs that reached a refund').toBeGreaterThanOrEqual(NUM_RUNS / 4);
        if (bankProvider) {
          expect(bankCoverage.paidInBankApp, 'runs that reached an order paid in the bank app').toBeGreaterThanOrEqual(NUM_RUNS / 2);
          expect(bankCoverage.paidBothWaysReturned, 'runs that reached a payment made both ways, returned').toBeGreaterThanOrEqual(
            NUM_RUNS / 4,
          );
          expect(bankCoverage.addonByJsr, 'runs that reached an add-on paid by JSR').toBeGreaterThanOrEqual(NUM_RUNS / 4);
        }
      }, 600_000);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The contract's fifteen known defects, as fixed sequences
// ---------------------------------------------------------------------------------------------

const MANUAL = {};
/** NUL and the bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- NUL is what the rule looks for
const UNSAFE_CHARACTERS = /[\u0000\u202A-\u202E\u2066-\u2069]/;
const TRACKERS = { GA_ID: 'G-AVALIAR123', META_PIXEL_ID: '9876543211', CLARITY_ID: 'clarava1' };
const AUTO_GATEWAY = { REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' };
const GATEWAY = { GATEWAY_REFUNDS: '1' };
/** 25/11/2026 15:00 in São Paulo (18:00 UTC). */
const PAID_AT = Date.UTC(2026, 10, 25, 18, 0, 0);
const spTime = (day: number, month: number, hour: number, minute: number) => Date.UTC(2026, month - 1, day, hour + 3, minute);

/** A buyer who paid a purchase: the main order, its view key, and the buyer. */
async function paidPurchase(shop: Shop, bump = false) {
  const buyer = newBuyer('Clara Item');
  const created = await checkout(shop, buyer, bump);
  expect(created.status).toBe(201);
  await pay(shop, created.body.orderId);
  await drainOutbox(shop);
  return { buyer, mainId: created.body.orderId, viewKey: created.viewKey };
}

async function acceptAndPayAddon(shop: Shop, purchase: { mainId: string; viewKey: string }, paid = true) {
  const accepted = await answerAddon(shop, purchase.mainId, purchase.viewKey, true);
  expect(accepted.status).toBe(201);
  const addonId = ((await accepted.json()) as { orderId: string }).orderId;
  await shop.server.background.idle();
  if (paid) {
    await pay(shop, addonId);
    await drainOutbox(shop);
  }
  return addonId;
}

const refundOf = (shop: Shop, orderId: string) => findRefundRow(shop.db, orderId);

function mailFiles(shop: Shop, orderId: string, prefix: string): string[] {
  const dir = path.join(shop.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.includes(orderId))
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8').replace(/=\r?\n/g, ''));
}

for (const database of databases) {
  describe(`contract defects on ${database.name}`, () => {
    let db: TestDb;
    let shop: Shop | undefined;
    beforeAll(async () => {
      db = await database.create();
    });
    afterEach(async () => {
      await closeShop(shop);
      shop = undefined;
    });
    afterAll(async () => {
      await db?.close();
    });
    const open = async (env: Record<string, string>, at = PAID_AT) => (shop = await openShop(db, env, at));

    it('1. an add-on paid after the main order’s refund request is refunded too; the offer closes', async () => {
      for (const env of [MANUAL, AUTO_GATEWAY]) {
        const s = await open(env);
        const purchase = await paidPurchase(s);
        const accepted = await answerAddon(s, purchase.mainId, purchase.viewKey, true);
        const addonId = ((await accepted.json()) as { orderId: string }).orderId;
        await s.server.background.idle();
        expect((await askRefund(s, purchase.mainId, 'member')).status).toBe(200);
        await drainOutbox(s);
        expect((await answerAddon(s, purchase.mainId, purchase.viewKey, true)).status).toBe(409);
        expect((await orderStatus(s, purchase.mainId, purchase.viewKey)).addonOffer).toBeUndefined();
        // The add-on's PIX, still payable at the gateway, is paid after the request.
        await pay(s, addonId);
        await drainOutbox(s);
        const main = await refundOf(s, purchase.mainId);
        const addon = await refundOf(s, addonId);
        expect(addon?.status, `add-on refund with ${JSON.stringify(env)}`).toBe(main?.status);
        if (env === AUTO_GATEWAY) expect((await readOrder(s, addonId)).status).toBe('reversed');
        else expect([...(await refundList(s))]).toContain(addonId);
        await closeShop(s);
        shop = undefined;
      }
    });

    it('2. a manual refund returns the whole purchase (R$ 29,80), and "Marcar como reembolsado" closes both orders', async () => {
      const s = await open(MANUAL);
      const purchase = await paidPurchase(s);
      const addonId = await acceptAndPayAddon(s, purchase);
      // The items share one database, so earlier items' requests are counted too: compare with before.
      const refundTasks = async () => ((await consoleCall(s, '/overview')).json() as { refundRequests: number }).refundRequests;
      const before = await refundTasks();
      expect((await askRefund(s, purchase.mainId, 'member')).status).toBe(200);
      // One request of one purchase is one task for the seller, though it covers two charges.
      expect(await refundTasks()).toBe(before + 1);
      expect((await sellerActs(s, purchase.mainId, 'approve')).status).toBe(200);
      const detail = await orderDetail(s, purchase.mainId);
      expect(detail.manualRefund?.amountCents).toBe(MAIN_PRICE + BUMP_PRICE);
      expect((await sellerActs(s, purchase.mainId, 'mark')).status).toBe(200);
      await drainOutbox(s);
      expect((await readOrder(s, purchase.mainId)).status).toBe('reversed');
      expect((await readOrder(s, addonId)).status).toBe('reversed');
      expect((await refundOf(s, addonId))?.status).toBe('refunded');
      for (const prefix of ['refund_received', 'refund_done']) {
        const mails = mailFiles(s, purchase.mainId, prefix);
        expect(mails, prefix).toHaveLength(1);
        expect(mails[0], prefix).toMatch(/29,80/);
      }
    });

    it('3. a second checkout with the other choice never leaves two payable PIX for the same item; no reminder after paying', async () => {
      const s = await open(MANUAL);
      const buyer = newBuyer('Duda Item');
      const first = await checkout(s, buyer, false);
      const second = await checkout(s, buyer, true);
      // TriboPay cannot cancel a PIX: the first stays the buyer's, and the bump alone is charged beside it.
      expect(second.body.orderId).toBe(first.body.orderId);
      expect(second.body.addon?.items.map((item) => item.key)).toEqual(['bump']);
      const addon = await readOrder(s, second.body.addon!.orderId);
      expect(addon).toMatchObject({ kind: 'addon', parent_order_id: first.body.orderId, status: 'pending' });
      await pay(s, first.body.orderId);
      s.clock.now += 21 * 60 * 60_000;
      await drainOutbox(s);
      const reminders = await outboxRows(s.db, first.body.orderId, 'pix_reminder:%');
      expect(reminders.filter((row) => row.sent_at !== null)).toEqual([]);
    });

    it('4. a deliberate "main + bump" after a main-only purchase keeps the bump and owes R$ 19,90 (GATEWAY_REFUNDS=1)', async () => {
      const s = await open(GATEWAY);
      const first = await paidPurchase(s);
      const again = await checkout(s, first.buyer, true);
      await pay(s, again.body.orderId);
      await drainOutbox(s);
      const second = await readOrder(s, again.body.orderId);
      expect(second.status).toBe('paid');
      const lists = await memberLists(s, await memberCookie(s, second.id));
      expect(lists.lists).toContain('bump');
      expect([...(await refundList(s))]).toContain(second.id);
      const figures = (await orderDetail(s, second.id)).purchase;
      if (figures) expect(figures.owedCents).toBe(MAIN_PRICE);
    });

    it('5. the window counts whole São Paulo days: 02/12 15:17 accepted, 03/12 00:01 refused (paid 25/11 15:00)', async () => {
      const s = await open(MANUAL, PAID_AT);
      const early = await paidPurchase(s);
      const late = await paidPurchase(s);
      s.clock.now = spTime(2, 12, 15, 17);
      expect((await askRefund(s, early.mainId, 'member')).status).toBe(200);
      s.clock.now = spTime(3, 12, 0, 1);
      const refused = await askRefund(s, late.mainId, 'member');
      expect(refused.status).toBe(422);
      expect(refused.text).toContain('O prazo de 7 dias da garantia terminou');
    });

    it('6. the add-on has its own window: asked after the main’s closed, only the add-on is refunded', async () => {
      const s = await open(MANUAL, PAID_AT);
      const purchase = await paidPurchase(s);
      s.clock.now = spTime(1, 12, 15, 0);
      const addonId = await acceptAndPayAddon(s, purchase);
      s.clock.now = spTime(3, 12, 1, 0);
      const asked = await askRefund(s, purchase.mainId, 'member');
      expect(asked.status, asked.text).toBe(200);
      await drainOutbox(s);
      expect((await refundOf(s, addonId))?.status).toBeDefined();
      expect(await refundOf(s, purchase.mainId)).toBeUndefined();
      expect((await memberLists(s, await memberCookie(s, purchase.mainId))).lists).toContain('main');
    });

    it('7. a refund takes the review off /, and the buyer can still withdraw it', async () => {
      const s = await open(MANUAL);
      const purchase = await paidPurchase(s);
      const order = await readOrder(s, purchase.mainId);
      expect((await writeReview(s, order, 1)).status).toBe(200);
      const listed = (await consoleCall(s, '/reviews')).json() as { reviews: Array<{ orderId: string; contentKey: string }> };
      const shown = listed.reviews.find((review) => review.orderId === order.id)!;
      expect((await consoleCall(s, `/reviews/${order.id}/publish`, { contentKey: shown.contentKey })).status).toBe(200);
      expect(await publishedReviewOrders(s)).toContain(order.id);
      expect((await askRefund(s, order.id, 'member')).status).toBe(200);
      expect(await publishedReviewOrders(s), 'shown while the refund is requested').not.toContain(order.id);
      await sellerActs(s, order.id, 'approve');
      await sellerActs(s, order.id, 'mark');
      await drainOutbox(s);
      expect(await publishedReviewOrders(s)).not.toContain(order.id);
      const withdrawn = await withdrawReview(s, order);
      expect(withdrawn.status).toBe(200);
    });

    it('8. "Publicar" publishes only the text the seller saw: 409 "o texto mudou" otherwise', async () => {
      const s = await open(MANUAL);
      const purchase = await paidPurchase(s);
      const order = await readOrder(s, purchase.mainId);
      expect((await writeReview(s, order, 1)).status).toBe(200);
      const seen = (await consoleCall(s, '/reviews')).json() as { reviews: Array<{ orderId: string; text: string; contentKey: string }> };
      const card = seen.reviews.find((review) => review.orderId === order.id)!;
      expect(card.text).toBe(reviewText(1));
      expect((await writeReview(s, order, 2)).status).toBe(200);
      const published = await consoleCall(s, `/reviews/${order.id}/publish`, { contentKey: card.contentKey });
      expect(published.status).toBe(409);
      expect(published.text).toMatch(/o texto mudou/i);
      expect(await publishedReviewOrders(s)).not.toContain(order.id);
    });

    it('9. /avaliar/{ref} is a personal page: no tracker IDs, no tracker policy', async () => {
      const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-avaliar-'));
      try {
        for (const key of pageKeys) {
          const file = path.join(clientDir, documentFile(key));
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, `<!doctype html><head>${PUBLIC_CONFIG_PLACEHOLDER}<title>PAGE-${key}</title></head>`);
        }
        const config = loadConfig({ DATA_DIR: '/tmp/vitrine-unused', ...TRACKERS });
        const browserConfig = publicConfig(config);
        const site = loadSite(clientDir, publicConfigScript(browserConfig), browserConfig);
        const logger = createLogger({ level: 'error', sink: { write: () => undefined } });
        const { app } = composeServer({ config, database: db, logger, site });
        const response = await app.request('/avaliar/ref_AAAAAAAAAAAAAAAAAAAAAA');
        expect(response.status).toBe(200);
        const policy = response.headers.get('content-security-policy') ?? '';
        expect(policy).not.toContain('clarity.ms');
        const html = await response.text();
        expect(html).toContain('PAGE-review');
        for (const id of Object.values(TRACKERS)) expect(html).not.toContain(id);
      } finally {
        fs.rmSync(clientDir, { recursive: true, force: true });
      }
    });

    it('10. the server refuses "Marcar como reembolsado" while a gateway refund is in flight', async () => {
      const s = await open(GATEWAY);
      const purchase = await paidPurchase(s);
      // The gateway call is queued, not made yet: the outbox is held.
      const runOnce = s.server.outbox.runOnce;
      s.server.outbox.runOnce = async () => 0;
      try {
        expect((await sellerActs(s, purchase.mainId, 'approve')).status).toBe(202);
        expect((await refundOf(s, purchase.mainId))?.gateway_state).toBe('calling');
        expect((await sellerActs(s, purchase.mainId, 'mark')).status).toBe(409);
      } finally {
        s.server.outbox.runOnce = runOnce;
      }
    });

    it('11. the 409 of "Marcar como reembolsado" speaks of the refund, not of resending access', async () => {
      const s = await open(MANUAL);
      const created = await checkout(s, newBuyer('Rita Item'), false);
      const marked = await sellerActs(s, created.body.orderId, 'mark');
      expect(marked.status).toBe(409);
      expect(marked.text).not.toContain('Só pedidos pagos têm acesso para reenviar.');
      expect(marked.text).toMatch(/reembols/i);
    });

    it('12. bump: "true" gets a Portuguese message', async () => {
      const s = await open(MANUAL);
      const created = await postOrder<{ error: string; fields?: Record<string, string> }>(s.server.url, {
        ...newBuyer('Beto Item'),
        checkoutKey: newCheckoutKey(),
        bump: 'true',
      });
      expect(created.status).toBe(422);
      expect(JSON.stringify(created.body)).not.toMatch(/Invalid input|expected boolean|received string/);
    });

    it('13. NUL and bidi overrides are kept out of refund notes, review names and texts, and the evidence', async () => {
      const s = await open(MANUAL);
      const purchase = await paidPurchase(s);
      const asked = await askRefund(s, purchase.mainId, 'member', {
        confirm: true,
        reason: 'other',
        note: 'Nao\u0000 gostei \u202Eevil\u202C',
      });
      const note = (await refundOf(s, purchase.mainId))?.note ?? '';
      expect(asked.status === 422 || !UNSAFE_CHARACTERS.test(note), `stored note ${JSON.stringify(note)}`).toBe(true);
      const order = await readOrder(s, purchase.mainId);
      const review = await fetchFrom(newClientAddress())(`${s.server.url}/api/reviews/${order.public_ref}`, {
        method: 'POST',
        headers: { 'X-Review-Token': reviewToken(order), 'Content-Type': 'application/json' },
        body: JSON.stringify({ rating: 5, text: `${reviewText(1)}\u0000\u202E`, displayName: 'Ana\u202E M.', consent: true }),
      });
      const row = await findReviewRow(s.db, order.id);
      expect(
        review.status === 422 || (row !== undefined && !UNSAFE_CHARACTERS.test(row.text + row.display_name)),
        `stored review ${JSON.stringify(row && { text: row.text, display_name: row.display_name })}`,
      ).toBe(true);
      const evidence = await consoleCall(s, `/orders/${order.id}/evidence?format=html`);
      expect(evidence.status).toBe(200);
      expect(evidence.text).not.toContain('\u0000');
    });

    it('14. the public order reference alone does not tell whether the buyer asked for a refund', async () => {
      const s = await open(MANUAL);
      const purchase = await paidPurchase(s);
      expect((await askRefund(s, purchase.mainId, 'member')).status).toBe(200);
      const order = await readOrder(s, purchase.mainId);
      const reply = await (await fetch(`${s.server.url}/api/order-page/${order.public_ref}`)).json();
      expect(JSON.stringify(reply)).not.toMatch(/"requested"|"requestedAt"/);
    });

    it('15. a gateway refund unseen for 30 minutes is not asked for twice; the seller is told to look at the gateway', async () => {
      const s = await open(GATEWAY);
      const purchase = await paidPurchase(s);
      const order = await readOrder(s, purchase.mainId);
      expect((await sellerActs(s, purchase.mainId, 'approve')).status).toBe(202);
      await drainOutbox(s);
      // The gateway made the refund, but its answer and postback were lost and its reads still say paid.
      await setRefundColumns(s.db, order.id, {
        status: 'approved',
        gateway_state: 'calling',
        gateway_called_at: s.clock.now,
        refunded_at: null,
      });
      await setOrderColumns(s.db, order.id, { status: 'paid' });
      await setSandboxCharge(s.db, order.charge_id!, 'paid');
      await setOutboxColumns(s.db, order.id, 'gateway_refund%', { sent_at: null, attempts: 0, next_attempt_at: s.clock.now });
      s.clock.now += 31 * 60_000;
      // The answer was never seen: the next run re-reads (still paid) and must not ask again.
      await drainOutbox(s);
      const calls = s.server.logLines.filter(({ line }) => line.includes('Sandbox refund made') && line.includes(order.charge_id!));
      expect(calls.length, 'refund calls for the transaction').toBeLessThanOrEqual(1);
      const detail = await orderDetail(s, order.id);
      expect(detail.refund?.gateway.state).toBe('failed');
      expect(detail.refund?.gateway.error).toMatch(/Confira no painel do gateway antes de tentar de novo/);
      expect(detail.refund?.gateway.mayHaveRefunded).toBe(true);
      // "Reembolsar de novo" without the seller's word that the panel shows no refund calls nothing.
      const retry = await sellerActs(s, order.id, 'approve');
      expect(retry.status).toBe(409);
      expect(retry.text).toMatch(/confira no painel do gateway/i);
      await drainOutbox(s);
      const after = s.server.logLines.filter(({ line }) => line.includes('Sandbox refund made') && line.includes(order.charge_id!));
      expect(after.length).toBe(calls.length);
    });
  });
}

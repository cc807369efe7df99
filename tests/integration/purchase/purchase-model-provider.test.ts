import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceSeed, FUZZ_SEED, runs } from '../../fuzz/fuzz-kit.ts';
import {
  askRefund,
  BUMP_PRICE,
  closeShop,
  consoleCall,
  DAY,
  drainOutbox,
  eraseBuyer,
  newBuyer,
  CLOCK_MOVES,
  ModelStep,
  moveClock,
  orderStatus,
  readOrder,
  sellerActs,
  refundList,
  SKIPPED_RULES,
  windowEnd,
  type Buyer,
  type ClockMove,
  type RefundRoute,
} from './purchase-model-support.ts';
import {
  BOTH,
  clearFaults,
  commissionFindings,
  blocksOf,
  decideAtProvider,
  deliveredWithoutMoney,
  disputeAtProvider,
  disputesOf,
  drainPayouts,
  isOpen,
  expireDueCharges,
  ledgerAddon,
  ledgerCheckout,
  markRefunded,
  mercadoPagoOutage,
  openLedgerShop,
  approveAndPay,
  payAgain,
  payableFindings,
  payAtProvider,
  payoutFindings,
  providerSideFindings,
  purchaseOf,
  reconcilerTick,
  refundCalls,
  restartWith,
  restartWithoutMercadoPago,
  reverseAtProvider,
  scriptMercadoPago,
  settle,
  startLedgerRig,
  WEBHOOKS,
  type LedgerRig,
  type LedgerShop,
  type LostAnswer,
  type PayoutWay,
  type ProviderFinding,
  type Webhook,
  useUpScripted,
} from './purchase-model-ledger.ts';
import { databases, type TestDb } from '../test-db.ts';
import { rowsOfOrders } from '../../support/db-reads.ts';
import type { ProviderCharge } from '../../support/provider-ledger.ts';
import { checkout as checkoutCopy } from '../../../src/content/checkout.ts';
import { disputeBlockedCheckout } from '../../../src/content/disputes.ts';

/**
 * The purchase model from the providers' side (docs/money.md#provider-side): random sequences of
 * what two buyers, the seller, two PIX providers (Mercado Pago first, AbacatePay second) and the
 * network do — webhooks lost, sent twice, late, unreadable or badly signed; reconciler passes;
 * Mercado Pago down (failover, and so purchases paid at both); a create cut off after the provider
 * made the charge, then a restart; refunds in the provider's panel (whole or part) and MED
 * devoluções (`charged_back`); disputes opened at the provider, defended, won or lost, and entered
 * and closed by hand in "Contestações"; a retired PIX paid late, then a re-checkout; a provider
 * taken out of PAYMENT_PROVIDERS; erasure with a PIX open; "Revogar acesso" — on the real server
 * over HTTP, on SQLite and PostgreSQL. The model keeps its own ledger of what each provider accepted
 * (tests/support/provider-ledger.ts), never the shop's rows, and asserts after every step that no
 * order reads paid without money (S1), that each buyer has at most one payable charge per
 * provider (P2), that no refund call reached a provider while the purchase's dispute was open
 * unless the seller confirmed twice (D1; D3, D4: the buyer and the seller are refused without it;
 * D2: a defence is sent once; D5: a blocked buyer gets no PIX); that a refund request covers every
 * item inside its own window (R6); and, once every re-check has run, that each accepted payment
 * ended delivered or refunded (P1), that the providers kept what the shop's ledger says, paid −
 * refunded − returned by the MED (R1, two sources), that no item is paid twice without going back
 * (P4), and that a reversal at the provider reaches the add-on (P3). Runs that never reach a paid
 * purchase, a refund or a dispute are counted: too few of them fail the suite, and an interrupted
 * run fails it too. Seeded by FUZZ_SEED.
 */

interface ModelOrder {
  id: string;
  buyer: number;
  kind: 'main' | 'addon';
  /** An add-on's main order. */
  mainId?: string;
  viewKey: string;
  code: string | null;
  /** When the erasure of its buyer reached it; an order the same buyer makes after that is a new one, not erased. */
  erasedAt?: number;
}

interface Model {
  buyers: Buyer[];
  erasedAt: Array<number | null>;
  orders: ModelOrder[];
  late: Array<() => Promise<number>>;
  reached: {
    paid: boolean;
    refund: boolean;
    panelRefund: boolean;
    commission: boolean;
    commissionCut: boolean;
    /** A payout batch approved; a payout confirmed; a lost answer; a pass after one; a payout netting a debt. */
    payout: boolean;
    payoutConfirmed: boolean;
    lostAnswer: boolean;
    retried: boolean;
    debtNetted: boolean;
  };
  /** Add-ons paid while their main's PIX could still be paid (docs/money.md, `awaiting`). */
  awaiting: Set<string>;
  /** Purchases (main order ids) whose refund the seller confirmed a second time while a dispute was open. */
  confirmed: Set<string>;
  /** The payouts approved in this run. */
  payouts: string[];
  /** Before the step now running: how many refund calls the stand-ins had received, and the purchases with an open dispute. */
  before: { refundCalls: number; disputed: Set<string>; lost: Set<string> };
}

const mains = (model: Model) => model.orders.filter((order) => order.kind === 'main');
const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);

/**
 * Defects the model found that are not fixed yet, each named here and left unchecked unless `PURCHASE_MODEL_STRICT=1`
 * (none at present).
 */
const OPEN_DEFECTS: readonly string[] = [];
const KNOWN_OPEN: ReadonlySet<string> = new Set(process.env.PURCHASE_MODEL_STRICT === '1' ? [] : OPEN_DEFECTS);

function report(findings: readonly ProviderFinding[]): void {
  const kept = findings.filter((finding) => !SKIPPED_RULES.has(finding.rule) && !KNOWN_OPEN.has(finding.rule));
  if (kept.length > 0) throw new Error(kept.map((finding) => `${finding.rule}: ${finding.message}`).join('\n'));
}
function rule(condition: boolean, name: string, message: string): void {
  if (!condition) report([{ rule: name, message }]);
}

const erasedAtOf = (model: Model) => (orderId: string) => {
  const order = model.orders.find((each) => each.id === orderId);
  return order?.erasedAt ?? null;
};

/** The purchase an order belongs to: its main order's id. */
const purchaseKey = (model: Model, orderId: string) => {
  const order = model.orders.find((each) => each.id === orderId);
  return order?.mainId ?? order?.id ?? orderId;
};

/** The run's purchases with a dispute open in the shop ("Contestações", open or em defesa), and those with one lost. */
async function disputedPurchases(shop: LedgerShop, model: Model): Promise<{ disputed: Set<string>; lost: Set<string> }> {
  const disputes = await disputesOf(
    shop,
    model.orders.map((order) => order.id),
  );
  const purchases = (state: (dispute: (typeof disputes)[number]) => boolean) =>
    new Set(disputes.filter(state).map((dispute) => purchaseKey(model, dispute.order_id)));
  return { disputed: purchases(isOpen), lost: purchases((dispute) => dispute.state === 'lost') };
}

/** The run's open disputes (optionally only those entered by hand), as "Contestações" lists them. */
async function openDisputes(shop: LedgerShop, model: Model, source?: 'manual') {
  const disputes = await disputesOf(
    shop,
    model.orders.map((order) => order.id),
  );
  return disputes.filter((dispute) => isOpen(dispute) && (source === undefined || dispute.source === source));
}

/**
 * D1: no refund call reached a provider during the step for a purchase whose dispute was open, unless the seller
 * confirmed twice. An add-on's refund in the step its main's dispute was lost is the reversal reaching it (P3): the shop
 * closes the dispute lost before it reverses the main, so that refund follows the dispute. So does a refund in the step
 * its purchase's dispute was won or cancelled: the shop reads the dispute as it sends the refund.
 */
async function refundCallFindings(shop: LedgerShop, model: Model): Promise<ProviderFinding[]> {
  const findings: ProviderFinding[] = [];
  const calls = refundCalls(shop.rig).slice(model.before.refundCalls);
  if (calls.length === 0) return findings;
  const now = await disputedPurchases(shop, model);
  for (const call of calls) {
    const charge = shop.ledger.charge(call.provider, call.chargeId);
    const orderId = charge && shop.ledger.shown.get(charge.code);
    if (!orderId) continue;
    const purchase = purchaseKey(model, orderId);
    const lostThen = now.lost.has(purchase) && !model.before.lost.has(purchase) && !now.disputed.has(purchase);
    if (lostThen && orderId !== purchase) continue;
    // Won or cancelled in the step: an automatic refund goes only when gateway-refund.ts reads no open dispute as it sends,
    // so one sent in this step went after the close (FUZZ_SEED=1079713497 found the model flagging it).
    const closedThen = model.before.disputed.has(purchase) && !now.disputed.has(purchase) && !now.lost.has(purchase);
    if (closedThen) continue;
    if (model.before.disputed.has(purchase) && !model.confirmed.has(purchase))
      findings.push({
        rule: 'D1',
        message: `a refund of ${call.provider} charge ${call.chargeId} (order ${orderId}) reached the provider while the purchase's dispute was open, and the seller had not confirmed twice`,
      });
  }
  return findings;
}

/**
 * D6, once every re-check has run: a dispute the shop opened from a provider is not left open once that provider no
 * longer holds the charge in one (Mercado Pago's payment `approved` again: won; `charged_back`: lost).
 */
async function disputeFollowsFindings(shop: LedgerShop, model: Model): Promise<ProviderFinding[]> {
  const findings: ProviderFinding[] = [];
  const open = (await openDisputes(shop, model)).filter((dispute) => dispute.source === 'provider' && dispute.provider === 'mercadopago');
  for (const dispute of open) {
    const order = model.orders.find((each) => each.id === dispute.order_id);
    const charge = order?.code ? shop.ledger.byCode(order.code) : undefined;
    if (charge && !charge.disputed)
      findings.push({
        rule: 'D6',
        message: `order ${dispute.order_id}'s dispute is ${dispute.state} in the shop, and Mercado Pago's charge ${charge.chargeId} reads ${charge.status}, in no dispute`,
      });
  }
  return findings;
}

async function everyStep(shop: LedgerShop, model: Model): Promise<void> {
  // Add-ons are paid beside their main; a PIX its buyer's erasure left open at a provider that cannot cancel stays
  // payable, and its payment is owed back (M3): neither is a second payable charge of a buyer.
  const addons = new Set(model.orders.filter((order) => order.kind === 'addon' || order.erasedAt !== undefined).map((order) => order.id));
  report([
    ...(await deliveredWithoutMoney(
      shop,
      model.orders.map((order) => order.id),
    )),
    ...payableFindings(shop, model.buyers, addons),
    ...(await refundCallFindings(shop, model)),
    ...(await payoutFindings(shop)),
  ]);
}

/** The rules that hold once every re-check has run; also marks what the run reached. */
async function settled(shop: LedgerShop, model: Model, paid: boolean): Promise<void> {
  await settle(shop, { paid });
  const ids = mains(model).map((order) => order.id);
  const buyerOf = (orderId: string) => String(model.orders.find((order) => order.id === orderId)?.buyer ?? orderId);
  report([...(await providerSideFindings(shop, ids, erasedAtOf(model), paid, buyerOf)), ...(await disputeFollowsFindings(shop, model))]);
  if (paid) {
    report(await drainPayouts(shop));
    report(await payoutFindings(shop, { shown: true }));
    const commissions = await commissionFindings(shop, ids, await blocked(shop, model, 0));
    report(commissions.findings);
    model.reached.commission ||= commissions.born;
    model.reached.commissionCut ||= commissions.cut;
  }
  for (const id of ids) {
    const { purchase } = await purchaseOf(shop, id);
    for (const item of purchase?.items ?? []) {
      if (item.state !== 'unpaid') model.reached.paid = true;
      if (['refund_requested', 'refunding', 'refunded', 'owed'].includes(item.state)) model.reached.refund = true;
    }
  }
  if (shop.ledger.accepted.some((payment) => shop.ledger.kept(payment) < payment.amountCents)) model.reached.refund = true;
}

type Cmd = fc.AsyncCommand<Model, LedgerShop>;

/** A checkout's order, and the bump charged alone beside a main PIX its provider cannot cancel. */
async function recordCheckout(shop: LedgerShop, model: Model, buyer: number, created: Awaited<ReturnType<typeof ledgerCheckout>>) {
  if (created.status !== 201) return;
  const { orderId, pix, addon } = created.body;
  if (!model.orders.some((order) => order.id === orderId)) {
    // A re-checkout after the earlier PIX was paid charges what is left (the bump) as that purchase's add-on.
    const row = await readOrder(shop, orderId);
    const parent = row.kind === 'addon' ? row.parent_order_id : null;
    model.orders.push({
      id: orderId,
      buyer,
      kind: parent ? 'addon' : 'main',
      ...(parent ? { mainId: parent } : {}),
      viewKey: created.viewKey,
      code: pix?.code ?? null,
    });
  }
  if (addon && !model.orders.some((order) => order.id === addon.orderId))
    model.orders.push({
      id: addon.orderId,
      buyer,
      kind: 'addon',
      mainId: orderId,
      viewKey: created.viewKey,
      code: addon.pix?.code ?? null,
    });
}

abstract class Step extends ModelStep<Model, LedgerShop> {
  override async run(model: Model, shop: LedgerShop): Promise<void> {
    model.before = { refundCalls: refundCalls(shop.rig).length, ...(await disputedPurchases(shop, model)) };
    await super.run(model, shop);
  }
  protected verify(model: Model, shop: LedgerShop) {
    return everyStep(shop, model);
  }
}

/** Whether the console lists a block (after a lost dispute) on one of the buyer's orders. */
async function blocked(shop: LedgerShop, model: Model, buyer: number): Promise<boolean> {
  return (
    (await blocksOf(
      shop,
      model.orders.filter((order) => order.buyer === buyer).map((order) => order.id),
    )) > 0
  );
}

/**
 * A checkout's answer: a PIX, or the one refusal a buyer can get (what it would charge was paid by an earlier PIX);
 * D5: a buyer blocked after a lost dispute gets no PIX, only the neutral message, and no one else gets that message.
 */
async function checkoutRule(
  shop: LedgerShop,
  model: Model,
  buyer: number,
  created: Awaited<ReturnType<typeof ledgerCheckout>>,
  name: string,
) {
  const answer = `${created.status} ${JSON.stringify(created.body)}`;
  const refusedAsBlocked = created.status === 403 && created.body.error === disputeBlockedCheckout;
  if (await blocked(shop, model, buyer)) rule(refusedAsBlocked, 'D5', `a buyer blocked after a lost dispute checked out: ${answer}`);
  else rule(created.status === 201 || paidElsewhere(created), name, `checkout answered ${answer}`);
}

/** A checkout refused because the buyer's earlier PIX was paid meanwhile: the buyer is told what is left to pay (P2). */
const PAID_ELSEWHERE = checkoutCopy.errors.paidElsewhere({ amountCents: 0, items: [] }).split(',')[0]!;
const paidElsewhere = (created: { status: number; body: { error?: string } }) =>
  created.status !== 201 && typeof created.body.error === 'string' && created.body.error.startsWith(PAID_ELSEWHERE);

class Checkout extends Step {
  constructor(
    readonly buyer: number,
    readonly bump: boolean,
  ) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const created = await ledgerCheckout(shop, model.buyers[this.buyer]!, this.bump);
    // AbacatePay is never down: a buyer always gets a PIX, whatever happened to Mercado Pago.
    await checkoutRule(shop, model, this.buyer, created, 'F');
    await recordCheckout(shop, model, this.buyer, created);
  }
  toString() {
    return `checkout(buyer ${this.buyer}, ${this.bump ? 'with bump' : 'no bump'})`;
  }
}

/** The buyer pays a code they were shown that its provider still takes (the `index`-th such; with `addon`, of an add-on). */
class Pay extends Step {
  constructor(
    readonly index: number,
    readonly webhook: Webhook,
    readonly only?: 'addon',
  ) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const payableCode = (code: string | null | undefined) => {
      const charge = code ? shop.ledger.byCode(code) : undefined;
      return charge !== undefined && shop.ledger.payable(charge);
    };
    const payable = model.orders.filter((order) => payableCode(order.code) && (this.only === undefined || order.kind === this.only));
    // An add-on is picked from the newest: the one a re-checkout has just charged.
    const target = pick(this.only ? payable.toReversed() : payable, this.index);
    if (!target) return;
    const main = model.orders.find((order) => order.id === target.mainId);
    if (main && payableCode(main.code)) model.awaiting.add(target.id);
    const paid = await payAtProvider(shop, target.code!, this.webhook);
    if (paid.late) model.late.push(paid.late);
    if (this.webhook === 'badSignature')
      rule(paid.status === 401, 'W1', `a webhook whose signature fails was answered ${paid.status}, not 401`);
    else if (paid.status !== 0) rule(paid.status === 200, 'WEBHOOK', `the ${paid.charge.provider} webhook was answered ${paid.status}`);
    await drainOutbox(shop);
  }
  toString() {
    return `pay(payable ${this.only ?? ''}#${this.index}, webhook ${this.webhook})`;
  }
}

class DeliverLate extends Step {
  async act(model: Model, shop: LedgerShop) {
    for (const send of model.late.splice(0)) rule((await send()) === 200, 'WEBHOOK', 'a late webhook was refused');
    await drainOutbox(shop);
  }
  toString() {
    return 'deliverLateWebhooks()';
  }
}

class AcceptAddon extends Step {
  constructor(readonly index: number) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const main = pick(mains(model), this.index);
    if (!main) return;
    const reply = await ledgerAddon(shop, main.id, main.viewKey);
    rule(reply.status < 500, 'F', `"Quero adicionar" answered ${reply.status} ${reply.text}`);
    if (reply.body && !model.orders.some((order) => order.id === reply.body!.orderId))
      model.orders.push({
        id: reply.body.orderId,
        buyer: main.buyer,
        kind: 'addon',
        viewKey: main.viewKey,
        code: reply.body.pix?.code ?? null,
        mainId: main.id,
        ...(main.erasedAt === undefined ? {} : { erasedAt: main.erasedAt }),
      });
  }
  toString() {
    return `acceptAddon(purchase #${this.index})`;
  }
}

/** R6 per item: every item paid, held and inside its own window is covered by the request, refund rows or not. */
class AskRefund extends Step {
  constructor(
    readonly index: number,
    readonly route: RefundRoute,
  ) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const main = pick(mains(model), this.index);
    if (!main) return;
    const { purchase } = await purchaseOf(shop, main.id);
    const now = shop.clock.now;
    const status = await orderStatus(shop, main.id);
    // A request the seller declined is not asked again by the buyer (the seller may still refund it), as in purchase-model.test.ts.
    const orderIds = [...new Set((purchase?.items ?? []).map((item) => item.orderId))];
    const declined = new Set(
      (await rowsOfOrders(shop.db, 'refunds', orderIds))
        .filter((row) => row.status === 'declined')
        .map((row) => `${row.order_id}:${row.item}`),
    );
    const inWindow = (purchase?.items ?? []).filter(
      (item) =>
        item.state === 'open' && item.paidAt !== null && now < windowEnd(item.paidAt) && !declined.has(`${item.orderId}:${item.key}`),
    );
    const answer = await askRefund(shop, main.id, this.route);
    await drainOutbox(shop);
    if (main.erasedAt !== undefined || status.status !== 'paid' || inWindow.length === 0) return;
    // The buyer's bank is deciding a contestation: the buyer is told so, and nothing goes back twice (docs/disputes.md).
    if (model.before.disputed.has(main.id)) {
      rule(answer.status === 409, 'D3', `a refund asked while the purchase's dispute is open answered ${answer.status} ${answer.text}`);
      return;
    }
    const items = inWindow.map((item) => `${item.key} of ${item.orderId} paid ${new Date(item.paidAt!).toISOString()}`).join('; ');
    rule(
      answer.status === 200,
      'R6',
      `refund asked at ${new Date(now).toISOString()} with items in their window (${items}) answered ${answer.status} ${answer.text}`,
    );
    const after = (await purchaseOf(shop, main.id)).purchase;
    for (const item of inWindow) {
      const state = after?.items.find((each) => each.orderId === item.orderId && each.key === item.key)?.state;
      rule(state !== 'open', 'R6', `the refund asked on ${main.id} leaves ${item.key} of ${item.orderId} (in its window) ${state}`);
    }
  }
  toString() {
    return `askRefund(purchase #${this.index}, ${this.route} page)`;
  }
}

type SellerMove = 'approve' | 'decline' | 'mark' | 'revoke';
/** `confirm`: the seller confirms a second time that the MED may return the money too (`confirmDispute`). */
class Seller extends Step {
  constructor(
    readonly index: number,
    readonly action: SellerMove,
    readonly confirm = false,
  ) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const order = pick(model.orders, this.index);
    if (!order) return;
    const confirm = this.confirm ? { confirmDispute: true as const } : {};
    const answer =
      this.action === 'mark'
        ? await markRefunded(shop, order.id, confirm)
        : this.action === 'revoke'
          ? await consoleCall(shop, `/orders/${order.id}/revoke`, {})
          : this.action === 'approve'
            ? await consoleCall(shop, `/orders/${order.id}/refund/start`, confirm)
            : await sellerActs(shop, order.id, this.action);
    rule(answer.status < 500, 'CONSOLE', `console ${this.action} on ${order.id} answered ${answer.status} ${answer.text}`);
    const purchase = purchaseKey(model, order.id);
    const guarded = this.action === 'approve' || this.action === 'mark';
    const refusedForDispute = answer.status === 409 && answer.text.includes('"dispute_open"');
    if (guarded && model.before.disputed.has(purchase)) {
      if (this.confirm) model.confirmed.add(purchase);
      else
        rule(
          refusedForDispute,
          'D4',
          `"${this.action}" while a dispute is open, without the second confirmation, answered ${answer.status} ${answer.text}`,
        );
    } else rule(!refusedForDispute, 'D4', `"${this.action}" with no dispute open was refused as disputed: ${answer.text}`);
    await drainOutbox(shop);
  }
  toString() {
    const label = { approve: 'Reembolsar', decline: 'Recusar', mark: 'Marcar como reembolsado', revoke: 'Revogar acesso' }[this.action];
    return `seller "${label}"${this.confirm ? ' confirmed twice' : ''}(order #${this.index})`;
  }
}

/** Paid charges no dispute holds now, at `provider` (or at either). */
const paidCharges = (shop: LedgerShop, provider?: ProviderCharge['provider']) =>
  shop.ledger.accepted
    .map((payment) => shop.ledger.charge(payment.provider, payment.chargeId)!)
    .filter((charge, index, all) => all.findIndex((each) => each.chargeId === charge.chargeId) === index)
    .filter((charge) => (provider === undefined || charge.provider === provider) && charge.status === 'paid' && !charge.disputed);

/** An amount of a part refund: the bump's price (a 2980 charge), or one equal to no item. */
type PartAmount = 'bump' | 'odd';
const ODD_CENTS = 500;

/**
 * In Mercado Pago's panel: a refund by the seller, whole or part (the bump's price, or an amount equal to no item), or
 * a MED devolução (Mercado Pago's `charged_back`, the buyer's bank took the money back); notified or not.
 */
class AtProvider extends Step {
  constructor(
    readonly index: number,
    readonly kind: 'refund' | 'chargeback',
    readonly notified: boolean,
    readonly part?: PartAmount,
  ) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const amountOf = () => (this.part === 'bump' ? BUMP_PRICE : ODD_CENTS);
    const approved = paidCharges(shop, 'mercadopago').filter(
      (charge) =>
        this.part === undefined ||
        ((this.part === 'odd' || charge.amountCents > BUMP_PRICE) && charge.amountCents - charge.returnedCents > amountOf()),
    );
    const charge = pick(approved, this.index);
    if (!charge) return;
    if (this.kind === 'refund') model.reached.panelRefund = true;
    await reverseAtProvider(shop, charge, this.kind, this.notified, this.part === undefined ? undefined : amountOf());
    await drainOutbox(shop);
  }
  toString() {
    const what = this.kind === 'chargeback' ? 'MED devolução (charged_back)' : this.part ? `part refund (${this.part})` : 'refund';
    return `mercadoPago ${what}(paid #${this.index}, ${this.notified ? 'notified' : 'not notified'})`;
  }
}

/** The payer contests a paid charge in their bank app: Mercado Pago's `in_mediation` (notified or not), AbacatePay's dispute event. */
class Contest extends Step {
  constructor(
    readonly index: number,
    readonly notified: boolean,
  ) {
    super();
  }
  async act(_model: Model, shop: LedgerShop) {
    const charge = pick(
      paidCharges(shop).filter((charge) => charge.returnedCents === 0),
      this.index,
    );
    if (!charge) return;
    await disputeAtProvider(shop, charge, this.notified);
    await drainOutbox(shop);
  }
  toString() {
    return `contest(paid #${this.index}, ${this.notified ? 'notified' : 'not notified'})`;
  }
}

/** The provider decides a contested charge: won (Mercado Pago only) or lost, the money back to the payer. */
class Decide extends Step {
  constructor(
    readonly index: number,
    readonly outcome: 'won' | 'lost',
    readonly notified: boolean,
  ) {
    super();
  }
  async act(_model: Model, shop: LedgerShop) {
    const disputed = shop.ledger
      .charges()
      .filter((charge) => charge.disputed && shop.ledger.accepted.some((payment) => payment.chargeId === charge.chargeId));
    const charge = pick(disputed, this.index);
    if (!charge) return;
    const outcome = charge.provider === 'abacatepay' ? 'lost' : this.outcome;
    await decideAtProvider(shop, charge, outcome, this.notified);
    await drainOutbox(shop);
  }
  toString() {
    return `dispute ${this.outcome}(disputed #${this.index}, ${this.notified ? 'notified' : 'not notified'})`;
  }
}

/** "Enviar defesa" on an open dispute: sent once (or refused as too late); with `twice`, a second press is refused. */
class Defend extends Step {
  constructor(
    readonly index: number,
    readonly twice: boolean,
  ) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const open = (await openDisputes(shop, model)).filter((dispute) => dispute.defence_sent_at === null);
    const dispute = pick(open, this.index);
    if (!dispute) return;
    const late = dispute.defence_due_at !== null && shop.clock.now > Number(dispute.defence_due_at);
    const first = await consoleCall(shop, `/disputes/${dispute.id}/defence`, {});
    rule(
      first.status === (late ? 422 : 200),
      'D2',
      `"Enviar defesa" (${late ? 'late' : 'in time'}) answered ${first.status} ${first.text}`,
    );
    if (this.twice) {
      const second = await consoleCall(shop, `/disputes/${dispute.id}/defence`, {});
      rule(second.status === (late ? 422 : 409), 'D2', `a second "Enviar defesa" answered ${second.status} ${second.text}`);
    }
    await drainOutbox(shop);
  }
  toString() {
    return `defend(open #${this.index}${this.twice ? ', pressed twice' : ''})`;
  }
}

/** "Registrar contestação": the seller enters a dispute by the order's reference (a paid order at its provider). */
class EnterByHand extends Step {
  constructor(readonly index: number) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const paid = model.orders.filter((order) =>
      shop.ledger.accepted.some((payment) => payment.orderId === order.id && shop.ledger.kept(payment) > 0),
    );
    const order = pick(paid, this.index);
    if (!order) return;
    const { public_ref } = await readOrder(shop, order.id);
    const reply = await consoleCall(shop, '/disputes', { query: public_ref });
    // 404: the shop has not learned of the payment yet; 409: a dispute is already open.
    rule([201, 404, 409].includes(reply.status), 'CONSOLE', `"Registrar contestação" answered ${reply.status} ${reply.text}`);
    await drainOutbox(shop);
  }
  toString() {
    return `enterDisputeByHand(paid order #${this.index})`;
  }
}

/** The seller closes a dispute entered by hand; lost, the MED took the money at the provider (the ledger records it). */
class CloseByHand extends Step {
  constructor(
    readonly index: number,
    readonly state: 'won' | 'lost' | 'cancelled',
  ) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const dispute = pick(await openDisputes(shop, model, 'manual'), this.index);
    if (!dispute) return;
    const reply = await consoleCall(shop, `/disputes/${dispute.id}/resolve`, { state: this.state });
    rule(reply.status === 200, 'CONSOLE', `closing a dispute entered by hand as ${this.state} answered ${reply.status} ${reply.text}`);
    if (reply.status === 200 && this.state === 'lost') {
      const payment = shop.ledger.accepted.findLast((each) => each.orderId === dispute.order_id && shop.ledger.kept(each) > 0);
      if (payment)
        shop.ledger.takeByMed(payment.provider, payment.chargeId, Math.min(Number(dispute.amount_cents), shop.ledger.kept(payment)));
    }
    await drainOutbox(shop);
  }
  toString() {
    return `closeDisputeByHand(open #${this.index}, ${this.state})`;
  }
}

/**
 * P2: the buyer's PIX is retired by a re-checkout with the bump while Mercado Pago's cancel fails (500), then paid
 * anyway (its webhook as `webhook` says), and the buyer checks out once more.
 */
class LatePaidRetired extends Step {
  constructor(
    readonly buyer: number,
    readonly webhook: Webhook,
  ) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const buyer = model.buyers[this.buyer]!;
    const first = await ledgerCheckout(shop, buyer, false);
    await recordCheckout(shop, model, this.buyer, first);
    scriptMercadoPago(shop, 'cancel', { kind: 'status', status: 500 });
    await recordCheckout(shop, model, this.buyer, await ledgerCheckout(shop, buyer, true));
    // The 500 is this re-checkout's cancel: when it retired nothing, no later cancel meets it.
    await shop.server.background.idle();
    await useUpScripted(shop.rig, 'cancel');
    const code = first.status === 201 ? first.body.pix?.code : undefined;
    const charge = code ? shop.ledger.byCode(code) : undefined;
    if (charge && shop.ledger.payable(charge)) {
      const paid = await payAtProvider(shop, code!, this.webhook);
      if (paid.late) model.late.push(paid.late);
      await drainOutbox(shop);
    }
    const again = await ledgerCheckout(shop, buyer, true);
    await checkoutRule(shop, model, this.buyer, again, 'F');
    await recordCheckout(shop, model, this.buyer, again);
    await drainOutbox(shop);
  }
  toString() {
    return `latePaidRetired(buyer ${this.buyer}, webhook ${this.webhook})`;
  }
}

class Outage extends Step {
  async act(_model: Model, shop: LedgerShop) {
    mercadoPagoOutage(shop, 2);
  }
  toString() {
    return 'mercadoPagoDown(next 2 creates)';
  }
}

/** Mercado Pago makes the charge and the connection dies before its answer; the shop restarts meanwhile. */
class CrashDuringCreate extends Step {
  constructor(
    readonly buyer: number,
    readonly bump: boolean,
  ) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    scriptMercadoPago(shop, 'create', { kind: 'swallowed' });
    const created = await ledgerCheckout(shop, model.buyers[this.buyer]!, this.bump);
    await checkoutRule(shop, model, this.buyer, created, 'F1');
    await recordCheckout(shop, model, this.buyer, created);
    await restartWith(shop);
  }
  toString() {
    return `crashDuringCreate(buyer ${this.buyer}, ${this.bump ? 'with bump' : 'no bump'})`;
  }
}

class Reconcile extends Step {
  constructor(readonly minutes: number) {
    super();
  }
  async act(_model: Model, shop: LedgerShop) {
    await reconcilerTick(shop, this.minutes);
  }
  toString() {
    return `reconcilerTick(+${this.minutes} min)`;
  }
}

/** Every re-check of an unpaid charge runs; then P1 (the end of a run also waits for the paid ones, and checks R1 and P3). */
class Settle extends Step {
  async act(model: Model, shop: LedgerShop) {
    await settled(shop, model, false);
  }
  toString() {
    return 'settle()';
  }
}

/** A restart with Mercado Pago out of PAYMENT_PROVIDERS (its credentials kept), or back in. */
class Providers extends Step {
  constructor(readonly providers: string) {
    super();
  }
  async act(_model: Model, shop: LedgerShop) {
    const refused = await restartWith(shop, this.providers);
    if (refused === null) return;
    rule(false, 'H5', `a restart with PAYMENT_PROVIDERS=${this.providers}, credentials kept, is refused: ${refused}`);
    // Behind H5: the only way these settings take a provider out, its credentials gone too.
    await restartWithoutMercadoPago(shop);
  }
  toString() {
    return `restart(PAYMENT_PROVIDERS=${this.providers})`;
  }
}

class Erase extends Step {
  constructor(readonly buyer: number) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    if (model.erasedAt[this.buyer] !== null) return;
    // A payment made before the erasure, at the same clock reading, is not one made after it (P1 compares times).
    shop.clock.now += 1;
    const answer = await eraseBuyer(shop, model.buyers[this.buyer]!.email);
    rule(answer.status === 200, 'CONSOLE', `erasure answered ${answer.status} ${answer.text}`);
    model.erasedAt[this.buyer] = shop.clock.now;
    for (const order of model.orders) if (order.buyer === this.buyer) order.erasedAt = shop.clock.now;
    await drainOutbox(shop);
  }
  toString() {
    return `erase(buyer ${this.buyer})`;
  }
}

class Clock extends Step {
  constructor(readonly move: ClockMove) {
    super();
  }
  async act(_model: Model, shop: LedgerShop) {
    // The reconciler runs every 30 s in a shop that lives through those days: at least one pass before the jump, and
    // before a jump of days every re-check due meanwhile (an unpaid charge is read until a day after its expiry).
    if (['3d', '6d', '8d'].includes(this.move)) await settle(shop);
    else await shop.server.reconciler.runOnce();
    await shop.server.background.idle();
    await moveClock(shop, this.move);
    expireDueCharges(shop);
  }
  toString() {
    return `clock(+${this.move})`;
  }
}

/**
 * The clock moves past the guarantee of every item the run's buyers paid (each re-check of an unpaid charge run first, as
 * the shop's timers would over those days): their affiliate's commissions become available, unless held.
 */
class PastGuarantee extends Step {
  async act(model: Model, shop: LedgerShop) {
    await settle(shop);
    let end = shop.clock.now;
    for (const order of model.orders) {
      const paidAt = (await readOrder(shop, order.id)).paid_at;
      if (paidAt !== null) end = Math.max(end, windowEnd(Number(paidAt)) + 60_000);
    }
    shop.clock.now = end;
    expireDueCharges(shop);
    await shop.server.reconciler.runOnce();
    await drainOutbox(shop);
  }
  toString() {
    return 'pastGuarantee()';
  }
}

/** The seller approves the payout batch and it goes out (at Efí, or "Marcar como pago"), its answer lost as `lost` says. */
class PayoutBatch extends Step {
  constructor(readonly lost: LostAnswer) {
    super();
  }
  async act(model: Model, shop: LedgerShop) {
    const paid = await approveAndPay(shop, this.lost);
    report(paid.findings);
    model.payouts.push(...paid.approved);
    if (paid.approved.length === 0) return;
    model.reached.payout = true;
    if (this.lost !== 'none') model.reached.lostAnswer = true;
    if (paid.netted) model.reached.debtNetted = true;
    await noteConfirmed(shop, model);
  }
  toString() {
    return `payoutBatch(${lostLabel(this.lost)})`;
  }
}

/** The next pass of the payouts: the worker at Efí (a lost answer read back), or "Marcar como pago" pressed again. */
class PayAgain extends Step {
  async act(model: Model, shop: LedgerShop) {
    report(await payAgain(shop));
    if (model.reached.lostAnswer) model.reached.retried = true;
    await noteConfirmed(shop, model);
  }
  toString() {
    return 'payoutsAgain()';
  }
}

const lostLabel = (lost: LostAnswer) => ({ none: 'answered', answer: 'answer lost', answerAndRead: 'answer lost, read-back fails' })[lost];

async function noteConfirmed(shop: LedgerShop, model: Model) {
  const ids = model.payouts;
  const confirmed = await shop.db.db
    .selectFrom('affiliate_payouts')
    .select('id')
    .where('state', '=', 'confirmed')
    .where('id', 'in', [...ids, '-'])
    .execute();
  if (confirmed.length > 0) model.reached.payoutConfirmed = true;
}

const buyerArb = fc.integer({ min: 0, max: 1 });
const lostArb = fc.constantFrom<LostAnswer>('none', 'answer', 'answerAndRead');
const checkoutArb = fc.record({ buyer: buyerArb, bump: fc.boolean() }).map(({ buyer, bump }) => new Checkout(buyer, bump));
const payArb = fc.record({ index: fc.nat(3), webhook: fc.constantFrom(...WEBHOOKS) }).map(({ index, webhook }) => new Pay(index, webhook));
const refundArb = fc
  .record({ index: fc.nat(3), route: fc.constantFrom<RefundRoute>('member', 'page') })
  .map(({ index, route }) => new AskRefund(index, route));
const atProviderArb = fc
  .record({
    index: fc.nat(3),
    kind: fc.constantFrom<'refund' | 'chargeback'>('refund', 'chargeback'),
    notified: fc.boolean(),
    part: fc.constantFrom<PartAmount | undefined>(undefined, undefined, 'bump', 'odd'),
  })
  .map(({ index, kind, notified, part }) => new AtProvider(index, kind, notified, kind === 'refund' ? part : undefined));
const contestArb = fc.record({ index: fc.nat(3), notified: fc.boolean() }).map(({ index, notified }) => new Contest(index, notified));
const decideArb = fc
  .record({ index: fc.nat(3), outcome: fc.constantFrom<'won' | 'lost'>('won', 'lost'), notified: fc.boolean() })
  .map(({ index, outcome, notified }) => new Decide(index, outcome, notified));
const defendArb = fc.record({ index: fc.nat(3), twice: fc.boolean() }).map(({ index, twice }) => new Defend(index, twice));
const enterByHandArb = fc.nat(3).map((index) => new EnterByHand(index));
const closeByHandArb = fc
  .record({ index: fc.nat(3), state: fc.constantFrom<'won' | 'lost' | 'cancelled'>('won', 'lost', 'lost', 'cancelled') })
  .map(({ index, state }) => new CloseByHand(index, state));
const commandArbs: Array<fc.Arbitrary<Cmd>> = [
  checkoutArb,
  checkoutArb,
  payArb,
  payArb,
  payArb,
  refundArb,
  refundArb,
  fc.nat(3).map((index) => new AcceptAddon(index)),
  fc
    .record({
      index: fc.nat(7),
      action: fc.constantFrom<SellerMove>('approve', 'approve', 'decline', 'mark', 'revoke'),
      confirm: fc.boolean(),
    })
    .map(({ index, action, confirm }) => new Seller(index, action, confirm)),
  atProviderArb,
  contestArb,
  decideArb,
  defendArb,
  enterByHandArb,
  closeByHandArb,
  fc.record({ buyer: buyerArb, webhook: fc.constantFrom(...WEBHOOKS) }).map(({ buyer, webhook }) => new LatePaidRetired(buyer, webhook)),
  fc.constant(new Outage()),
  fc.record({ buyer: buyerArb, bump: fc.boolean() }).map(({ buyer, bump }) => new CrashDuringCreate(buyer, bump)),
  fc.constantFrom(1, 10, 40).map((minutes) => new Reconcile(minutes)),
  fc.constant(new DeliverLate()),
  fc.constant(new Settle()),
  fc.constantFrom('abacatepay', BOTH).map((providers) => new Providers(providers)),
  buyerArb.map((buyer) => new Erase(buyer)),
  fc.constantFrom(...CLOCK_MOVES).map((move) => new Clock(move)),
  fc.constant(new PastGuarantee()),
  lostArb.map((lost) => new PayoutBatch(lost)),
  fc.constant(new PayAgain()),
];

/**
 * At a provider that cannot cancel (Mercado Pago down, so AbacatePay takes the PIX), the buyer comes back for the
 * bump: their main PIX stays payable and the bump is charged alone as its add-on, which they pay first. With
 * `expiry`, the main's PIX then passes its expiry unpaid and the reconciler reads it closed: the add-on goes back whole.
 */
function awaitingSequence(buyer: number, webhook: Webhook, expiry: boolean): Cmd[] {
  return [
    new Outage(),
    new Checkout(buyer, false),
    new Checkout(buyer, true),
    new Pay(0, webhook, 'addon'),
    ...(expiry ? [new Clock('20h'), new Clock('20h'), new Reconcile(1)] : []),
  ];
}

/** Runs whose add-on, paid while its main could still be paid, ended given back whole or listed, with the main unpaid. */
async function awaitingReturned(shop: LedgerShop, model: Model): Promise<boolean> {
  for (const addonId of model.awaiting) {
    const mainId = model.orders.find((order) => order.id === addonId)?.mainId;
    const items = mainId ? ((await purchaseOf(shop, mainId)).purchase?.items ?? []) : [];
    const main = items.filter((item) => item.orderId === mainId);
    const addon = items.filter((item) => item.orderId === addonId);
    if (main.every((item) => item.state === 'unpaid') && addon.length > 0 && addon.every((item) => GIVEN_BACK.has(item.state))) return true;
  }
  return false;
}
const GIVEN_BACK: ReadonlySet<string> = new Set(['refunded', 'refunding', 'owed']);

/** 13, down from 16 when the disputes came: their steps (and the clock's re-check passes) cost time, and the suite has a budget. */
const MAX_RANDOM = 13;

/**
 * Each run opens with a purchase (a checkout, its payment by any webhook, maybe the add-on) so most
 * runs reach money, goes on at random, most often closes with a refund asked or made at the
 * provider, and ends with every re-check run and the rules checked.
 */
const runArb = fc.record({
  opening: fc.tuple(
    checkoutArb,
    payArb.map((pay) => new Pay(0, pay.webhook)),
  ),
  addon: fc.option(fc.tuple(fc.constant(new AcceptAddon(0)), payArb), { nil: undefined }),
  // One run in three, by the other buyer: the add-on paid before its main (see awaitingSequence).
  awaiting: fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.record({ webhook: fc.constantFrom(...WEBHOOKS), expiry: fc.boolean() }) },
  ),
  // Two runs in three: a dispute over the opening's payment, at its provider or entered by hand, maybe defended,
  // then random steps (a refund asked or made meanwhile among them), then decided.
  dispute: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 2,
      arbitrary: fc.record({
        open: fc.oneof(
          { weight: 3, arbitrary: contestArb.map((contest) => new Contest(0, contest.notified)) },
          { weight: 1, arbitrary: fc.constant(new EnterByHand(0)) },
        ),
        defend: fc.option(defendArb, { nil: undefined }),
        decide: fc.option(fc.oneof(decideArb, closeByHandArb), { nil: undefined }),
      }),
    },
  ),
  // Three runs in four: the guarantee passes and a batch is paid (its answer lost or not), before the random steps (a
  // refund at the provider or a lost dispute among them cuts a commission paid: a debt), and another pass at the end.
  payout: fc.option(lostArb, { freq: 4, nil: undefined }),
  rest: fc.commands(commandArbs, { maxCommands: MAX_RANDOM, size: 'max' }),
  closing: fc.option(fc.oneof(refundArb, atProviderArb), { nil: undefined }),
});

const NUM_RUNS = runs(Number(process.env.PURCHASE_MODEL_RUNS ?? 30));
/** 25/11/2026 15:00 in São Paulo. */
const START = Date.UTC(2026, 10, 25, 18, 0, 0);
/**
 * A run that takes longer is a failure, not a pass (fast-check's interruption is marked as one). It leaves room for
 * a loaded machine: npm test runs the end-to-end tests beside this one.
 */
const TIME_LIMIT_MS = 450_000;

/** Ana came through the affiliate's link; Bruno came on his own. */
const newModel = (affiliate: string): Model => ({
  buyers: [{ ...newBuyer('Ana Provedora'), affiliate }, newBuyer('Bruno Provedor')],
  erasedAt: [null, null],
  orders: [],
  late: [],
  reached: {
    paid: false,
    refund: false,
    panelRefund: false,
    commission: false,
    commissionCut: false,
    payout: false,
    payoutConfirmed: false,
    lostAnswer: false,
    retried: false,
    debtNetted: false,
  },
  awaiting: new Set(),
  confirmed: new Set(),
  payouts: [],
  before: { refundCalls: 0, disputed: new Set(), lost: new Set() },
});

/** `payouts`: the affiliate's payouts go by Efí's API (its stand-in) or by hand ("Marcar como pago"). */
const variants: ReadonlyArray<{ name: string; env: Record<string, string>; payouts: PayoutWay }> = [
  { name: 'refunds at the provider, REFUND_MODE=auto, payouts at Efí', env: { REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' }, payouts: 'efi' },
  { name: 'manual refunds, payouts by hand', env: {}, payouts: 'hand' },
];

for (const database of databases) {
  describe(`purchase model, providers' side, on ${database.name}`, () => {
    let db: TestDb;
    let rig: LedgerRig;
    beforeAll(async () => {
      db = await database.create();
      rig = await startLedgerRig();
    });
    afterAll(async () => {
      await rig?.stop();
      await db?.close();
    });

    for (const [variantIndex, variant] of variants.entries()) {
      it(
        `every payment a provider accepted ends delivered or refunded (${variant.name})`,
        async () => {
          announceSeed(`purchase model, providers' side (${database.name}, ${variant.name}): ${NUM_RUNS} runs`);
          const shop = await openLedgerShop(db, rig, variant.env, START, BOTH, variant.payouts);
          let run = 0;
          const coverage = {
            runs: 0,
            paid: 0,
            refund: 0,
            awaiting: 0,
            awaitingReturned: 0,
            dispute: 0,
            disputeLost: 0,
            panelRefund: 0,
            commission: 0,
            commissionCut: 0,
            payout: 0,
            payoutConfirmed: 0,
            lostAnswer: 0,
            retried: 0,
            debtNetted: 0,
          };
          try {
            await fc.assert(
              fc.asyncProperty(runArb, async ({ opening, addon, awaiting, dispute, payout, rest, closing }) => {
                run += 1;
                shop.clock.now = START + run * 40 * DAY;
                await clearFaults(rig);
                await restartWith(shop, BOTH);
                shop.ledger.accepted.length = 0;
                const model = newModel(shop.affiliate.code);
                // A run that pays its affiliate opens with Ana's purchase, through the link, so the batch has her commission.
                const first = payout ? new Checkout(0, opening[0].bump) : opening[0];
                const opened = [first, opening[1]];
                const other = 1 - first.buyer;
                const prelude = [
                  ...(dispute ? [dispute.open, ...(dispute.defend ? [dispute.defend] : [])] : []),
                  ...(awaiting ? awaitingSequence(other, awaiting.webhook, awaiting.expiry) : []),
                ];
                const decided = dispute?.decide ? [dispute.decide] : [];
                const paying = payout ? [new PastGuarantee(), new PayoutBatch(payout)] : [];
                const again = payout ? [new PayAgain()] : [];
                // The prelude, the payouts and the decision take the place of random steps, so a run is no longer than before them.
                const random = [...rest].slice(0, Math.max(0, MAX_RANDOM - prelude.length - decided.length - paying.length - again.length));
                const commands = [
                  ...opened,
                  ...(addon ?? []),
                  ...paying,
                  ...prelude,
                  ...random,
                  ...decided,
                  ...again,
                  ...(closing ? [closing] : []),
                ];
                if (process.env.PURCHASE_MODEL_TRACE) console.log(`run ${run}: ${commands.map(String).join(', ')}`);
                await fc.asyncModelRun(() => ({ model, real: shop }), commands);
                await settled(shop, model, true);
                // The run's payouts left to a later pass are settled by its end (PAY5).
                await noteConfirmed(shop, model);
                coverage.runs += 1;
                if (model.reached.paid) coverage.paid += 1;
                if (model.reached.refund) coverage.refund += 1;
                if (model.awaiting.size > 0) coverage.awaiting += 1;
                if (await awaitingReturned(shop, model)) coverage.awaitingReturned += 1;
                const disputes = await disputesOf(
                  shop,
                  model.orders.map((order) => order.id),
                );
                if (disputes.length > 0) coverage.dispute += 1;
                if (disputes.some((each) => each.state === 'lost')) coverage.disputeLost += 1;
                if (model.reached.panelRefund) coverage.panelRefund += 1;
                if (model.reached.commission) coverage.commission += 1;
                if (model.reached.commissionCut) coverage.commissionCut += 1;
                for (const key of ['payout', 'payoutConfirmed', 'lostAnswer', 'retried', 'debtNetted'] as const)
                  if (model.reached[key]) coverage[key] += 1;
              }),
              {
                seed: FUZZ_SEED + 100 + variantIndex,
                numRuns: NUM_RUNS,
                endOnFailure: true,
                interruptAfterTimeLimit: TIME_LIMIT_MS,
                markInterruptAsFailure: true,
              },
            );
          } finally {
            console.log(
              `purchase model, providers' side (${database.name}, ${variant.name}): coverage ${JSON.stringify(coverage)} of ${NUM_RUNS} runs`,
            );
            await closeShop(shop);
          }
          expect(coverage.runs, 'runs that finished').toBe(NUM_RUNS);
          expect(coverage.paid, 'runs that reached a paid purchase').toBeGreaterThanOrEqual(NUM_RUNS / 2);
          expect(coverage.refund, 'runs that reached a refund').toBeGreaterThanOrEqual(NUM_RUNS / 4);
          expect(coverage.dispute, 'runs that reached a dispute').toBeGreaterThanOrEqual(NUM_RUNS / 4);
          expect(coverage.commission, "runs that reached an affiliate's commission").toBeGreaterThanOrEqual(NUM_RUNS / 4);
          expect(coverage.payoutConfirmed, 'runs that reached a confirmed payout').toBeGreaterThanOrEqual(NUM_RUNS / 4);
          expect(coverage.lostAnswer, 'runs that reached a payout whose answer was lost').toBeGreaterThanOrEqual(NUM_RUNS / 8);
        },
        TIME_LIMIT_MS + 90_000,
      );

      it(`P4-bump: a bump paid in two main + bump purchases is not kept twice (${variant.name})`, async () => {
        // Found with FUZZ_SEED=1123915856 on SQLite (run 7): buyer 1 pays a main-only PIX at AbacatePay, then two
        // main + bump PIX; the second one's bump goes back too, as the first main + bump purchase holds it.
        const shop = await openLedgerShop(db, rig, variant.env, START);
        try {
          shop.clock.now = START + (NUM_RUNS + 2) * 40 * DAY;
          await clearFaults(rig);
          await restartWith(shop, BOTH);
          shop.ledger.accepted.length = 0;
          const model = newModel(shop.affiliate.code);
          const commands: Cmd[] = [
            new Checkout(0, false),
            new Pay(0, 'readFails'),
            new AcceptAddon(0),
            new Pay(2, 'readFails'),
            ...awaitingSequence(1, 'lost', false),
            new EnterByHand(0),
            new LatePaidRetired(1, 'readFails'),
            new Seller(6, 'approve'),
            new LatePaidRetired(1, 'readFails'),
            new AtProvider(0, 'refund', false, 'odd'),
            new Pay(1, 'duplicated'),
            new AcceptAddon(1),
            new Checkout(0, false),
            new EnterByHand(0),
            new AskRefund(0, 'member'),
          ];
          await fc.asyncModelRun(() => ({ model, real: shop }), commands);
          await settled(shop, model, true);
        } finally {
          await closeShop(shop);
        }
      }, 60_000);

      it(`the add-on paid before its main, whose PIX then closes unpaid, goes back whole (${variant.name})`, async () => {
        const shop = await openLedgerShop(db, rig, variant.env, START);
        try {
          shop.clock.now = START + (NUM_RUNS + 1) * 40 * DAY;
          await clearFaults(rig);
          await restartWith(shop, BOTH);
          shop.ledger.accepted.length = 0;
          const model = newModel(shop.affiliate.code);
          // The seller's "Marcar como reembolsado" on the unpaid main (order 1), whose page lists nothing to send back, marks nothing.
          const [outage, main, bump, payBump, ...expiry] = awaitingSequence(1, 'delivered', true);
          const commands = [
            new Checkout(0, false),
            new Pay(0, 'delivered'),
            outage!,
            main!,
            bump!,
            payBump!,
            new Seller(1, 'mark'),
            ...expiry,
          ];
          await fc.asyncModelRun(() => ({ model, real: shop }), commands);
          await settled(shop, model, true);
          const addon = model.orders.find((order) => order.kind === 'addon')!;
          expect([...model.awaiting], 'the add-on was paid while its main could still be paid').toEqual([addon.id]);
          const items = (await purchaseOf(shop, addon.mainId!)).purchase!.items;
          expect(items.map((item) => [item.orderId === addon.id ? 'addon' : 'main', item.key, item.state])).toEqual([
            ['main', 'main', 'unpaid'],
            ['addon', 'bump', variant.env.GATEWAY_REFUNDS ? 'refunded' : 'owed'],
          ]);
          const [payment] = shop.ledger.accepted.filter((each) => each.orderId === addon.id);
          // At the provider, or listed in "Reembolsos pedidos" for the seller to send back whole.
          if (variant.env.GATEWAY_REFUNDS) expect(shop.ledger.returned(payment!)).toBe(true);
          else expect((await refundList(shop)).has(addon.id)).toBe(true);
        } finally {
          await closeShop(shop);
        }
      });
    }
  });
}

import { vi } from 'vitest';
import { loadConfig } from '../../../src/server/config/config.ts';
import type { CreatedOrder } from '../../../src/shared/checkout.ts';
import type { PurchaseItemView, PurchaseView } from '../../../src/shared/purchase.ts';
import type { ManualRefundSteps } from '../../../src/shared/refunds.ts';
import { providersEnv } from '../../support/provider-rig.ts';
import { ProviderLedger, type AcceptedPayment, type LedgerProvider, type ProviderCharge } from '../../support/provider-ledger.ts';
import {
  ABACATEPAY_WEBHOOK_SECRET,
  type AbacatepayStandIn,
  abacatepayVariables,
  startAbacatepayStandIn,
} from '../../support/providers/abacatepay/abacatepay-stand-in.ts';
import {
  chargeBack,
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  MP_STAND_IN_TOKEN,
  refundInPanel,
  startMercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import type { Fault } from '../../support/stand-ins/kit.ts';
import type { ModelProvider } from './purchase-model-providers.ts';
import { DUPLICATE_WINDOW_MS } from '../../../src/server/orders/payment-repository.ts';
import { affiliateFormMessages } from '../../../src/content/affiliates.ts';
import { registerAffiliate, saveAffiliateSettings } from '../../../src/server/affiliates/affiliate-service.ts';
import { balanceOf, commissionsOf, type CommissionView } from '../../../src/server/affiliates/commissions.ts';
import { approveBatch, payoutsView, runPayouts, savePayoutSettings, type PayoutDeps } from '../../../src/server/affiliates/payouts.ts';
import type { PixProvider } from '../../../src/server/gateway/pix-provider.ts';
import { createEfiProvider } from '../../../src/server/gateway/providers/efi/efi-provider.ts';
import type { AdminPayouts } from '../../../src/shared/affiliate-payouts.ts';
import { startEfiStandIn } from '../../support/providers/efi/efi-stand-in.ts';
import { affiliateFormSchema, commissionCents } from '../../../src/shared/affiliates.ts';
import {
  answerAddon,
  BUMP_PRICE,
  checkout,
  consoleCall,
  drainOutbox,
  MAIN_PRICE,
  openShop,
  orderStatus,
  readOrder,
  refundList,
  restartShop,
  type Buyer,
  type Shop,
} from './purchase-model-support.ts';
import type { TestDb } from '../test-db.ts';

/**
 * The shop with two PIX providers, Mercado Pago first and AbacatePay second (`PAYMENT_PROVIDERS=
 * mercadopago,abacatepay`), each a stand-in on a loopback port, and the providers' own ledger
 * (tests/support/provider-ledger.ts) beside it: the buyers' and the providers' actions that the
 * purchase model and its fixed sequences drive, and the provider-side rules read back against the
 * shop (docs/money.md#provider-side).
 */
export const BOTH = 'mercadopago,abacatepay';

export interface LedgerRig {
  mercadoPago: MercadoPagoStandIn;
  abacatepay: AbacatepayStandIn;
  /** Efí, where the affiliates' payouts go by its API ("Envio de Pix") in the variants that pay at Efí. */
  efi: Awaited<ReturnType<typeof startEfiStandIn>>;
  /** Scripted Mercado Pago answers not yet used, and how many requests of that route had been seen then. */
  scripted: Map<ScriptedRoute, { pending: number; seen: number }>;
  /** The shop the stand-ins' clocks follow. */
  shop?: Shop;
  stop(): Promise<void>;
}

/**
 * The process's `Date` is the shop's clock while the rig runs: the providers' clients and the
 * stand-ins read `Date.now()` (a create's expiry is clamped to the provider's limits from it), so
 * a shop clock days ahead of the real one would make each resend of a create a different request.
 * Timers stay real; so does fast-check's own time limit (it keeps the `Date.now` it loaded with).
 */
export function followShopClock(startAt: number): { now: number } {
  vi.setSystemTime(startAt);
  return {
    get now() {
      return Date.now();
    },
    set now(at: number) {
      vi.setSystemTime(at);
    },
  };
}

export async function startLedgerRig(): Promise<LedgerRig> {
  vi.useFakeTimers({ toFake: ['Date'] });
  const rig = {} as LedgerRig;
  rig.mercadoPago = await startMercadoPagoStandIn();
  rig.abacatepay = await startAbacatepayStandIn();
  rig.efi = await startEfiStandIn();
  rig.scripted = new Map();
  rig.stop = async () => {
    await rig.mercadoPago.stop();
    await rig.abacatepay.stop();
    await rig.efi.stop();
    vi.useRealTimers();
  };
  return rig;
}

/** The two providers as the shop's settings name them (both credentials always set; `providers` lists who is used). */
function twoProviders(rig: LedgerRig, providers: string): ModelProvider {
  return {
    name: providers,
    env: {
      ...providersEnv(['mercadopago', 'abacatepay'], mercadoPagoVariables(rig.mercadoPago), abacatepayVariables(rig.abacatepay)),
      PAYMENT_PROVIDERS: providers,
    },
    pay: () => Promise.reject(new Error('the ledger model pays at the stand-ins')),
    stop: async () => undefined,
  };
}

export interface LedgerShop extends Shop {
  ledger: ProviderLedger;
  rig: LedgerRig;
  /** The one affiliate, whose link buyer 0 followed (docs/affiliates.md). */
  affiliate: { id: string; code: string };
  /** The settings it opened with: both providers, both credentials. */
  openedWith: Record<string, string>;
  payouts: PayoutBook;
}

export async function openLedgerShop(
  db: TestDb,
  rig: LedgerRig,
  env: Record<string, string>,
  startAt: number,
  providers = BOTH,
  payouts: PayoutWay = 'hand',
) {
  const clock = followShopClock(startAt);
  const shop = (await openShop(db, env, startAt, twoProviders(rig, providers))) as LedgerShop;
  shop.clock = clock;
  rig.shop = shop;
  shop.rig = rig;
  shop.ledger = new ProviderLedger(rig.mercadoPago, rig.abacatepay, () => shop.clock.now);
  shop.openedWith = { ...shop.env };
  pointWebhook(shop);
  shop.affiliate = await joinAffiliate(shop);
  shop.payouts = openPayoutBook(rig, payouts);
  // A low minimum, so a run's few sales reach a batch; the second confirmation above R$ 20,00 is always given.
  await savePayoutSettings(shop.db.db, { weekday: 2, minCents: PAYOUT_MIN_CENTS, confirmAboveCents: 2000 }, shop.clock.now);
  return shop;
}

/** Rates per kind of item: the main product and the bump share one, so a charge's commission is one rule of its money. */
const RATES = { main: 5000, bump: 5000, addon: 2000 };

async function joinAffiliate(shop: Shop) {
  const form = affiliateFormSchema(affiliateFormMessages).parse({
    name: 'Afiliada do Modelo',
    email: `afiliada.${process.pid}.${Math.random().toString(36).slice(2, 10)}@example.com`,
    document: '529.982.247-25',
    pixKey: '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d',
    promotes: 'Grupo de ofertas',
  });
  const joined = await registerAffiliate(shop.db.db, form, 'active', shop.clock.now);
  if (!joined.ok) throw new Error(`the model's affiliate: ${joined.reason}`);
  await saveAffiliateSettings(shop.db.db, { rates: RATES }, shop.clock.now);
  return { id: joined.affiliate.id, code: joined.affiliate.code };
}

/**
 * A1, commissions follow the money (docs/affiliates.md#commissions): for each purchase, the affiliate's paid + pending +
 * available − debt is the rate applied to what the providers kept of each charge its code brought (a charge's items share
 * one rate, so the items' commissions, each rounded down, fall short of the charge's by less than a centavo an item);
 * a purchase no code brought earns nothing; a commission earns nothing only when flagged, and flagged only for a buyer
 * a lost dispute blocked. Returns whether a commission was born, and whether one was cut.
 */
export async function commissionFindings(
  shop: LedgerShop,
  mainIds: readonly string[],
  blocked: boolean,
): Promise<{ findings: ProviderFinding[]; born: boolean; cut: boolean }> {
  const views = await commissionsOf(shop.server.orders, [shop.affiliate.id], shop.clock.now, mainIds);
  const findings: ProviderFinding[] = [];
  for (const mainId of mainIds) {
    const view = (await purchaseOf(shop, mainId)).purchase;
    if (!view) continue;
    const orderIds = new Set(view.items.map((item) => item.orderId));
    const own = views.filter((commission) => commission.mainOrderId === mainId);
    const balance = balanceOf(own);
    const earned = balance.paidCents + balance.pendingCents + balance.availableCents - balance.debtCents;
    const attributed = (await readOrder(shop, mainId)).affiliate_code === shop.affiliate.code;
    const flagged = own.filter((commission) => commission.flag !== null);
    let rule = 0;
    for (const payment of shop.ledger.accepted.filter((each) => orderIds.has(each.orderId))) {
      const charge = shop.ledger.charge(payment.provider, payment.chargeId)!;
      const contested =
        charge.disputed && view.items.filter((item) => item.orderId === payment.orderId).every((item) => item.state === 'unpaid');
      if (!attributed || contested || flagged.some((commission) => commission.orderId === payment.orderId)) continue;
      rule += commissionCents(shop.ledger.kept(payment), payment.orderId === mainId ? RATES.main : RATES.addon);
    }
    if (flagged.length > 0 && !blocked)
      findings.push({ rule: 'A1', message: `purchase ${mainId}: a commission is flagged ${flagged[0]!.flag} with no block on its buyer` });
    const items = own.length;
    if (earned > rule || rule - earned >= Math.max(1, items))
      findings.push({
        rule: 'A1',
        message: `purchase ${mainId}: the affiliate earns R$ ${(earned / 100).toFixed(2)} on ${items} item(s); the rule on what the providers kept is R$ ${(rule / 100).toFixed(2)}`,
      });
  }
  const price = (key: string) => (key === 'main' ? MAIN_PRICE : BUMP_PRICE);
  return { findings, born: views.length > 0, cut: views.some((commission) => commission.keptCents < price(commission.item)) };
}

/** AbacatePay's webhook is set in its dashboard: to where the running server listens now. */
function pointWebhook(shop: LedgerShop): void {
  shop.rig.abacatepay.webhook = { url: `${shop.server.url}/api/webhooks/abacatepay`, secret: ABACATEPAY_WEBHOOK_SECRET };
}

/**
 * A restart with another PAYMENT_PROVIDERS, the credentials of both kept, or the same. Returns the
 * start-up's refusal instead when the settings are refused (the running server is kept).
 */
export async function restartWith(shop: LedgerShop, providers?: string): Promise<string | null> {
  const env = { ...shop.openedWith, ...(providers ? { PAYMENT_PROVIDERS: providers } : {}) };
  try {
    loadConfig(env);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  shop.env = env;
  await restartShop(shop);
  pointWebhook(shop);
  await drainOutbox(shop);
  return null;
}

/** A restart with Mercado Pago's credentials unset and only AbacatePay listed. */
export async function restartWithoutMercadoPago(shop: LedgerShop): Promise<void> {
  const env = Object.fromEntries(Object.entries(shop.env).filter(([name]) => !name.startsWith('MERCADOPAGO_')));
  shop.env = { ...env, PAYMENT_PROVIDERS: 'abacatepay' };
  await restartShop(shop);
  pointWebhook(shop);
  await drainOutbox(shop);
}

/** "Gerar PIX": the order and the code the buyer was shown, recorded in the providers' ledger. */
export async function ledgerCheckout(shop: LedgerShop, buyer: Buyer, bump: boolean) {
  const created = await checkout(shop, buyer, bump);
  if (created.status === 201) shop.ledger.show(created.body.orderId, created.body.pix?.code);
  // The bump charged alone beside a main PIX its provider cannot cancel: its code is shown too.
  const { addon } = created.body;
  if (created.status === 201 && addon) shop.ledger.show(addon.orderId, addon.pix?.code);
  return created;
}

/** "Quero adicionar": the add-on's order and code. */
export async function ledgerAddon(shop: LedgerShop, mainId: string, viewKey: string) {
  const response = await answerAddon(shop, mainId, viewKey, true);
  const text = await response.text();
  await shop.server.background.idle();
  const body = response.status === 201 ? (JSON.parse(text) as CreatedOrder) : undefined;
  if (body) shop.ledger.show(body.orderId, body.pix?.code);
  return { status: response.status, body, text };
}

/** How the provider's notification of a payment reaches the shop. */
export type Webhook = 'delivered' | 'lost' | 'duplicated' | 'late' | 'readFails' | 'badSignature';
export const WEBHOOKS: readonly Webhook[] = ['delivered', 'lost', 'duplicated', 'late', 'readFails', 'badSignature'];

/** The notification of `charge`'s current state, sent to where the running server listens now; its HTTP status. */
export async function notify(shop: LedgerShop, charge: ProviderCharge, options: { secret?: string } = {}): Promise<number> {
  if (charge.provider === 'mercadopago') {
    const payment = shop.rig.mercadoPago.payments.get(Number(charge.chargeId))!;
    payment.notificationUrl = `${shop.server.url}/api/webhooks/mercadopago`;
    const { status } = await shop.rig.mercadoPago.notify(charge.chargeId, options);
    await shop.server.background.idle();
    return status;
  }
  const abacatepay = shop.rig.abacatepay;
  abacatepay.webhook = { url: `${shop.server.url}/api/webhooks/abacatepay`, secret: options.secret ?? ABACATEPAY_WEBHOOK_SECRET };
  const restore = () => pointWebhook(shop);
  const before = abacatepay.deliveries.length;
  // markPaid on a paid charge sends its `transparent.completed` again.
  const stored = abacatepay.charges.get(charge.chargeId)!;
  const status = stored.status;
  await abacatepay.markPaid(charge.chargeId);
  stored.status = status;
  restore();
  await shop.server.background.idle();
  return abacatepay.deliveries[before]?.status ?? 0;
}

/**
 * The buyer pays `code` at its provider, and the provider's notification reaches the shop as
 * `webhook` says: returns the webhook's HTTP status (0 when none was sent), and a late one to send.
 */
export async function payAtProvider(
  shop: LedgerShop,
  code: string,
  webhook: Webhook,
): Promise<{ charge: ProviderCharge; status: number; late?: () => Promise<number> }> {
  const charge = shop.ledger.byCode(code);
  if (!charge) throw new Error(`no provider issued the code ${code.slice(0, 30)}…`);
  const orderId = shop.ledger.shown.get(code)!;
  if (charge.provider === 'mercadopago') shop.rig.mercadoPago.pay(charge.chargeId);
  else shop.rig.abacatepay.charges.get(charge.chargeId)!.status = 'PAID';
  shop.ledger.recordPayment(charge, orderId);
  const paid = shop.ledger.charge(charge.provider, charge.chargeId)!;
  if (webhook === 'readFails') {
    // The notification arrives; the one read that would confirm it fails.
    if (paid.provider === 'mercadopago') scriptMercadoPago(shop, 'read', { kind: 'status', status: 503 });
    else shop.rig.abacatepay.scriptNext('check', { kind: 'status', status: 503 });
  }
  if (webhook === 'lost') return { charge: paid, status: 0 };
  if (webhook === 'late') return { charge: paid, status: 0, late: () => notify(shop, paid) };
  if (webhook === 'badSignature') return { charge: paid, status: await notify(shop, paid, { secret: 'segredo-antigo-da-loja' }) };
  const status = await notify(shop, paid);
  if (webhook === 'duplicated') await notify(shop, paid);
  return { charge: paid, status };
}

/**
 * The seller refunds a Mercado Pago payment in its panel (whole, or `amountCents` of it), or the buyer's bank takes it
 * back by a MED devolução (Mercado Pago shows it as `charged_back`); `notified`: its notification arrives.
 */
export async function reverseAtProvider(
  shop: LedgerShop,
  charge: ProviderCharge,
  kind: 'refund' | 'chargeback',
  notified: boolean,
  amountCents?: number,
) {
  if (kind === 'refund') refundInPanel(shop.rig.mercadoPago, charge.chargeId, amountCents);
  else chargeBack(shop.rig.mercadoPago, charge.chargeId);
  if (notified) await notify(shop, shop.ledger.charge(charge.provider, charge.chargeId)!);
}

/**
 * The payer contests a paid charge at its provider: Mercado Pago's payment turns `in_mediation` (its notification
 * sent when `notified`); AbacatePay sends its `transparent.disputed` (the charge `UNDER_DISPUTE`).
 */
export async function disputeAtProvider(shop: LedgerShop, charge: ProviderCharge, notified: boolean): Promise<void> {
  if (charge.provider === 'mercadopago') {
    shop.rig.mercadoPago.mediate(charge.chargeId);
    if (notified) await notify(shop, shop.ledger.charge(charge.provider, charge.chargeId)!);
  } else {
    pointWebhook(shop);
    await shop.rig.abacatepay.dispute(charge.chargeId);
    await shop.server.background.idle();
  }
}

/**
 * The provider decides a contested charge. Won: Mercado Pago's payment is `approved` again (the money released to
 * the seller). Lost: Mercado Pago's `charged_back`; AbacatePay's `transparent.lost`, after which the money is the
 * payer's (the ledger records it, as the charge's status after it is undocumented). AbacatePay documents no event
 * for a dispute won, so it is only lost here.
 */
export async function decideAtProvider(
  shop: LedgerShop,
  charge: ProviderCharge,
  outcome: 'won' | 'lost',
  notified: boolean,
): Promise<void> {
  if (charge.provider === 'mercadopago') {
    const payment = shop.rig.mercadoPago.payments.get(Number(charge.chargeId))!;
    if (outcome === 'won') {
      payment.status = 'approved';
      payment.statusDetail = 'accredited';
    } else shop.rig.mercadoPago.chargeBack(charge.chargeId);
    if (notified) await notify(shop, shop.ledger.charge(charge.provider, charge.chargeId)!);
    return;
  }
  shop.ledger.takeByMed(charge.provider, charge.chargeId, charge.amountCents - charge.returnedCents);
  pointWebhook(shop);
  await shop.rig.abacatepay.loseDispute(charge.chargeId);
  await shop.server.background.idle();
}

/**
 * The disputes of these orders as the shop stored them (what "Contestações" lists). Read from the rows, not the
 * console's list: the list builds each dispute's defence text, and a run reads this before every step.
 */
export function disputesOf(shop: Pick<LedgerShop, 'db'>, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return shop.db.db
    .selectFrom('disputes')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** The blocks after a lost dispute still in force on these orders' buyers (the seller has not undone them). */
export async function blocksOf(shop: LedgerShop, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await shop.db.db
    .selectFrom('dispute_blocks')
    .select('id')
    .where('order_id', 'in', [...orderIds])
    .where('removed_at', 'is', null)
    .execute();
  return rows.length;
}

export const isOpen = (dispute: { state: string }) => dispute.state === 'open' || dispute.state === 'defending';

/** Every refund call the stand-ins received, in order: the provider and the charge it asked to refund. */
export function refundCalls(rig: LedgerRig): Array<{ provider: LedgerProvider; chargeId: string }> {
  const mercadoPago = rig.mercadoPago.requests
    .filter((request) => request.method === 'POST' && /^\/v1\/payments\/\d+\/refunds$/.test(request.path))
    .map((request) => ({ provider: 'mercadopago' as const, chargeId: request.path.split('/')[3]! }));
  const abacatepay = rig.abacatepay.requests
    .filter((request) => request.method === 'POST' && request.path === '/v2/transparents/refund')
    .map((request) => {
      const id = (request.body as { id?: unknown } | null)?.id;
      return { provider: 'abacatepay' as const, chargeId: typeof id === 'string' ? id : '' };
    });
  return [...mercadoPago, ...abacatepay];
}

/** The Mercado Pago routes a run may script a fault on: create a payment, read one, cancel one. */
type ScriptedRoute = 'create' | 'read' | 'cancel';
const isRoute = (route: ScriptedRoute, request: { method: string; path: string }) =>
  route === 'create'
    ? request.method === 'POST' && request.path === '/v1/payments'
    : route === 'read'
      ? request.method === 'GET' && /^\/v1\/payments\/\d+$/.test(request.path)
      : request.method === 'PUT' && /^\/v1\/payments\/\d+$/.test(request.path);
const requestsTo = (rig: LedgerRig, route: ScriptedRoute) => rig.mercadoPago.requests.filter((request) => isRoute(route, request)).length;

/** How many scripted answers of `route` are still waiting: each request to the route takes one while any wait. */
function waiting(rig: LedgerRig, route: ScriptedRoute): number {
  const entry = rig.scripted.get(route) ?? { pending: 0, seen: 0 };
  const seen = requestsTo(rig, route);
  const pending = Math.max(0, entry.pending - (seen - entry.seen));
  rig.scripted.set(route, { pending, seen });
  return pending;
}

/** The next request to a Mercado Pago route gets `answer` (the stand-in's script), counted so a run can clear what is left. */
export function scriptMercadoPago(shop: LedgerShop, route: ScriptedRoute, answer: Fault): void {
  const pending = waiting(shop.rig, route);
  shop.rig.scripted.set(route, { pending: pending + 1, seen: requestsTo(shop.rig, route) });
  shop.rig.mercadoPago.scriptNext(route, answer);
}

/** Uses up the scripted answers of one Mercado Pago route that no request took. */
export async function useUpScripted(rig: LedgerRig, route: ScriptedRoute): Promise<void> {
  const headers = { Authorization: `Bearer ${MP_STAND_IN_TOKEN}`, 'Content-Type': 'application/json', 'X-Idempotency-Key': 'clear' };
  for (let left = waiting(rig, route); left > 0; left--) {
    const url = route === 'create' ? `${rig.mercadoPago.url}/v1/payments` : `${rig.mercadoPago.url}/v1/payments/1`;
    const method = { create: 'POST', read: 'GET', cancel: 'PUT' }[route];
    await fetch(url, { method, headers, ...(route === 'read' ? {} : { body: '{}' }) })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  }
}

/**
 * Uses up the faults a run scripted and no request took (a provider skipped after an outage is
 * not called), so the next run starts with providers that answer as documented.
 */
export async function clearFaults(rig: LedgerRig): Promise<void> {
  for (const route of ['create', 'read', 'cancel'] as const) await useUpScripted(rig, route);
  for (const route of ['check', 'create'] as const) {
    const path = route === 'check' ? '/v2/transparents/check?id=none' : '/v2/transparents/create';
    await fetch(`${rig.abacatepay.url}${path}`, {
      method: route === 'check' ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${rig.abacatepay.apiKey}`, 'Content-Type': 'application/json' },
      ...(route === 'create' ? { body: '{}' } : {}),
    })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  }
}

/** Mercado Pago is down for its next `creates` creates (503, nothing made). */
export function mercadoPagoOutage(shop: LedgerShop, creates: number): void {
  for (let count = 0; count < creates; count++) scriptMercadoPago(shop, 'create', { kind: 'status', status: 503 });
}

/** The providers close an unpaid PIX once its expiry passes (the stand-ins only when told): as the shop's clock passes it. */
export function expireDueCharges(shop: LedgerShop): void {
  const now = shop.clock.now;
  for (const payment of shop.rig.mercadoPago.payments.values())
    if (payment.status === 'pending' && Date.parse(payment.dateOfExpiration) <= now) shop.rig.mercadoPago.expire(payment.id);
  for (const charge of shop.rig.abacatepay.charges.values())
    if (charge.status === 'PENDING' && Date.parse(charge.expiresAt) <= now) charge.status = 'EXPIRED';
}

/** One pass of the reconciler, as its timer runs it, `minutes` after now; then the outbox. */
export async function reconcilerTick(shop: LedgerShop, minutes: number): Promise<void> {
  shop.clock.now += minutes * 60_000;
  expireDueCharges(shop);
  await shop.server.reconciler.runOnce();
  await drainOutbox(shop);
}

/**
 * Enough time and reconciler passes for every re-check the shop schedules of an unpaid charge to
 * have run: each read-back that failed is due again, a lost webhook has been made up for by
 * polling. `paid`: then also the re-checks of paid charges (every 2 h doubling, as
 * reconciliation.ts schedules them), which find a refund or chargeback whose notification was lost
 * — about five days of the shop's clock.
 */
export async function settle(shop: LedgerShop, options: { paid?: boolean } = {}): Promise<void> {
  for (const minutes of [1, 2, 5, 11, 21, 31]) await reconcilerTick(shop, minutes);
  if (options.paid) for (const hours of [2, 4, 8, 16, 32, 64]) await reconcilerTick(shop, hours * 60 + 1);
}

export async function purchaseOf(
  shop: Shop,
  orderId: string,
): Promise<{ purchase: PurchaseView | null; manual: ManualRefundSteps | null }> {
  const detail = (await consoleCall(shop, `/orders/${orderId}`)).json() as {
    purchase: PurchaseView | null;
    manualRefund: ManualRefundSteps | null;
  };
  return { purchase: detail.purchase ?? null, manual: detail.manualRefund ?? null };
}

/** "Marcar como reembolsado": the seller sent back by hand what the console listed; the ledger records it. */
export async function markRefunded(shop: LedgerShop, orderId: string, body: { confirmDispute?: true } = {}) {
  const { manual } = await purchaseOf(shop, orderId);
  const reply = await consoleCall(shop, `/orders/${orderId}/refund`, body);
  if (reply.status === 200 && manual)
    for (const charge of manual.charges)
      shop.ledger.byHand.set(charge.orderId, (shop.ledger.byHand.get(charge.orderId) ?? 0) + charge.amountCents);
  await drainOutbox(shop);
  return reply;
}

const HELD: ReadonlySet<PurchaseItemView['state']> = new Set(['open', 'refund_requested', 'refunding']);
const OWED: ReadonlySet<PurchaseItemView['state']> = new Set(['owed', 'refund_requested', 'refunding']);

export interface ProviderFinding {
  rule: string;
  message: string;
}

/**
 * The provider-side rules, at a point where every re-check has run (after `settle`; with
 * `reversals`, after `settle({ paid: true })`, so the shop has seen what the provider did later):
 * - P1: every payment a provider accepted is delivered (its items held, or closed by the seller's
 *   "Revogar acesso" or the buyer's own erasure before it was paid), listed for a refund, or went
 *   back in full at the provider or by hand;
 * - R1: for each purchase, what the providers kept (accepted less returned) is what the shop's
 *   ledger says was paid less refunded;
 * - P3: a main order whose money went back at the provider leaves no add-on item held.
 * `erasedAt`: when each order's buyer was erased, if they were.
 */
export async function providerSideFindings(
  shop: LedgerShop,
  mainIds: readonly string[],
  erasedAt: (orderId: string) => number | null,
  reversals = true,
  buyerOf?: (orderId: string) => string,
): Promise<ProviderFinding[]> {
  const findings: ProviderFinding[] = [];
  const listed = await refundList(shop);
  const purchases = new Map<string, PurchaseView | null>();
  for (const mainId of mainIds) purchases.set(mainId, (await purchaseOf(shop, mainId)).purchase);
  const itemsOf = (orderId: string) =>
    [...purchases.values()].flatMap((view) => view?.items ?? []).filter((item) => item.orderId === orderId);

  const heldCents = (items: readonly PurchaseItemView[]) =>
    items.filter((item) => !GONE.has(item.state)).reduce((sum, item) => sum + item.priceCents, 0);

  /**
   * Contested before the shop learned it was paid: Mercado Pago's `in_mediation` (AbacatePay's `UNDER_DISPUTE`) reads
   * neither paid nor reversed, so the provider holds the money until it decides (won: paid; lost: it goes back).
   */
  const undecided = (payment: AcceptedPayment) =>
    shop.ledger.charge(payment.provider, payment.chargeId)!.disputed && itemsOf(payment.orderId).every((item) => item.state === 'unpaid');

  for (const payment of shop.ledger.accepted) {
    if (shop.ledger.returned(payment) || undecided(payment)) continue;
    const items = itemsOf(payment.orderId);
    const label = `${payment.provider} charge ${payment.chargeId} (R$ ${(payment.amountCents / 100).toFixed(2)}, order ${payment.orderId})`;
    const erased = erasedAt(payment.orderId);
    if (items.length === 0) {
      findings.push({ rule: 'P1', message: `${label}: paid at the provider, and the shop's console shows no such purchase` });
      continue;
    }
    for (const item of items) {
      const listedOwed = OWED.has(item.state) && listed.has(item.orderId);
      // Paid after its buyer was erased: no one can be reached to deliver to, so it is owed back.
      if (erased !== null && erased <= payment.paidAt) {
        if (!listedOwed)
          findings.push({
            rule: 'P1',
            message: `${label}: paid after its buyer was erased, and neither refunded nor listed (its "${item.key}" is ${item.state})`,
          });
        continue;
      }
      if (HELD.has(item.state) || listedOwed) continue;
      if (item.state === 'owed')
        findings.push({ rule: 'P1', message: `${label}: its "${item.key}" is owed and not listed in "Reembolsos pedidos"` });
      else if (item.state === 'unpaid')
        findings.push({
          rule: 'P1',
          message: `${label}: paid at the provider, and the shop shows its "${item.key}" unpaid (neither delivered nor refunded)`,
        });
      // A part refund gives back some items of a charge: only what the provider kept beyond the items still held is wrong.
      else if (GONE.has(item.state) && shop.ledger.kept(payment) > heldCents(items))
        findings.push({
          rule: 'R1',
          message: `${label}: the shop says its "${item.key}" went back (${item.state}), and the provider still holds R$ ${(shop.ledger.kept(payment) / 100).toFixed(2)}`,
        });
      // Else closed by the seller's "Revogar acesso" or by the buyer's own erasure after paying: nothing owed.
    }
  }

  // R1: two sources, per purchase.
  for (const [mainId, view] of purchases) {
    if (!view || !reversals) continue;
    const orderIds = new Set(view.items.map((item) => item.orderId));
    const payments = shop.ledger.accepted.filter((payment) => orderIds.has(payment.orderId) && !undecided(payment));
    const kept = payments.reduce((sum, payment) => sum + shop.ledger.kept(payment), 0);
    const shopNet = view.paidCents - view.refundedCents - view.medReturnedCents;
    if (kept !== shopNet)
      findings.push({
        rule: 'R1',
        message: `purchase ${mainId}: the providers kept R$ ${(kept / 100).toFixed(2)} of ${payments.length} payment(s); the shop's ledger says paid − refunded − returned by the MED = R$ ${(view.paidCents / 100).toFixed(2)} − ${(view.refundedCents / 100).toFixed(2)} − ${(view.medReturnedCents / 100).toFixed(2)}`,
      });
    // P3: the main's money went back at the provider: its add-on is not left delivered as if nothing happened.
    const main = payments.find((payment) => payment.orderId === mainId);
    if (main && shop.ledger.charge(main.provider, main.chargeId)!.returnedCents >= main.amountCents) {
      for (const item of view.items.filter((item) => item.orderId !== mainId && item.state === 'open'))
        findings.push({
          rule: 'P3',
          message: `purchase ${mainId}: the main order went back at the provider, and its add-on ${item.orderId} is still open with nothing owed`,
        });
    }
  }
  if (reversals) findings.push(...paidTwiceFindings(shop, itemsOf, listed, undecided, buyerOf));
  return findings;
}

/** A lost dispute or a refund gave the item back: its money is not the shop's. */
const GONE: ReadonlySet<PurchaseItemView['state']> = new Set(['refunded', 'med_returned']);

/** The items a charge of that amount pays for: the main product, the bump, or both (docs/money.md). */
const ITEMS_BY_AMOUNT: ReadonlyMap<number, ReadonlyArray<'main' | 'bump'>> = new Map([
  [MAIN_PRICE, ['main']],
  [BUMP_PRICE, ['bump']],
  [MAIN_PRICE + BUMP_PRICE, ['main', 'bump']],
]);
const PRICE = { main: MAIN_PRICE, bump: BUMP_PRICE } as const;

/**
 * The items an accepted payment still pays for at its provider: none once all of it went back, all but the one
 * whose price went back (a part refund equal to an item's price), all when another amount went back (a part refund
 * of the purchase, access kept).
 */
function itemsStillPaid(shop: LedgerShop, payment: AcceptedPayment): ReadonlyArray<'main' | 'bump'> {
  const all = ITEMS_BY_AMOUNT.get(payment.amountCents) ?? [];
  const back = payment.amountCents - shop.ledger.kept(payment);
  if (back >= payment.amountCents) return [];
  const returnedItem = all.filter((key) => PRICE[key] === back);
  return returnedItem.length === 1 ? all.filter((key) => key !== returnedItem[0]) : all;
}

/**
 * P4, no purchase pays for an item twice without it going back: for each buyer (`buyerOf` the order the paid code was
 * shown for; an order stands for itself when no buyer is given: AbacatePay's charge names no payer e-mail) and item, the accepted payments that still pay for it — not gone back at the provider or by hand, not listed for
 * the seller to send back, not closed on purpose ("Revogar acesso", erasure), not held in a dispute the provider has
 * not decided — number at most one within the shop's duplicate window (48 h, docs/money.md rule 5:
 * a purchase days later is a new one).
 */
function paidTwiceFindings(
  shop: LedgerShop,
  itemsOf: (orderId: string) => PurchaseItemView[],
  listed: ReadonlySet<string>,
  undecided: (payment: AcceptedPayment) => boolean,
  buyerOf = (orderId: string) => orderId,
): ProviderFinding[] {
  const findings: ProviderFinding[] = [];
  const goingBack = (payment: AcceptedPayment, key: 'main' | 'bump') => {
    const state = itemsOf(payment.orderId).find((item) => item.key === key)?.state;
    // Closed on purpose (the seller's "Revogar acesso", the buyer's own erasure): the buyer no longer holds it.
    if (state === 'revoked') return true;
    return state !== undefined && (GONE.has(state) || (OWED.has(state) && state !== 'refund_requested' && listed.has(payment.orderId)));
  };
  const still = new Map<string, AcceptedPayment[]>();
  for (const payment of shop.ledger.accepted.filter((each) => !undecided(each))) {
    for (const key of itemsStillPaid(shop, payment)) {
      if (goingBack(payment, key)) continue;
      const group = `${buyerOf(payment.orderId)} ${key}`;
      still.set(group, [...(still.get(group) ?? []), payment]);
    }
  }
  for (const [group, payments] of still) {
    const sorted = payments.toSorted((a, b) => a.paidAt - b.paidAt);
    for (let index = 1; index < sorted.length; index++) {
      const [before, after] = [sorted[index - 1]!, sorted[index]!];
      if (after.paidAt - before.paidAt > DUPLICATE_WINDOW_MS) continue;
      findings.push({
        rule: 'P4',
        message: `the "${group.split(' ').at(-1)}" of buyer ${group.split(' ')[0]} is paid twice and neither went back: ${[before, after].map((payment) => `${payment.provider} ${payment.chargeId} (order ${payment.orderId}, R$ ${(payment.amountCents / 100).toFixed(2)}, kept R$ ${(shop.ledger.kept(payment) / 100).toFixed(2)})`).join(' and ')}`,
      });
    }
  }
  return findings;
}

/** P2: each buyer has at most one payable main charge per provider (of the codes shown), as the providers' books say. */
export function payableFindings(shop: LedgerShop, buyers: readonly Buyer[], addonOrders: ReadonlySet<string>): ProviderFinding[] {
  const findings: ProviderFinding[] = [];
  const charges = shop.ledger.charges().filter((charge) => shop.ledger.payable(charge));
  for (const [index, buyer] of buyers.entries()) {
    for (const provider of ['mercadopago', 'abacatepay'] as const) {
      const payable = charges.filter((charge) => {
        // A code no one was shown cannot be paid (a create cut off before its answer reached the buyer).
        const orderId = shop.ledger.shown.get(charge.code);
        return charge.provider === provider && charge.payerEmail === buyer.email && orderId !== undefined && !addonOrders.has(orderId);
      });
      if (payable.length > 1)
        findings.push({
          rule: 'P2',
          message: `buyer ${index} has ${payable.length} payable charges at ${provider}: ${payable.map((charge) => `${charge.chargeId} R$ ${(charge.amountCents / 100).toFixed(2)} (order ${shop.ledger.shown.get(charge.code) ?? 'never shown'})`).join(', ')}`,
        });
    }
  }
  return findings;
}

/** S1: the shop never says paid for an order whose charge no provider was paid. */
export async function deliveredWithoutMoney(shop: LedgerShop, orderIds: readonly string[]): Promise<ProviderFinding[]> {
  const findings: ProviderFinding[] = [];
  for (const orderId of orderIds) {
    const status = (await orderStatus(shop, orderId)).status;
    if (status !== 'paid') continue;
    if (!shop.ledger.accepted.some((payment: AcceptedPayment) => payment.orderId === orderId))
      findings.push({ rule: 'S1', message: `order ${orderId} reads "paid" and no provider was paid for it` });
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// Affiliate payouts (docs/affiliates.md#payouts): at Efí by its API, or by hand with "Marcar como pago"
// ---------------------------------------------------------------------------------------------

/** `efi`: the batch goes out through the real Efí adapter to the Efí stand-in; `hand`: the console's "Marcar como pago". */
export type PayoutWay = 'efi' | 'hand';
export const PAYOUT_MIN_CENTS = 100;

/** What the seller was shown when approving each payout: its affiliate's available and debt, and each commission's due. */
interface ApprovedPayout {
  affiliateId: string;
  availableCents: number;
  debtCents: number;
  /** `order_id:item` → amount − paid, and whether it was available, at approval. */
  due: Map<string, { cents: number; available: boolean }>;
}

export interface PayoutBook {
  way: PayoutWay;
  efi: PixProvider | null;
  efiStandIn: LedgerRig['efi'] | null;
  /** Every payout approved in this shop's life (the affiliates and their commissions outlive a run). */
  approved: Map<string, ApprovedPayout>;
}

function openPayoutBook(rig: LedgerRig, way: PayoutWay): PayoutBook {
  const efi =
    way === 'efi'
      ? createEfiProvider(
          {
            clientId: rig.efi.env().EFI_CLIENT_ID!,
            clientSecret: rig.efi.env().EFI_CLIENT_SECRET!,
            certificatePath: rig.efi.pki.sellerP12Path,
            pixKey: rig.efi.env().EFI_PIX_KEY!,
            apiUrl: rig.efi.standIn.url,
            pixSend: true,
          },
          { ca: rig.efi.ca, timeoutMs: 2_000 },
        )
      : null;
  return { way, efi, efiStandIn: way === 'efi' ? rig.efi : null, approved: new Map() };
}

/** The payouts' dependencies as the running server has them, with Efí sending PIX where the variant pays at Efí. */
export function payoutDeps(shop: LedgerShop): PayoutDeps {
  const providers = shop.payouts.efi ? [shop.payouts.efi] : [];
  return { ...shop.server.orders, payments: { providers, get: (id) => providers.find((provider) => provider.id === id) } };
}

/** The console's "Repasses": read over HTTP where the seller pays by hand, from the same function where Efí sends. */
export async function payoutsShown(shop: LedgerShop): Promise<AdminPayouts> {
  if (shop.payouts.way === 'efi') return payoutsView(payoutDeps(shop), shop.clock.now);
  const reply = await consoleCall(shop, '/affiliates/payouts');
  if (reply.status !== 200) throw new Error(`"Repasses" answered ${reply.status} ${reply.text}`);
  return reply.json() as AdminPayouts;
}

const lineKey = (orderId: string, item: string) => `${orderId}:${item}`;

async function allViews(shop: LedgerShop): Promise<CommissionView[]> {
  const affiliates = await shop.db.db.selectFrom('affiliates').select('id').execute();
  return commissionsOf(
    shop.server.orders,
    affiliates.map((row) => row.id),
    shop.clock.now,
  );
}

/** One affiliate's available (what `disponível` commissions still owe) and debt (paid above a commission), from the views. */
function owed(views: readonly CommissionView[], affiliateId: string) {
  let availableCents = 0;
  let debtCents = 0;
  for (const view of views.filter((each) => each.affiliateId === affiliateId)) {
    const due = view.amountCents - view.paidCents;
    if (due < 0) debtCents -= due;
    else if (due > 0 && view.state === 'disponivel') availableCents += due;
  }
  return { availableCents, debtCents };
}

export type LostAnswer = 'none' | 'answer' | 'answerAndRead';

/**
 * The seller approves the batch the console shows (the second confirmation given), and it goes out: at Efí, one pass of
 * the payout worker, `lost` saying whether the send's answer is lost after Efí made it (and whether the read-back fails
 * too, leaving it for the next pass); by hand, "Marcar como pago" on each line (with `lost`, its answer lost: the
 * seller presses again later; with `answerAndRead`, paid later). Returns the new payouts' ids and the findings at approval.
 */
export async function approveAndPay(
  shop: LedgerShop,
  lost: LostAnswer,
): Promise<{ findings: ProviderFinding[]; approved: string[]; netted: boolean }> {
  const findings: ProviderFinding[] = [];
  const book = shop.payouts;
  const views = await allViews(shop);
  const shown = await payoutsShown(shop);
  findings.push(...(await shownFindings(shop, shown, views)));
  if (shown.payable.length === 0) return { findings, approved: [], netted: false };
  const before = new Set((await shop.db.db.selectFrom('affiliate_payouts').select('id').execute()).map((row) => row.id));
  const input = { totalCents: shown.totalCents, confirmed: true };
  if (book.way === 'efi') {
    const approved = await approveBatch(payoutDeps(shop), { ...input, by: null }, shop.clock.now);
    if (!approved.ok) findings.push({ rule: 'PAY', message: `approving the batch the seller saw was refused: ${approved.message}` });
  } else {
    const reply = await consoleCall(shop, '/affiliates/payouts/approve', input);
    if (reply.status !== 200)
      findings.push({ rule: 'PAY', message: `approving the batch the seller saw answered ${reply.status} ${reply.text}` });
  }
  const rows = (await shop.db.db.selectFrom('affiliate_payouts').selectAll().execute()).filter((row) => !before.has(row.id));
  for (const row of rows) {
    const due = new Map(
      views
        .filter((view) => view.affiliateId === row.affiliate_id)
        .map((view) => [
          lineKey(view.orderId, view.item),
          { cents: view.amountCents - view.paidCents, available: view.state === 'disponivel' },
        ]),
    );
    book.approved.set(row.id, { affiliateId: row.affiliate_id, ...owed(views, row.affiliate_id), due });
  }
  const lines = await shop.db.db
    .selectFrom('affiliate_payout_lines')
    .selectAll()
    .where('payout_id', 'in', rows.map((row) => row.id).concat(['-']))
    .execute();
  const netted = lines.some((line) => Number(line.cents) < 0);
  if (book.way === 'efi') {
    const efi = book.efiStandIn!.standIn;
    if (lost !== 'none') efi.script('PUT', '/v3/gn/pix/', { kind: 'drop-after' });
    if (lost === 'answerAndRead') efi.script('GET', '/v2/gn/pix/enviados/', { kind: 'status', status: 503 });
    try {
      await runPayouts(payoutDeps(shop), () => shop.clock.now);
    } finally {
      efi.clearScripts();
    }
  } else if (lost !== 'answerAndRead') {
    for (const row of rows) {
      const reply = await consoleCall(shop, `/affiliates/payouts/${row.id}/paid`, {});
      // A lost answer: the seller never saw it, whatever it was, and presses again later.
      if (lost === 'none' && reply.status !== 200)
        findings.push({ rule: 'PAY', message: `"Marcar como pago" on ${row.id} answered ${reply.status} ${reply.text}` });
    }
  }
  return {
    findings,
    approved: rows.map((row) => row.id),
    netted,
  };
}

/** The next pass (a retry after a lost answer): the worker two minutes on at Efí; by hand, "Marcar como pago" pressed again on every line. */
export async function payAgain(shop: LedgerShop): Promise<ProviderFinding[]> {
  const findings: ProviderFinding[] = [];
  shop.clock.now += 2 * 60_000;
  if (shop.payouts.way === 'efi') {
    await runPayouts(payoutDeps(shop), () => shop.clock.now);
    return findings;
  }
  const manual = await shop.db.db.selectFrom('affiliate_payouts').select('id').where('provider', 'is', null).execute();
  for (const { id } of manual.filter((row) => shop.payouts.approved.has(row.id))) {
    const reply = await consoleCall(shop, `/affiliates/payouts/${id}/paid`, {});
    if (reply.status !== 200)
      findings.push({ rule: 'PAY', message: `"Marcar como pago" pressed again on ${id} answered ${reply.status} ${reply.text}` });
  }
  return findings;
}

/**
 * PAY4, what the seller is shown: each affiliate listed is paid its available less its debt, at or above the minimum and
 * never below zero; one with no payout open whose available less debt reaches the minimum is listed.
 */
async function shownFindings(shop: LedgerShop, shown: AdminPayouts, views: readonly CommissionView[]): Promise<ProviderFinding[]> {
  const findings: ProviderFinding[] = [];
  const affiliates = await shop.db.db.selectFrom('affiliates').select(['id', 'name', 'state', 'payouts_held_until']).execute();
  const open = new Set(
    (await shop.db.db.selectFrom('affiliate_payouts').select('affiliate_id').where('open_for', 'is not', null).execute()).map(
      (row) => row.affiliate_id,
    ),
  );
  for (const affiliate of affiliates) {
    if (affiliate.state === 'pending' || open.has(affiliate.id) || affiliate.payouts_held_until !== null) continue;
    const { availableCents, debtCents } = owed(views, affiliate.id);
    if (availableCents - debtCents >= shown.settings.minCents && !shown.payable.some((line) => line.affiliateId === affiliate.id))
      findings.push({
        rule: 'PAY4',
        message: `${affiliate.name} has ${availableCents} available and ${debtCents} of debt, no payout open, and "Repasses" does not list them`,
      });
  }
  for (const line of shown.payable) {
    const { availableCents, debtCents } = owed(views, line.affiliateId);
    if (line.availableCents !== availableCents || line.debtCents !== debtCents || line.amountCents !== availableCents - debtCents)
      findings.push({
        rule: 'PAY4',
        message: `"Repasses" lists ${line.name}: available ${line.availableCents} − debt ${line.debtCents} = ${line.amountCents}; the commissions say ${availableCents} − ${debtCents}`,
      });
    if (line.amountCents < Math.max(1, shown.settings.minCents))
      findings.push({
        rule: 'PAY4',
        message: `"Repasses" lists ${line.name} for ${line.amountCents}, below the minimum or not a transfer`,
      });
  }
  return findings;
}

/**
 * The payout rules, after every step, over every affiliate of the shop:
 * - PAY1, no commission paid twice: each commission's `paid_cents` is what the confirmed payouts' lines paid of it, so
 *   each affiliate's confirmed payouts sum to their commissions' `paid_cents`;
 * - PAY2, at Efí: each payout's `idEnvio` was sent at most once (the model's faults all fall after Efí made the send, so a
 *   second `PUT` of an id is one sent again blind), Efí holds one send per payout and none under another id, of the
 *   payout's amount, and a payout confirmed is one Efí made (REALIZADO);
 * - PAY3, paid never exceeds what was available when approved: a payout is its lines' sum, above zero, and is the
 *   affiliate's available less debt at approval; each line pays at most what its commission still owed then (an
 *   available one), or nets exactly the debt a commission paid above its amount held;
 * - PAY4, a cut after a payout shows as debt, and the next batch nets it (what "Repasses" lists; with `shown`, once some
 *   payout was confirmed, as no debt exists before).
 */
export async function payoutFindings(shop: LedgerShop, options: { shown?: boolean } = {}): Promise<ProviderFinding[]> {
  const findings: ProviderFinding[] = [];
  const db = shop.db.db;
  const payouts = await db.selectFrom('affiliate_payouts').selectAll().execute();
  if (payouts.length === 0) return findings;
  const lines = await db.selectFrom('affiliate_payout_lines').selectAll().execute();
  const commissions = await db.selectFrom('affiliate_commissions').select(['affiliate_id', 'order_id', 'item', 'paid_cents']).execute();
  const confirmed = new Set(payouts.filter((row) => row.state === 'confirmed').map((row) => row.id));
  const paidByLines = new Map<string, number>();
  for (const line of lines.filter((each) => confirmed.has(each.payout_id))) {
    const key = lineKey(line.order_id, line.item);
    paidByLines.set(key, (paidByLines.get(key) ?? 0) + Number(line.cents));
  }
  const paidOf = new Map<string, number>();
  for (const row of commissions) {
    const key = lineKey(row.order_id, row.item);
    paidOf.set(row.affiliate_id, (paidOf.get(row.affiliate_id) ?? 0) + Number(row.paid_cents));
    if (Number(row.paid_cents) !== (paidByLines.get(key) ?? 0))
      findings.push({
        rule: 'PAY1',
        message: `commission ${key} records ${row.paid_cents} paid; the confirmed payouts' lines paid ${paidByLines.get(key) ?? 0} of it`,
      });
  }
  const confirmedOf = new Map<string, number>();
  for (const row of payouts.filter((each) => each.state === 'confirmed'))
    confirmedOf.set(row.affiliate_id, (confirmedOf.get(row.affiliate_id) ?? 0) + Number(row.amount_cents));
  for (const [affiliateId, cents] of confirmedOf)
    if (cents !== (paidOf.get(affiliateId) ?? 0))
      findings.push({
        rule: 'PAY1',
        message: `affiliate ${affiliateId}: confirmed payouts sum to ${cents}, their commissions' paid_cents to ${paidOf.get(affiliateId) ?? 0}`,
      });

  for (const row of payouts) {
    const own = lines.filter((line) => line.payout_id === row.id);
    const sum = own.reduce((total, line) => total + Number(line.cents), 0);
    const amount = Number(row.amount_cents);
    if (amount <= 0 || sum !== amount)
      findings.push({ rule: 'PAY3', message: `payout ${row.id} sends ${amount}, its lines sum to ${sum}: never a negative transfer` });
    const approved = shop.payouts.approved.get(row.id);
    if (!approved) continue;
    if (amount !== approved.availableCents - approved.debtCents)
      findings.push({
        rule: 'PAY3',
        message: `payout ${row.id} sends ${amount}; at approval the affiliate had ${approved.availableCents} available and ${approved.debtCents} of debt`,
      });
    for (const line of own) {
      const due = approved.due.get(lineKey(line.order_id, line.item));
      const cents = Number(line.cents);
      const fits = due !== undefined && (cents > 0 ? due.available && cents <= due.cents : cents === due.cents);
      if (!fits)
        findings.push({
          rule: 'PAY3',
          message: `payout ${row.id} pays ${cents} of ${lineKey(line.order_id, line.item)}, which owed ${due?.cents ?? 'nothing'}${due?.available ? ' (available)' : ''} at approval`,
        });
    }
  }

  const efi = shop.payouts.efiStandIn?.standIn;
  if (efi) {
    const byId = new Map(payouts.map((row) => [row.id, row]));
    const puts = new Map<string, number>();
    for (const request of efi.requests.filter((each) => each.method === 'PUT' && each.path.startsWith('/v3/gn/pix/'))) {
      const id = request.path.slice('/v3/gn/pix/'.length);
      puts.set(id, (puts.get(id) ?? 0) + 1);
    }
    for (const [id, count] of puts)
      if (byId.has(id) && count > 1) findings.push({ rule: 'PAY2', message: `payout ${id} was sent to Efí ${count} times` });
    for (const envio of efi.envios.values()) {
      const row = byId.get(envio.idEnvio);
      if (!row) continue;
      if (Math.round(Number(envio.valor) * 100) !== Number(row.amount_cents) || row.provider !== 'efi')
        findings.push({
          rule: 'PAY2',
          message: `Efí sent R$ ${envio.valor} under ${envio.idEnvio}, a payout of ${row.amount_cents} (${row.provider})`,
        });
    }
    for (const row of payouts.filter((each) => each.provider === 'efi')) {
      const envio = efi.envios.get(row.id);
      if (row.state === 'confirmed' && envio?.status !== 'REALIZADO')
        findings.push({
          rule: 'PAY2',
          message: `payout ${row.id} is confirmed, and Efí's send under its id is ${envio?.status ?? 'missing'}`,
        });
    }
  }

  // Reading every commission is the costly part: at a batch (approveAndPay) and at the end of a run, not after each step.
  if (options.shown && confirmed.size > 0)
    findings.push(...(await shownFindings(shop, await payoutsView(payoutDeps(shop), shop.clock.now), await allViews(shop))));
  return findings;
}

/** PAY5, at the end of a run: every payout sent at Efí is settled after two passes of the worker (nothing lost). */
export async function drainPayouts(shop: LedgerShop): Promise<ProviderFinding[]> {
  if (shop.payouts.way !== 'efi') return [];
  for (let pass = 0; pass < 2; pass++) {
    shop.clock.now += 2 * 60_000;
    await runPayouts(payoutDeps(shop), () => shop.clock.now);
  }
  const open = await shop.db.db
    .selectFrom('affiliate_payouts')
    .select(['id', 'state'])
    .where('provider', '=', 'efi')
    .where('open_for', 'is not', null)
    .execute();
  return open.map((row) => ({ rule: 'PAY5', message: `payout ${row.id} is still ${row.state} after two passes with Efí answering` }));
}

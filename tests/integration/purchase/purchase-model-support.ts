import type fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueAccessToken } from '../../../src/server/access/access-service.ts';
import { orderContactKey, reviewToken } from '../../../src/server/orders/order-links.ts';
import { shownInOrder } from '../../../src/server/reviews/reviews-repository.ts';
import type { MemberArea } from '../../../src/shared/access.ts';
import type { AdminOrderDetail, AdminOrderList } from '../../../src/shared/admin.ts';
import type { CreatedOrder, OrderStatusReply } from '../../../src/shared/checkout.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../../src/shared/order-view-key.ts';
import { businessDay, businessDayStart } from '../../../src/shared/time.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, postOrder, signInToConsole } from '../../support/clients.ts';
import { orderRow } from '../../support/db-reads.ts';
import { consoleCall as callConsole } from '../../support/purchase.ts';
import { sandboxProvider, type ModelProvider } from './purchase-model-providers.ts';
import type { TestDb } from '../test-db.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * The purchase contract seen from outside: a running shop (the real server over HTTP,
 * the sandbox gateway, a clock the test moves), the buyer's and the seller's actions on it, and
 * the invariants R1–R8 read back from the API, the database and the outbox.
 */
export const PASSWORD = 'senha-do-painel-modelo';
export const GUARANTEE_DAYS = 7;
export const MAIN_PRICE = 1990;
export const BUMP_PRICE = 990;
const DAY = 24 * 60 * 60_000;
const ACCESS_COOKIE = 'vitrine_access';

export interface Shop {
  db: TestDb;
  server: TestServer;
  env: Record<string, string>;
  clock: { now: number };
  admin: string;
  dataDir: string;
  gatewayRefunds: boolean;
  /** Where the buyers pay: the sandbox unless a provider's stand-in is given. */
  provider: ModelProvider;
}

export async function openShop(
  db: TestDb,
  env: Record<string, string>,
  startAt: number,
  provider: ModelProvider = sandboxProvider,
): Promise<Shop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-model-'));
  const fullEnv: Record<string, string> = {
    ADMIN_PASSWORD: PASSWORD,
    DATA_DIR: dataDir,
    MONTHLY_CAPACITY: '100000',
    GUARANTEE_DAYS: String(GUARANTEE_DAYS),
    SUPPORT_EMAIL: 'ajuda@example.com',
    ...provider.env,
    ...env,
  };
  const shop = { db, env: fullEnv, clock: { now: startAt }, dataDir, gatewayRefunds: fullEnv.GATEWAY_REFUNDS === '1', provider } as Shop;
  shop.server = await startTestServer(db, fullEnv, { now: () => shop.clock.now, ...provider.serverOptions });
  await provider.attach?.(shop.server, () => shop.clock.now);
  shop.admin = await signInToConsole(shop.server.url, PASSWORD, consoleOrigin(shop));
  return shop;
}

/** The console is used from the site's own address: PUBLIC_URL when set (a real provider needs one). */
const consoleOrigin = (shop: Shop) => shop.env.PUBLIC_URL ?? shop.server.url;

/** Stops the composed server and starts a new one on the same database (a deploy or a crash-restart). */
export async function restartShop(shop: Shop): Promise<void> {
  await shop.server.background.idle();
  await shop.server.stopJobs();
  await shop.server.stop();
  shop.server = await startTestServer(shop.db, shop.env, { now: () => shop.clock.now, ...shop.provider.serverOptions });
  await shop.provider.attach?.(shop.server, () => shop.clock.now);
  shop.admin = await signInToConsole(shop.server.url, PASSWORD, consoleOrigin(shop));
}

export async function closeShop(shop: Shop | undefined): Promise<void> {
  if (!shop) return;
  await shop.server.background.idle();
  await shop.server.stopJobs();
  await shop.server.stop();
  fs.rmSync(shop.dataDir, { recursive: true, force: true });
}

/** Every queued message due now goes (gateway refunds included), until nothing is left to do. */
export async function drainOutbox(shop: Shop): Promise<void> {
  await shop.server.background.idle();
  for (let round = 0; round < 20 && (await shop.server.outbox.runOnce()) > 0; round++) await shop.server.background.idle();
  await shop.server.background.idle();
}

export interface Buyer {
  name: string;
  email: string;
  phone: string;
  /** The CPF, sent with the order (paying in the bank's app needs it). */
  document?: string;
  /** The affiliate code their visit carried (docs/affiliates.md#links), sent with each of their orders. */
  affiliate?: string;
}

let buyerSerial = 0;
/** Two buyers per run, distinct from every other run's (e-mail and phone). */
export function newBuyer(name: string): Buyer {
  buyerSerial += 1;
  const tag = `${process.pid}x${buyerSerial}x${Math.random().toString(36).slice(2, 7)}`;
  const digits = String(10_000_000 + ((process.pid * 7919 + buyerSerial * 104_729 + Math.floor(Math.random() * 1e6)) % 89_999_999));
  return { name, email: `modelo${tag}@example.com`, phone: `(11) 9${digits.slice(0, 4)}-${digits.slice(4, 8)}` };
}

export const readOrder = (shop: Shop, id: string) => orderRow(shop.db, id);

export async function checkout(shop: Shop, buyer: Buyer, bump: boolean) {
  const viewKey = `vk${newCheckoutKey()}${newCheckoutKey()}`.slice(0, 48);
  const created = await postOrder<CreatedOrder & { error?: string }>(shop.server.url, {
    ...buyer,
    checkoutKey: newCheckoutKey(),
    viewKey,
    bump,
  });
  await shop.server.background.idle();
  return { status: created.status, body: created.body, viewKey };
}

/** The buyer pays the order's PIX at the provider (the sandbox's "Simular pagamento"); its webhook arrives. */
export async function pay(shop: Shop, orderId: string): Promise<void> {
  await shop.provider.pay(shop.server, shop.db, orderId);
  await shop.server.background.idle();
}

export function answerAddon(shop: Shop, orderId: string, viewKey: string, accept: boolean) {
  return fetchFrom(newClientAddress())(`${shop.server.url}/api/orders/${orderId}/addon`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [ORDER_VIEW_KEY_HEADER]: viewKey },
    body: JSON.stringify({ accept }),
  });
}

export async function orderStatus(shop: Shop, orderId: string, viewKey?: string): Promise<OrderStatusReply> {
  const response = await fetch(`${shop.server.url}/api/orders/${orderId}`, {
    headers: viewKey ? { [ORDER_VIEW_KEY_HEADER]: viewKey } : {},
  });
  return (await response.json()) as OrderStatusReply;
}

/** A member-page cookie for the order, as its access link gives (issued now, so never a revoked one). */
export async function memberCookie(shop: Shop, orderId: string): Promise<string> {
  return `${ACCESS_COOKIE}=${await issueAccessToken(shop.db.db, orderId, shop.clock.now)}`;
}

/** What the member page of the purchase shows: 401 (no list), or the lists it opens. */
export async function memberLists(
  shop: Shop,
  cookie: string,
): Promise<{ status: number; lists: Array<'main' | 'bump'>; area?: MemberArea }> {
  const response = await fetch(`${shop.server.url}/api/access`, { headers: { Cookie: cookie } });
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status, lists: [] };
  }
  const area = (await response.json()) as MemberArea;
  const lists: Array<'main' | 'bump'> = ['main'];
  if (area.extraLists.some((list) => list.key !== 'suppliers')) lists.push('bump');
  return { status: 200, lists, area };
}

export type RefundRoute = 'member' | 'page';

/** "Pedir reembolso" on the member page (its cookie) or on the order page (the e-mailed contact key). */
export async function askRefund(shop: Shop, mainId: string, route: RefundRoute, body: Record<string, unknown> = { confirm: true }) {
  const order = await readOrder(shop, mainId);
  const response =
    route === 'member'
      ? await fetch(`${shop.server.url}/api/access/refund`, {
          method: 'POST',
          headers: { Cookie: await memberCookie(shop, mainId), 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      : await fetch(`${shop.server.url}/api/order-page/${order.public_ref}/refund`, {
          method: 'POST',
          headers: { 'X-Order-Contact': orderContactKey(order), 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
  const text = await response.text();
  await shop.server.background.idle();
  return { status: response.status, text };
}

export async function consoleCall(shop: Shop, route: string, body?: unknown, retried = false): Promise<ConsoleReply> {
  const response = await callConsole(shop.server.url, shop.admin, route, body, { origin: consoleOrigin(shop) });
  const text = await response.text();
  await shop.server.background.idle();
  // The seller's session ends after a while idle (the test's clock jumps days): sign in again.
  if (response.status === 401 && !retried) {
    shop.admin = await signInToConsole(shop.server.url, PASSWORD, consoleOrigin(shop));
    return consoleCall(shop, route, body, true);
  }
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

interface ConsoleReply {
  status: number;
  text: string;
  json: () => unknown;
}

export type SellerAction = 'approve' | 'decline' | 'mark';

/** "Reembolsar", "Recusar" (with a reason) or "Marcar como reembolsado" on the order's console page. */
export function sellerActs(shop: Shop, orderId: string, action: SellerAction) {
  if (action === 'approve') return consoleCall(shop, `/orders/${orderId}/refund/start`, {});
  if (action === 'decline') return consoleCall(shop, `/orders/${orderId}/refund/decline`, { reason: 'A lista foi usada e copiada.' });
  return consoleCall(shop, `/orders/${orderId}/refund`, {});
}

export async function eraseBuyer(shop: Shop, email: string) {
  return consoleCall(shop, '/buyer/delete', { email, confirmation: email });
}

/** Every order the console lists under "Reembolsos pedidos". */
export async function refundList(shop: Shop): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; page < 100; page++) {
    const reply = await consoleCall(shop, `/orders?status=refund_requested&page=${page}`);
    const list = reply.json() as AdminOrderList;
    for (const row of list.orders) ids.add(row.id);
    if (page * list.pageSize >= list.total) break;
  }
  return ids;
}

export type Detail = AdminOrderDetail & { purchase?: PurchaseFigures };
export interface PurchaseFigures {
  mainOrderId: string;
  paidCents: number;
  refundedCents: number;
  openCents: number;
  owedCents: number;
  items: Array<{
    orderId: string;
    key: 'main' | 'bump';
    title: string;
    priceCents: number;
    state: 'unpaid' | 'open' | 'refunding' | 'refunded' | 'owed';
    paidAt: number | null;
    guaranteeEndsAt: number | null;
  }>;
}

export async function orderDetail(shop: Shop, orderId: string): Promise<Detail> {
  return (await consoleCall(shop, `/orders/${orderId}`)).json() as Detail;
}

export const reviewText = (version: number) => `A lista me ajudou a achar fornecedores bons, versão ${version} do meu texto.`;

export function writeReview(shop: Shop, order: { public_ref: string; id: string; postback_secret: string }, version: number) {
  return fetchFrom(newClientAddress())(`${shop.server.url}/api/reviews/${order.public_ref}`, {
    method: 'POST',
    headers: { 'X-Review-Token': reviewToken(order), 'Content-Type': 'application/json' },
    body: JSON.stringify({ rating: 5, text: reviewText(version), displayName: 'Comprador M.', consent: true }),
  });
}

export function withdrawReview(shop: Shop, order: { public_ref: string }) {
  return fetchFrom(newClientAddress())(`${shop.server.url}/api/reviews/${order.public_ref}/withdraw`, {
    method: 'POST',
    headers: { 'X-Review-Token': reviewToken(order as never) },
  });
}

/** When an item paid at `paidAt` stops being refundable: the end of the São Paulo day GUARANTEE_DAYS later. */
export function windowEnd(paidAt: number): number {
  return businessDayStart(businessDay(paidAt), GUARANTEE_DAYS + 1);
}

/** The next São Paulo midnight after `at`. */
export function nextMidnight(at: number): number {
  return businessDayStart(businessDay(at), 1);
}

export const publishedReviewOrders = async (shop: Shop) => new Set((await shownInOrder(shop.db.db)).map((row) => row.order_id));

export { DAY };

/** One command of a model run: what it does to the shop, then the rules read back after it (`verify`). */
export abstract class ModelStep<M extends object, S extends Shop> implements fc.AsyncCommand<M, S> {
  check(): boolean {
    return true;
  }
  abstract act(model: M, shop: S): Promise<void>;
  protected abstract verify(model: M, shop: S): Promise<void>;
  async run(model: M, shop: S): Promise<void> {
    await this.act(model, shop);
    await shop.server.background.idle();
    await this.verify(model, shop);
  }
  abstract toString(): string;
}

export type ClockMove = '1h' | '20h' | '3d' | '6d' | 'midnight-1m' | 'midnight+1m' | '8d';
export const CLOCK_MOVES: readonly ClockMove[] = ['1h', '20h', '3d', '6d', 'midnight-1m', 'midnight+1m', '8d'];

/** The shop's clock moved on (at least a second), and what fell due sent. */
export async function moveClock(shop: Shop, move: ClockMove): Promise<void> {
  const now = shop.clock.now;
  const moves: Record<ClockMove, number> = {
    '1h': now + 60 * 60_000,
    '20h': now + 20 * 60 * 60_000,
    '3d': now + 3 * DAY,
    '6d': now + 6 * DAY,
    'midnight-1m': nextMidnight(now) - 60_000,
    'midnight+1m': nextMidnight(now) + 60_000,
    '8d': now + 8 * DAY,
  };
  shop.clock.now = Math.max(now + 1000, moves[move]);
  await drainOutbox(shop);
}

/**
 * The rules PURCHASE_MODEL_SKIP names (e.g. `R3,P2`): left unchecked, to look for failures of the
 * others behind rules known to be broken.
 */
export const SKIPPED_RULES: ReadonlySet<string> = new Set(
  (process.env.PURCHASE_MODEL_SKIP ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

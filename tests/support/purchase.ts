import { expect } from 'vitest';
import { issueAccessToken } from '../../src/server/access/access-service.ts';
import type { Db } from '../../src/server/db/database.ts';
import type { CreatedOrder } from '../../src/shared/checkout.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../src/shared/order-view-key.ts';
import { SANDBOX_TOKEN } from '../../src/server/compose.ts';
import { SANDBOX_OFFER_HASH } from '../../src/server/gateway/demo-sandbox.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, postOrder, uniqueBuyer } from './clients.ts';
import { orderRow, setSandboxCharge } from './db-reads.ts';
import type { ChargeLedger } from './providers/tribopay/tribopay-stand-in.ts';

/**
 * A buyer's purchase as the tests make it over real HTTP: the checkout, the payment (the sandbox
 * gateway's, or any gateway's postback), the member page's cookie, the console's calls, and the
 * outbox run until it has nothing due.
 */
type Buyer = ReturnType<typeof uniqueBuyer>;

/** A server in this process: its address, and the work it runs after answering. */
interface Running {
  url: string;
  background: { idle(): Promise<void> };
}

/**
 * "Gerar PIX": one POST /api/orders from a client address of its own, expected to create the
 * order (201). `fields` adds to the buyer and checkout key (tracking consent, the bump, a viewKey).
 * `reply` is the checkout's JSON answer (the PIX code, the order page's reference…).
 */
export async function buy<Reply extends { orderId: string } = CreatedOrder>(
  server: Pick<Running, 'url'>,
  options: { buyer?: Buyer; fields?: Record<string, unknown> } = {},
): Promise<{ orderId: string; buyer: Buyer; reply: Reply }> {
  const buyer = options.buyer ?? uniqueBuyer();
  const created = await postOrder<Reply>(server.url, { ...buyer, checkoutKey: newCheckoutKey(), ...options.fields });
  expect(created.status).toBe(201);
  return { orderId: created.body.orderId, buyer, reply: created.body };
}

/**
 * A buyer checks out and pays, in the sandbox or, given the gateway stand-in's `ledger`, there;
 * returns the order as stored once paid.
 */
export async function buyAndPay(
  running: { server: Running; db: Db },
  options: { buyer?: Buyer; fields?: Record<string, unknown>; ledger?: ChargeLedger } = {},
) {
  const { server, db } = running;
  const { orderId, buyer } = await buy(server, options);
  if (options.ledger) await ledgerSays(server, db, options.ledger, orderId);
  else await sandboxSays(server, db, orderId, 'paid');
  return { orderId, buyer, order: await orderRow(db, orderId) };
}

/**
 * The sandbox marks the order's charge `status`, and the gateway's postback reaches the server,
 * carrying the order's secret as the real one would. Returns the postback's HTTP status.
 */
async function postSandboxStatus(
  server: { url: string },
  db: Pick<Db, 'db'>,
  orderId: string,
  status: 'paid' | 'refunded',
): Promise<number> {
  const order = await orderRow(db, orderId);
  await setSandboxCharge(db, order.charge_id!, status);
  return postbackFor(server, order, order.charge_id!, status);
}

/**
 * The gateway's postback for `order`, as anyone holding its secret can send it, naming the
 * transaction `hash` (not always the order's own); returns its HTTP status.
 */
export async function postbackFor(
  server: { url: string },
  order: { id: string; postback_secret: string },
  hash: string,
  status: 'paid' | 'refunded' = 'paid',
): Promise<number> {
  const response = await fetch(`${server.url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hash, payment_status: status }),
  });
  return response.status;
}

/**
 * The sandbox gateway says the order's charge is now `status`, and its postback reaches the
 * server, which re-reads the charge (as with a real gateway); resolves once that work is done.
 */
export async function sandboxSays(
  server: Running,
  db: Pick<Db, 'db'>,
  orderId: string,
  status: 'paid' | 'refunded' = 'paid',
): Promise<void> {
  const answered = await postSandboxStatus(server, db, orderId, status);
  if (answered !== 200) throw new Error(`postback answered ${answered}`);
  await server.background.idle();
}

/**
 * The buyer pays the order's charge at the gateway stand-in (its `ledger`), and the gateway's
 * postback reaches the server; resolves once that work is done.
 */
export async function ledgerSays(server: Running, db: Pick<Db, 'db'>, ledger: ChargeLedger, orderId: string): Promise<void> {
  await server.background.idle();
  const { hash } = ledger.pay(ledger.byOrder.get(orderId)!.hash);
  const answered = await postbackFor(server, await orderRow(db, orderId), hash);
  if (answered !== 200) throw new Error(`postback answered ${answered}`);
  await server.background.idle();
}

/** The buyer pays at the gateway; returns the postback's status (the caller awaits the outcome). */
export function payBySandboxPostback(server: { url: string }, db: Pick<Db, 'db'>, orderId: string): Promise<number> {
  return postSandboxStatus(server, db, orderId, 'paid');
}

/** Runs the outbox until it finds nothing due (the e-mails, the seller's webhooks, a refund at the provider). */
export async function drainOutbox(server: { background: { idle(): Promise<void> }; outbox: { runOnce(): Promise<number> } }) {
  await server.background.idle();
  while ((await server.outbox.runOnce()) > 0) await server.background.idle();
}

/** The buyer opens an e-mailed access link: its token, and the member page's cookie. */
export async function memberVisit(
  url: string,
  db: Pick<Db, 'db'>,
  orderId: string,
  now: number,
): Promise<{ token: string; cookie: string }> {
  const token = await issueAccessToken(db.db, orderId, now);
  const visit = await fetch(`${url}/acesso/${token}`, { redirect: 'manual' });
  expect(visit.status).toBe(303);
  return { token, cookie: visit.headers.getSetCookie()[0]!.split(';')[0]! };
}

/** The buyer opens the e-mailed access link: the member page's cookie. */
export async function memberCookie(url: string, db: Pick<Db, 'db'>, orderId: string, now: number): Promise<string> {
  return (await memberVisit(url, db, orderId, now)).cookie;
}

/**
 * A call to the seller's console API (`/api/admin{path}`) with its session `cookie`: a GET, or a
 * POST of `body` as JSON. `origin`: the browser's (the server's own URL unless PUBLIC_URL sets
 * another); `null` sends none.
 */
export function consoleCall(
  url: string,
  cookie: string,
  path: string,
  body?: unknown,
  options: { method?: 'GET' | 'POST'; origin?: string | null } = {},
): Promise<Response> {
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const json = method === 'POST' ? JSON.stringify(body ?? {}) : undefined;
  const origin = options.origin === undefined ? url : options.origin;
  return fetch(`${url}/api/admin${path}`, {
    method,
    headers: {
      Cookie: cookie,
      ...(origin === null ? {} : { Origin: origin }),
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: json }),
  });
}

/** "Pedir reembolso" on the member page, with `body` (confirmed unless it says otherwise): its status and JSON reply. */
export async function askRefund<Reply = { error?: string; guarantee?: { request?: { status: string } } }>(
  url: string,
  cookie: string,
  body: unknown = { confirm: true },
): Promise<{ status: number; body: Reply }> {
  const response = await fetch(`${url}/api/access/refund`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Reply };
}

/**
 * A R$ 19,90 PIX charge asked of the demo's sandbox gateway directly, as a script could, from the
 * client address `from`; `extra` adds to its body (a `postback_url`).
 */
export function postSandboxCharge(
  url: string,
  customer: { name: string; email: string; phone_number: string },
  extra: Record<string, unknown> = {},
  from = newClientAddress(),
): Promise<Response> {
  return fetchFrom(from)(`${url}/sandbox/public/v1/transactions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      api_token: SANDBOX_TOKEN,
      amount: 1990,
      payment_method: 'pix',
      installments: 1,
      offer_hash: SANDBOX_OFFER_HASH,
      customer,
      ...extra,
    }),
  });
}

/** A paid purchase whose buyer then takes the add-on offered after payment, and pays it: the main's and the add-on's ids. */
export async function buyWithPaidAddon(running: { server: Running; db: Db }, buyer = uniqueBuyer('Lívia Castro')) {
  const viewKey = `vk${newCheckoutKey()}${newCheckoutKey()}`.slice(0, 48);
  const main = await buyAndPay(running, { buyer, fields: { viewKey } });
  const accepted = await fetch(`${running.server.url}/api/orders/${main.orderId}/addon`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [ORDER_VIEW_KEY_HEADER]: viewKey },
    body: JSON.stringify({ accept: true }),
  });
  expect(accepted.status).toBe(201);
  const addonId = ((await accepted.json()) as { orderId: string }).orderId;
  await running.server.background.idle();
  await sandboxSays(running.server, running.db, addonId, 'paid');
  await running.server.background.idle();
  return { mainId: main.orderId, addonId };
}

import { Hono, type Context } from 'hono';
import { buildPixBrCode } from '../../../../src/server/gateway/br-code.ts';
import { createGatewayClient, type GatewayClientOptions } from '../../../../src/server/gateway/providers/tribopay/tribopay-client.ts';
import { createLogger } from '../../../../src/server/lib/logger.ts';
import { REAL_GATEWAY_TEST_ENV } from '../../real-gateway-env.ts';
import { createStandInKit, type Fault, type StandInRequest } from '../../stand-ins/kit.ts';

/**
 * The payment gateway's stand-in on a loopback port, for every test that talks to "the gateway"
 * over real HTTP (docs/gateway.md): the products list, charge creation, the transaction read and
 * the refund. Each test scripts how those four answer, from the replies below (every odd shape and
 * error the gateway notes record) or its own, or meets a scripted fault (`scriptNext`); every request is recorded. `rememberCharges()` makes
 * it behave like the real one, charges that stay until the test says the buyer paid, and refunds
 * that answer as `ledger.answerRefunds()` says.
 */

/** A request as the gateway received it; its path as sent, still percent-encoded (`/public/v1/transactions/a%2Fb`). */
export type GatewayRequest = StandInRequest;

type GatewayRoute = 'products' | 'create' | 'read' | 'refund';

export type GatewayAnswer = (c: Context, request: GatewayRequest) => Response | Promise<Response>;
/** An answer about one transaction, named by its (decoded) hash. */
export type TransactionAnswer = (c: Context, hash: string, request: GatewayRequest) => Response | Promise<Response>;

export interface GatewayStandIn {
  /** The gateway's base URL (PROVIDER_URL), base path included. */
  url: string;
  readonly requests: GatewayRequest[];
  /** GET {url}/public/v1/products */
  onProducts: GatewayAnswer;
  /** POST {url}/public/v1/transactions */
  onCreate: GatewayAnswer;
  /** GET {url}/public/v1/transactions/{hash} (the hash decoded) */
  onRead: TransactionAnswer;
  /** POST {url}/public/v1/transactions/{hash}/refund (the hash decoded) */
  onRefund: TransactionAnswer;
  /** The next request to `route` meets `fault` instead of its `on…` answer. */
  scriptNext(route: GatewayRoute, fault: Fault): void;
  clearScripts(): void;
  /** The charge POSTs received so far. */
  charges(): GatewayRequest[];
  /** How many refund POSTs named `hash` so far: what a test asserts "never refunded twice" with. */
  refundCalls(hash: string): number;
  /** Answers like the real gateway from now on: each POST creates a waiting transaction, each GET reads it. */
  rememberCharges(options?: { expiresAt?: string }): ChargeLedger;
  stop(): Promise<void>;
}

/** The product the stand-in lists by default (PRODUCT_HASH of servers pointed at it). */
export const standInProduct = {
  hash: 'prd_standin',
  title: 'Lista de Fornecedores Secretos Vitalícia',
  cover: null,
  offers: [{ hash: 'off_standin', title: null, price: 1990, status: 1 }],
  status: 1,
};
export const STAND_IN_PRODUCT_HASH = standInProduct.hash;
/** The PROVIDER_TOKEN of servers pointed at the stand-in (logs and pages must never show it). */
export const STAND_IN_TOKEN = 'tok_standin_secret';

/** Replies the gateway gives, good and bad, to script the stand-in with. */
export const gatewayReplies = {
  /** A products page, in the gateway's `{ data, links }` shape. */
  products: (c: Context, products: unknown[] = [standInProduct], next: string | null = null) => c.json({ data: products, links: { next } }),
  /** A charge waiting for payment, with the PIX code where TriboPay puts it. */
  waitingCharge: (c: Context, hash: string, pixCode: string | null, status: 201 | 200 = 201) =>
    c.json({ hash, amount: 1990, payment_status: 'waiting_payment', pix: { pix_qr_code: pixCode } }, status),
  /** An error with the gateway's `{ message }` body. */
  message: (c: Context, status: 400 | 401 | 404 | 422 | 500 | 503, message: string) => c.json({ message }, status),
  /** A Laravel validation error: the messages by field, and a summary. */
  validation: (c: Context, errors: Record<string, string[]>, message = Object.values(errors).flat()[0] ?? '') =>
    c.json({ success: false, message, errors }, 422),
  /** A status without a body. */
  empty: (c: Context, status: 401 | 500 | 503) => c.body(null, status),
  /** The transaction read of a hash the gateway does not know. */
  unknownTransaction: (c: Context) => c.json({ message: 'Transação não encontrada' }, 404),
  /** A request the test did not script. */
  notScripted: (c: Context) => c.json({ message: 'not scripted' }, 500),
  /** Takes the request and never answers. */
  hang: () => new Promise<Response>(() => undefined),
};

/**
 * What a server pointed at the stand-in needs (`extra` adds to it or overrides it, e.g. its own
 * PROVIDER_TOKEN): a fixed customer document, since the checkout form does not ask for one.
 */
export function standInEnv(gateway: { url: string }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...REAL_GATEWAY_TEST_ENV,
    PROVIDER_URL: gateway.url,
    PROVIDER_TOKEN: STAND_IN_TOKEN,
    PRODUCT_HASH: STAND_IN_PRODUCT_HASH,
    CUSTOMER_DOCUMENT: '52998224725',
    ...extra,
  };
}

/** The real gateway client pointed at the stand-in, silent, and quick to give up (300 ms). */
export function standInGatewayClient(gateway: { url: string }, options: Partial<GatewayClientOptions> = {}) {
  return createGatewayClient({
    baseUrl: gateway.url,
    token: STAND_IN_TOKEN,
    productHash: STAND_IN_PRODUCT_HASH,
    logger: createLogger({ level: 'error', sink: { write: () => undefined } }),
    timeoutMs: 300,
    ...options,
  });
}

/** The POSTs the gateway received whose postback URL names `orderId` (one per charge requested for it). */
export function chargeRequestsFor(gateway: GatewayStandIn, orderId: string): GatewayRequest[] {
  return gateway
    .charges()
    .filter((request) => String((request.body as { postback_url?: string } | null)?.postback_url ?? '').includes(`t=${orderId}.`));
}

/** `basePath`: where the API sits on the stand-in's host (the client is given `{url}` with it). */
export async function startGatewayStandIn(options: { basePath?: string } = {}): Promise<GatewayStandIn> {
  const app = options.basePath ? new Hono().basePath(options.basePath) : new Hono();
  const kit = createStandInKit<GatewayRoute>({ errorBody: () => ({ message: 'Server Error' }) });
  const gateway: GatewayStandIn = {
    url: '',
    requests: kit.requests,
    scriptNext: kit.script,
    clearScripts: kit.clearScripts,
    onProducts: (c) => gatewayReplies.products(c),
    onCreate: (c) => gatewayReplies.notScripted(c),
    onRead: (c) => gatewayReplies.unknownTransaction(c),
    onRefund: (c) => gatewayReplies.notScripted(c),
    charges: () => gateway.requests.filter((request) => request.method === 'POST' && !request.path.endsWith('/refund')),
    refundCalls: (hash) =>
      gateway.requests.filter(
        (request) => request.method === 'POST' && decodeURIComponent(request.path).endsWith(`/public/v1/transactions/${hash}/refund`),
      ).length,
    rememberCharges: (ledgerOptions) => rememberCharges(gateway, ledgerOptions),
    stop: kit.stop,
  };
  app.use('*', kit.record);
  app.get('/public/v1/products', (c) => kit.answer(c, 'products', () => gateway.onProducts(c, kit.recorded(c))));
  app.post('/public/v1/transactions', (c) => kit.answer(c, 'create', () => gateway.onCreate(c, kit.recorded(c))));
  app.get('/public/v1/transactions/:hash', (c) => kit.answer(c, 'read', () => gateway.onRead(c, c.req.param('hash'), kit.recorded(c))));
  app.post('/public/v1/transactions/:hash/refund', (c) =>
    kit.answer(c, 'refund', () => gateway.onRefund(c, c.req.param('hash'), kit.recorded(c))),
  );
  gateway.url = `${(await kit.listen(app.fetch)).url}${options.basePath ?? ''}`;
  return gateway;
}

/**
 * The buyer pays `orderId`'s charge at the bank: the ledger's charge reads paid, and the gateway's
 * postback reaches `serverUrl` (the server under test, whatever host its PUBLIC_URL names).
 * Resolves with the server's answer status.
 */
export async function payAndPostBack(ledger: ChargeLedger, serverUrl: string, orderId: string): Promise<number> {
  const transaction = ledger.pay(ledger.byOrder.get(orderId)!.hash);
  const postback = new URL(transaction.postbackUrl);
  const answer = await fetch(`${serverUrl}${postback.pathname}${postback.search}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ledger.toJson(transaction)),
  });
  await answer.body?.cancel();
  return answer.status;
}

/** A charge the gateway remembers. */
export interface LedgerTransaction {
  hash: string;
  amount: number;
  status: 'waiting_payment' | 'paid' | 'pending_refund' | 'refunded';
  /** Our server's postback URL for this charge (`…/api/webhooks/gateway?t={order}.{secret}`). */
  postbackUrl: string;
  orderId: string;
  pixCode: string;
  /** The `tracking` object the charge was created with (utm_*, src), as the gateway keeps it. */
  tracking: Record<string, string>;
  /** The first cart line's product (the read-back's `product.hash`), the stand-in's product when none. */
  productHash: string;
}

/**
 * How the ledger answers `POST /transactions/{hash}/refund` (docs/gateway.md#11-refunds). A hash it
 * does not know gets 404; a transaction that is not `paid` gets 422 (`Transaction already refunded`
 * once refunded or refunding), whatever the behaviour, so a second call never refunds twice.
 */
export type RefundBehaviour =
  /** 200 with the transaction, which reads `refunded` from then on (the default). */
  | { kind: 'refunds' }
  /** 200 with the transaction reading `pending_refund`, and so do reads until `ledger.finishRefund(hash)`. */
  | { kind: 'pending' }
  /**
   * That status with `{ message }` (none: an empty body). `refundsAnyway`: the refund is made all
   * the same, as when a 5xx is written after the money moved.
   */
  | { kind: 'fails'; status: 400 | 404 | 422 | 500 | 502 | 503; message?: string; refundsAnyway?: boolean }
  /**
   * Takes the request and answers (200, the transaction) only after `ms` (default 1 s, so past the
   * client's 300 ms and still bounded). `refundsAnyway`: the refund is made when the request arrives.
   */
  | { kind: 'hangs'; ms?: number; refundsAnyway?: boolean };

/**
 * The stand-in's memory of its charges, like the real gateway's: the test decides when a buyer
 * pays. Several server instances share it, exactly as they share the seller's real gateway account.
 */
export interface ChargeLedger {
  transactions: Map<string, LedgerTransaction>;
  byOrder: Map<string, LedgerTransaction>;
  /** Charges created since `rememberCharges()`. */
  charges(): number;
  /** The buyer pays the charge: the next read answers paid. */
  pay(hash: string): LedgerTransaction;
  /** How refunds are answered from now on (`{ kind: 'refunds' }` until a test says otherwise). */
  answerRefunds(behaviour: RefundBehaviour): void;
  /** A refund left `pending_refund` is done: the next read answers refunded. */
  finishRefund(hash: string): LedgerTransaction;
  /** The transaction as the gateway shows it, in TriboPay's shape (also the postback body). */
  toJson(transaction: LedgerTransaction): Record<string, unknown>;
}

/**
 * Charges made by every ledger of this test process: the real gateway never hands out one hash
 * twice, and a server that outlives a ledger (a test that starts another) refuses a taken one.
 */
let chargesIssued = 0;

function rememberCharges(gateway: GatewayStandIn, options: { expiresAt?: string } = {}): ChargeLedger {
  const transactions = new Map<string, LedgerTransaction>();
  const byOrder = new Map<string, LedgerTransaction>();

  const toJson = (transaction: LedgerTransaction) => ({
    hash: transaction.hash,
    amount: transaction.amount,
    payment_method: 'pix',
    payment_status: transaction.status,
    pix: { pix_qr_code: transaction.pixCode, pix_url: transaction.pixCode, qr_code_base64: null },
    product: { hash: transaction.productHash },
    postback_url: transaction.postbackUrl,
    ...(options.expiresAt ? { expires_at: options.expiresAt } : {}),
    // The charge's tracking comes back as top-level utm_* fields, "null" when not sent (docs/gateway.md).
    ...Object.fromEntries(
      ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'].map((key) => [key, transaction.tracking[key] ?? 'null']),
    ),
  });

  gateway.onCreate = (c, { body }) => {
    const request = (body ?? {}) as {
      amount?: number;
      postback_url?: string;
      tracking?: Record<string, string>;
      cart?: Array<{ product_hash?: string }>;
    };
    chargesIssued += 1;
    const hash = `tx${String(chargesIssued).padStart(8, '0')}`;
    const postbackUrl = request.postback_url ?? '';
    const orderId = postbackUrl ? ((new URL(postbackUrl).searchParams.get('t') ?? '').split('.')[0] ?? '') : '';
    const amount = request.amount ?? 0;
    const pixCode = buildPixBrCode({
      key: '4f2a9c1e-7b3d-4e8a-9f60-5c1d2b3a4e5f',
      amountCents: amount,
      merchantName: 'LOJA TESTE',
      merchantCity: 'SAO PAULO',
      txid: hash,
    });
    const transaction: LedgerTransaction = {
      hash,
      amount,
      status: 'waiting_payment',
      postbackUrl,
      orderId,
      pixCode,
      tracking: request.tracking ?? {},
      productHash: request.cart?.[0]?.product_hash ?? STAND_IN_PRODUCT_HASH,
    };
    transactions.set(hash, transaction);
    byOrder.set(orderId, transaction);
    return c.json(toJson(transaction), 201);
  };
  gateway.onRead = (c, hash) => {
    const transaction = transactions.get(hash);
    return transaction ? c.json(toJson(transaction)) : gatewayReplies.unknownTransaction(c);
  };
  const known = (hash: string) => {
    const transaction = transactions.get(hash);
    if (!transaction) throw new Error(`the stand-in has no charge ${hash}`);
    return transaction;
  };
  const answerRefunds = (behaviour: RefundBehaviour) => {
    gateway.onRefund = (c, hash) => {
      const transaction = transactions.get(hash);
      if (!transaction) return gatewayReplies.unknownTransaction(c);
      if (transaction.status !== 'paid') {
        const refunded = transaction.status === 'refunded' || transaction.status === 'pending_refund';
        return c.json({ message: refunded ? 'Transaction already refunded' : 'Only paid transactions can be refunded' }, 422);
      }
      if (behaviour.kind === 'fails') {
        if (behaviour.refundsAnyway) transaction.status = 'refunded';
        return behaviour.message === undefined ? c.body(null, behaviour.status) : c.json({ message: behaviour.message }, behaviour.status);
      }
      if (behaviour.kind === 'pending') transaction.status = 'pending_refund';
      else if (behaviour.kind === 'refunds' || behaviour.refundsAnyway) transaction.status = 'refunded';
      if (behaviour.kind !== 'hangs') return c.json(toJson(transaction));
      return new Promise<Response>((resolve) => setTimeout(() => resolve(c.json(toJson(transaction))), behaviour.ms ?? 1_000));
    };
  };
  answerRefunds({ kind: 'refunds' });
  return {
    transactions,
    byOrder,
    charges: () => transactions.size,
    pay: (hash) => {
      const transaction = known(hash);
      transaction.status = 'paid';
      return transaction;
    },
    answerRefunds,
    finishRefund: (hash) => {
      const transaction = known(hash);
      if (transaction.status !== 'pending_refund') throw new Error(`the stand-in's charge ${hash} has no refund under way`);
      transaction.status = 'refunded';
      return transaction;
    },
    toJson,
  };
}

/** TriboPay's variables pointed at its stand-in, as the tests through the server set them. */
export const tribopayVariables = (gateway: { url: string }) => ({
  PROVIDER_URL: gateway.url,
  PROVIDER_TOKEN: STAND_IN_TOKEN,
  PRODUCT_HASH: STAND_IN_PRODUCT_HASH,
});

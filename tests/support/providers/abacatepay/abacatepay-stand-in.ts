import { createHmac, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { buildPixBrCode } from '../../../../src/server/gateway/br-code.ts';
import { createStandInKit, type Fault, type StandInRequest, type WebhookDelivery } from '../../stand-ins/kit.ts';

/**
 * AbacatePay's API v2 transparent checkout on a loopback port, built from its public documentation
 * (sources listed in tests/integration/gateway/provider-abacatepay.test.ts, and for the dispute events in
 * tests/integration/gateway/provider-disputes.test.ts): create, check, list,
 * simulate-payment (dev mode) and refund, each request checked against the documented shape,
 * answers in the `{ data, error, success }` envelope, and the documented webhook sent to the
 * seller's URL, with `?webhookSecret=`, `X-Webhook-Secret` and `X-Webhook-Signature` as AbacatePay
 * sends them.
 *
 * And PIX out from the seller's balance, from github.com/AbacatePay/documentation (docs.abacatepay.com):
 * - `POST /v2/pix/send` (pages/pix/create.mdx, openapi.yaml `/pix/send`): `{ amount, externalId, description?, pix: { key,
 *   type } }`, nothing else, `externalId` required, amount at least R$ 1,00 (https://docs.abacatepay.com/pages/dinheiro/enviar-pix);
 *   answered with a `PixTransaction` (pages/pix/reference.mdx) born `COMPLETE`, its `platformFee` taken out of `amount` and
 *   the whole `amount` out of the balance; "Função não habilitada" when the feature is off on the account; 429 past the limit.
 * - `GET /v2/pix/get?id=|externalId=` (openapi.yaml `/pix/get`): the same `PixTransaction`, 404 "PIX não encontrado com o ID
 *   ou externalId fornecido".
 * - The bank's word later (https://docs.abacatepay.com/pages/dinheiro/enviar-pix, pages/webhooks/events/transfers.mdx):
 *   `transfer.completed`, or the send turned `FAILED`, the amount back in the balance and `transfer.failed`.
 * The documents give no words for a short balance, an unknown key or a repeated externalId: the stand-in answers 400 with
 * "Saldo insuficiente", "Chave Pix inválida" and "externalId já utilizado", the adapter reading each by its words.
 */

/** pages/webhooks/security.mdx: the public key every AbacatePay webhook body is signed with. */
const WEBHOOK_SIGNING_KEY =
  't9dXRhHHo3yDEj5pVDYz0frf7q6bMKyMRmxxCPIPp3RCplBfXRxqlC6ZpiWmOqj4L63qEaeUOtrCI8P0VMUgo6iIga2ri9ogaHFs0WIIywSMg0q7RmBfybe1E5XJcfC4IW3alNqym0tXoAKkzvfEjZxV6bE0oG2zJrNNYmUCKZyV0KZ3JS8Votf9EAWWYdiDkMkpbMdPggfh1EqHlVkMiTady6jOR3hyzGEHrIz2Ret0xHKMbiqkr9HS1JhNHDX9';

export function signAbacateBody(rawBody: string): string {
  return createHmac('sha256', WEBHOOK_SIGNING_KEY).update(rawBody, 'utf8').digest('base64');
}

export type AbacateStatus = 'PENDING' | 'PAID' | 'EXPIRED' | 'CANCELLED' | 'REFUNDED' | 'UNDER_DISPUTE';

export interface StandInCharge {
  id: string;
  amount: number;
  status: AbacateStatus;
  externalId: string | null;
  body: Record<string, unknown>;
  expiresAt: string;
  refundPublicId: string | null;
  /** The PIX copy-and-paste code its replies carry (what the buyer's page must show). */
  brCode: string;
}

type Route = 'create' | 'check' | 'list' | 'simulate' | 'refund' | 'pixSend' | 'pixGet';

/** A `/pix/send` as AbacatePay holds it (pages/pix/reference.mdx `PixTransaction`), with what reached the receiver. */
export interface StandInSend {
  id: string;
  externalId: string;
  amount: number;
  platformFee: number;
  status: 'COMPLETE' | 'FAILED';
  key: string;
  keyType: string;
  /** What the receiver's bank credited: `amount − platformFee` once settled, 0 while not or when it failed. */
  receivedCents: number;
  endToEndIdentifier: string;
  createdAt: string;
  updatedAt: string;
}

export interface AbacatepayStandIn {
  url: string;
  apiKey: string;
  readonly requests: StandInRequest[];
  charges: Map<string, StandInCharge>;
  /** Dev-mode key (simulate-payment works) or production key (it answers an error). */
  devMode: boolean;
  /** The webhook registered in the dashboard: where events go, and its secret. */
  webhook: { url: string; secret: string } | null;
  /** Webhook deliveries made, as sent. */
  deliveries: WebhookDelivery[];
  /** The next request to `route` meets `fault` instead of the documented answer. */
  scriptNext(route: Route, fault: Fault): void;
  clearScripts(): void;
  /** The buyer paid: status PAID and `transparent.completed` sent to the webhook. */
  markPaid(id: string): Promise<void>;
  /**
   * The payer contests the PIX (pages/webhooks/reference.mdx): status UNDER_DISPUTE (openapi.yaml) and
   * `transparent.disputed` sent, or `checkout.disputed` with `data.checkout` (pages/webhooks/events/checkout.mdx).
   */
  dispute(id: string, options?: { as?: 'transparent' | 'checkout' }): Promise<void>;
  /** The dispute is lost: `transparent.lost` (or `checkout.lost`) sent. The status after it is undocumented: left as is. */
  loseDispute(id: string, options?: { as?: 'transparent' | 'checkout' }): Promise<void>;
  /** PIX sent by `/pix/send`, by externalId. */
  sends: Map<string, StandInSend>;
  /** The account's available balance, in centavos: each send takes its whole `amount`. */
  balanceCents: number;
  /** AbacatePay's fee on each send, taken out of its amount. */
  platformFeeCents: number;
  /** false: "Função não habilitada". */
  pixSendEnabled: boolean;
  /** Keys the DICT does not know. */
  unknownKeys: Set<string>;
  /** The stand-in's clock for a send's `createdAt` and `updatedAt` (a test moves the shop's clock, and this with it). */
  now: () => number;
  /** The receiver's bank confirms (`transfer.completed`) or refuses (status FAILED, money back, `transfer.failed`). */
  settleSend(externalId: string, outcome: 'completed' | 'failed'): Promise<void>;
  stop(): Promise<void>;
}

const envelope = (data: unknown) => ({ data, success: true, error: null });
const failure = (error: string) => ({ data: null, success: false, error });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const onlyKeys = (record: Record<string, unknown>, allowed: readonly string[]) => Object.keys(record).every((key) => allowed.includes(key));
const isNonEmptyString = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** openapi.yaml `/transparents/create`: the reason a body is refused, or null when it is valid for PIX. */
function createBodyProblem(body: unknown): string | null {
  if (!isRecord(body) || !onlyKeys(body, ['method', 'data'])) return 'body must be { method, data }';
  if (body.method !== 'PIX') return 'method must be PIX';
  const data = body.data;
  if (!isRecord(data)) return 'data is required';
  if (!onlyKeys(data, ['amount', 'expiresIn', 'description', 'customer', 'externalId', 'metadata', 'utm'])) return 'unknown field in data';
  // Centavos: a positive integer. A reais value such as 19.9 is refused here.
  if (typeof data.amount !== 'number' || !Number.isSafeInteger(data.amount) || data.amount <= 0) return 'amount must be integer centavos';
  if (
    data.expiresIn !== undefined &&
    (typeof data.expiresIn !== 'number' || !Number.isSafeInteger(data.expiresIn) || data.expiresIn <= 0)
  ) {
    return 'expiresIn must be whole seconds';
  }
  if (data.description !== undefined && (typeof data.description !== 'string' || data.description.length > 500)) {
    return 'description is a string of at most 500 characters';
  }
  if (data.externalId !== undefined && !isNonEmptyString(data.externalId)) return 'externalId must be a string';
  if (data.metadata !== undefined && !isRecord(data.metadata)) return 'metadata must be an object';
  if (data.customer !== undefined) {
    const customer = data.customer;
    // For PIX, a customer once sent needs all four fields, and no others.
    if (!isRecord(customer) || !onlyKeys(customer, ['name', 'email', 'taxId', 'cellphone'])) return 'customer has unknown fields';
    for (const key of ['name', 'email', 'taxId', 'cellphone']) if (!isNonEmptyString(customer[key])) return `customer.${key} is required`;
    const taxDigits = String(customer.taxId).replace(/\D/g, '');
    if (taxDigits.length !== 11 && taxDigits.length !== 14) return 'customer.taxId must be a CPF or CNPJ';
    if (!/^[^@\s]+@[^@\s]+$/.test(String(customer.email))) return 'customer.email is invalid';
  }
  return null;
}

export async function startAbacatepayStandIn(options: { apiKey?: string; devMode?: boolean } = {}): Promise<AbacatepayStandIn> {
  const apiKey = options.apiKey ?? `abc_dev_${randomBytes(12).toString('hex')}`;
  const kit = createStandInKit<Route>({ errorBody: () => failure('Internal server error') });
  let counter = 0;

  const standIn: AbacatepayStandIn = {
    url: '',
    apiKey,
    requests: kit.requests,
    charges: new Map(),
    devMode: options.devMode ?? true,
    webhook: null,
    deliveries: kit.deliveries,
    scriptNext: kit.script,
    clearScripts: kit.clearScripts,
    markPaid: async (id) => {
      const charge = standIn.charges.get(id);
      if (!charge) throw new Error(`no charge ${id}`);
      charge.status = 'PAID';
      await deliver('transparent.completed', charge);
    },
    dispute: async (id, disputeOptions = {}) => {
      const charge = standIn.charges.get(id);
      if (!charge || charge.status !== 'PAID') throw new Error(`no paid charge ${id}`);
      charge.status = 'UNDER_DISPUTE';
      const as = disputeOptions.as ?? 'transparent';
      await deliver(`${as}.disputed`, charge, as);
    },
    loseDispute: async (id, disputeOptions = {}) => {
      const charge = standIn.charges.get(id);
      if (!charge) throw new Error(`no charge ${id}`);
      const as = disputeOptions.as ?? 'transparent';
      await deliver(`${as}.lost`, charge, as);
    },
    sends: new Map(),
    balanceCents: 10_000_000,
    platformFeeCents: 80,
    pixSendEnabled: true,
    unknownKeys: new Set(),
    now: () => Date.now(),
    settleSend: async (externalId, outcome) => {
      const send = standIn.sends.get(externalId);
      if (!send || send.status !== 'COMPLETE' || send.receivedCents > 0) throw new Error(`no unsettled send ${externalId}`);
      send.updatedAt = new Date(standIn.now()).toISOString();
      if (outcome === 'completed') send.receivedCents = send.amount - send.platformFee;
      else {
        send.status = 'FAILED';
        standIn.balanceCents += send.amount;
      }
      await deliverTransfer(outcome === 'completed' ? 'transfer.completed' : 'transfer.failed', send);
    },
    stop: kit.stop,
  };

  function sendData(send: StandInSend) {
    return {
      id: send.id,
      status: send.status,
      devMode: standIn.devMode,
      receiptUrl: `https://app.abacatepay.com/receipt/${send.id}`,
      amount: send.amount,
      platformFee: send.platformFee,
      externalId: send.externalId,
      createdAt: send.createdAt,
      updatedAt: send.updatedAt,
    };
  }

  /** pages/webhooks/events/transfers.mdx: `data.transfer`, with `method` and `endToEndIdentifier`. */
  async function deliverTransfer(event: string, send: StandInSend) {
    if (!standIn.webhook) return;
    const body = JSON.stringify({
      event,
      apiVersion: 2,
      devMode: standIn.devMode,
      data: { transfer: { ...sendData(send), method: 'PIX', endToEndIdentifier: send.endToEndIdentifier } },
    });
    await signedDelivery(body);
  }

  async function signedDelivery(body: string) {
    const url = new URL(standIn.webhook!.url);
    url.searchParams.set('webhookSecret', standIn.webhook!.secret);
    await kit.deliver(url, body, {
      'User-Agent': 'AbacatePay/1.0',
      'X-Webhook-Secret': standIn.webhook!.secret,
      'X-Webhook-Signature': signAbacateBody(body),
    });
  }

  /**
   * pages/webhooks/events/transparent.mdx: the envelope and `data.transparent` of a PIX event; a checkout's event
   * (pages/webhooks/events/checkout.mdx) carries the same charge fields under `data.checkout`.
   */
  async function deliver(event: string, charge: StandInCharge, as: 'transparent' | 'checkout' = 'transparent') {
    if (!standIn.webhook) return;
    const body = JSON.stringify({
      id: `log_${randomBytes(8).toString('hex')}`,
      event,
      apiVersion: 2,
      devMode: standIn.devMode,
      data: {
        [as]: {
          id: charge.id,
          externalId: charge.externalId,
          amount: charge.amount,
          paidAmount: charge.amount,
          platformFee: 80,
          status: 'PAID',
          frequency: 'ONE_TIME',
          devMode: standIn.devMode,
          methods: ['PIX'],
          receiptUrl: 'https://app.abacatepay.com/receipt/stand-in',
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        },
        customer: { id: '', name: null, email: null, taxId: null },
        payerInformation: { method: 'PIX', PIX: { name: 'Pagador', taxId: '123.***.***-**', isSameAsCustomer: false } },
        ...(event.endsWith('.refunded') || event.endsWith('.disputed') ? { reason: 'requested_by_customer' } : {}),
      },
    });
    const url = new URL(standIn.webhook.url);
    url.searchParams.set('webhookSecret', standIn.webhook.secret);
    await kit.deliver(url, body, {
      'User-Agent': 'AbacatePay/1.0',
      'X-Webhook-Secret': standIn.webhook.secret,
      'X-Webhook-Signature': signAbacateBody(body),
    });
  }

  function chargeData(charge: StandInCharge) {
    return {
      id: charge.id,
      amount: charge.amount,
      status: charge.status,
      devMode: standIn.devMode,
      brCode: charge.brCode,
      brCodeBase64:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      platformFee: 80,
      receiptUrl: charge.status === 'PAID' ? 'https://app.abacatepay.com/receipt/stand-in' : null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      expiresAt: charge.expiresAt,
      metadata: isRecord(charge.body.metadata) ? charge.body.metadata : {},
    };
  }

  const app = new Hono<{ Variables: { body: unknown } }>();
  app.use('*', kit.record, async (c, next) => {
    // openapi.yaml `bearerAuth`: `Authorization: Bearer <abacatepay-api-key>`.
    if (c.req.header('authorization') !== `Bearer ${apiKey}`) return c.json(failure('Token de autenticação inválido ou ausente.'), 401);
    if (c.req.method === 'POST' && !c.req.header('content-type')?.startsWith('application/json')) {
      return c.json(failure('Content-Type must be application/json'), 415);
    }
    c.set('body', kit.recorded(c).body);
    await next();
  });

  app.post('/v2/transparents/create', (c) =>
    kit.answer(c, 'create', () => {
      const body = c.get('body');
      const problem = createBodyProblem(body);
      if (problem) return c.json(failure(problem), 400);
      const data = (body as { data: Record<string, unknown> }).data;
      const externalId = typeof data.externalId === 'string' ? data.externalId : null;
      // "ID no seu sistema para idempotência": the same externalId names the same charge.
      const existing = externalId ? [...standIn.charges.values()].find((charge) => charge.externalId === externalId) : undefined;
      if (existing) return c.json(envelope(chargeData(existing)));
      const id = `pix_char_${String(++counter).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
      const expiresIn = typeof data.expiresIn === 'number' ? data.expiresIn : 86_400;
      const charge: StandInCharge = {
        id,
        amount: data.amount as number,
        status: 'PENDING',
        externalId,
        body: data,
        expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
        refundPublicId: null,
        brCode: buildPixBrCode({
          key: 'pix@abacatepay.com',
          amountCents: data.amount as number,
          merchantName: 'ABACATEPAY',
          merchantCity: 'SAO PAULO',
          txid: id,
        }),
      };
      standIn.charges.set(id, charge);
      return c.json(envelope(chargeData(charge)));
    }),
  );

  app.get('/v2/transparents/check', (c) =>
    kit.answer(c, 'check', () => {
      const charge = standIn.charges.get(c.req.query('id') ?? '');
      if (!charge) return c.json(failure('Checkout transparente não encontrado'), 404);
      return c.json(envelope({ id: charge.id, status: charge.status, expiresAt: charge.expiresAt }));
    }),
  );

  // openapi.yaml `/transparents/list`: PixQRCode items (the create reply's shape), filtered by `id`
  // and `status`, a page of `limit` (1-100) with a PaginationCursor.
  app.get('/v2/transparents/list', (c) =>
    kit.answer(c, 'list', () => {
      const { id, status } = c.req.query();
      const limit = Number(c.req.query('limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return c.json(failure('limit must be between 1 and 100'), 400);
      const matching = [...standIn.charges.values()].filter(
        (charge) => (id === undefined || charge.id === id) && (status === undefined || charge.status === status),
      );
      return c.json({
        ...envelope(matching.slice(0, limit).map(chargeData)),
        pagination: { hasMore: matching.length > limit, next: matching.length > limit ? matching[limit - 1]!.id : null, before: null },
      });
    }),
  );

  app.post('/v2/transparents/simulate-payment', (c) =>
    kit.answer(c, 'simulate', async () => {
      const body = c.get('body');
      if (!isRecord(body) || !onlyKeys(body, ['metadata'])) return c.json(failure('body must be { metadata }'), 400);
      // "Em produção este endpoint retorna erro" (pages/transparents/simulate-payment.mdx).
      if (!standIn.devMode) return c.json(failure('Simulação disponível apenas em modo de desenvolvimento'), 400);
      const charge = standIn.charges.get(c.req.query('id') ?? '');
      if (!charge) return c.json(failure('Checkout transparente não encontrado'), 404);
      if (charge.status !== 'PENDING') return c.json(failure('Cobrança não está pendente'), 400);
      charge.status = 'PAID';
      await deliver('transparent.completed', charge);
      return c.json(envelope(chargeData(charge)));
    }),
  );

  app.post('/v2/transparents/refund', (c) =>
    kit.answer(c, 'refund', async () => {
      const body = c.get('body');
      // openapi.yaml RefundRequest: `id` required, `reason` optional, nothing else.
      if (!isRecord(body) || !onlyKeys(body, ['id', 'reason']) || !isNonEmptyString(body.id)) return c.json(failure('id is required'), 400);
      if (body.reason !== undefined && (typeof body.reason !== 'string' || body.reason.length > 500))
        return c.json(failure('reason too long'), 400);
      const charge = standIn.charges.get(body.id as string);
      if (!charge) return c.json(failure('TRANSACTION_NOT_FOUND'), 400);
      // Idempotent: the same id always returns the same refundPublicId.
      if (charge.refundPublicId) return c.json(envelope({ refundPublicId: charge.refundPublicId }));
      if (charge.status === 'UNDER_DISPUTE') return c.json(failure('TRANSACTION_UNDER_DISPUTE'), 400);
      if (charge.status !== 'PAID') return c.json(failure('TRANSACTION_NOT_REFUNDABLE'), 400);
      charge.refundPublicId = `tran_${randomBytes(8).toString('hex')}`;
      // Dev mode confirms at once; the charge turns REFUNDED and `transparent.refunded` is sent.
      charge.status = 'REFUNDED';
      await deliver('transparent.refunded', charge);
      return c.json(envelope({ refundPublicId: charge.refundPublicId }));
    }),
  );

  app.post('/v2/pix/send', (c) =>
    kit.answer(c, 'pixSend', () => {
      const body = c.get('body');
      if (!isRecord(body) || !onlyKeys(body, ['amount', 'externalId', 'description', 'pix'])) return c.json(failure('unknown field'), 400);
      // "O destino é aninhado em `pix`, com as chaves `key` e `type`" (pages/pix/create.mdx).
      if (!isRecord(body.pix)) return c.json(failure("Property 'pix' is missing"), 400);
      const { key, type } = body.pix;
      if (!onlyKeys(body.pix, ['key', 'type']) || !isNonEmptyString(key)) return c.json(failure("Property 'pix.key' is missing"), 400);
      if (!['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'RANDOM', 'BR_CODE'].includes(type as string))
        return c.json(failure("Property 'pix.type' is missing"), 400);
      if (type === 'PHONE' && !/^\d{10,11}$/.test(key as string)) return c.json(failure('Chave Pix inválida'), 400);
      if (!isNonEmptyString(body.externalId)) return c.json(failure("Property 'externalId' is missing"), 400);
      if (typeof body.amount !== 'number' || !Number.isSafeInteger(body.amount) || body.amount < 100)
        return c.json(failure('Valor mínimo R$ 1,00'), 400);
      if (body.description !== undefined && typeof body.description !== 'string')
        return c.json(failure('description must be a string'), 400);
      if (!standIn.pixSendEnabled) return c.json(failure('Função não habilitada'), 403);
      if (standIn.sends.has(body.externalId as string)) return c.json(failure('externalId já utilizado'), 400);
      if (standIn.unknownKeys.has(key as string)) return c.json(failure('Chave Pix inválida'), 400);
      if (body.amount > standIn.balanceCents) return c.json(failure('Saldo insuficiente'), 400);
      standIn.balanceCents -= body.amount;
      const at = new Date(standIn.now()).toISOString();
      const send: StandInSend = {
        id: `tran_${randomBytes(8).toString('hex')}`,
        externalId: body.externalId as string,
        amount: body.amount,
        platformFee: standIn.platformFeeCents,
        status: 'COMPLETE',
        key: key as string,
        keyType: type as string,
        receivedCents: 0,
        endToEndIdentifier: `E${randomBytes(16).toString('hex').slice(0, 31)}`,
        createdAt: at,
        updatedAt: at,
      };
      standIn.sends.set(send.externalId, send);
      return c.json(envelope(sendData(send)));
    }),
  );

  app.get('/v2/pix/get', (c) =>
    kit.answer(c, 'pixGet', () => {
      const { id, externalId } = c.req.query();
      if (id === undefined && externalId === undefined) return c.json(failure('Informe id ou externalId'), 400);
      const send = [...standIn.sends.values()].find(
        (each) => (id === undefined || each.id === id) && (externalId === undefined || each.externalId === externalId),
      );
      if (!send) return c.json(failure('PIX não encontrado com o ID ou externalId fornecido.'), 404);
      return c.json(envelope(sendData(send)));
    }),
  );

  app.notFound((c) => c.json(failure('Not found'), 404));

  standIn.url = (await kit.listen(app.fetch)).url;
  return standIn;
}

/** AbacatePay's variables pointed at its stand-in, as the tests through the server set them. */
export const ABACATEPAY_WEBHOOK_SECRET = 'abacatepay-webhook-secret-da-loja';

export const abacatepayVariables = (standIn: { url: string; apiKey: string }) => ({
  ABACATEPAY_API_KEY: standIn.apiKey,
  ABACATEPAY_WEBHOOK_SECRET,
  ABACATEPAY_API_URL: standIn.url,
});

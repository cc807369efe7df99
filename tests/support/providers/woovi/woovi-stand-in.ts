import { generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { Hono } from 'hono';
import { buildPixBrCode } from '../../../../src/server/gateway/br-code.ts';
import { createStandInKit, type Fault, type StandInRequest, type WebhookDelivery } from '../../stand-ins/kit.ts';

/**
 * Woovi's (OpenPix) API on a loopback port, built from its public documentation (sources listed in
 * tests/integration/gateway/provider-disputes.test.ts for the dispute read and the evidence upload, and in
 * tests/integration/gateway/provider-woovi.test.ts): charges created by correlationID (idempotent with `?return_existing=true`),
 * read, deleted; a charge's refunds; transactions; disputes, one by its payment and the list (paged by `skip`); every refusal as
 * `{ error }`. Its webhooks are signed as
 * Woovi signs them (`x-webhook-signature`, base64 RSA-SHA256 of the body), with a key pair of the stand-in's own
 * whose public half the test gives the server in place of Woovi's.
 */

export type WooviChargeStatus = 'ACTIVE' | 'COMPLETED' | 'EXPIRED';
export type WooviRefundStatus = 'IN_PROCESSING' | 'CONFIRMED' | 'REJECTED';

export interface StandInRefund {
  correlationID: string;
  value: number;
  status: WooviRefundStatus;
  endToEndId: string;
  time: string;
  comment: string | null;
}

export interface StandInCharge {
  correlationID: string;
  globalID: string;
  transactionID: string;
  value: number;
  status: WooviChargeStatus;
  body: Record<string, unknown>;
  expiresIn: number;
  createdAt: string;
  /** The PIX copy-and-paste code its replies carry (what the buyer's page must show). */
  brCode: string;
  /** The payment's end-to-end id, once paid. */
  endToEndId: string | null;
  refunds: StandInRefund[];
  /**
   * `id`: the dispute's own id, which the DISPUTE_CREATED body carries (docs/disputa/how-add-new-evidence-in-evidence.md)
   * and the evidence route takes. `evidence`: the documents the seller sent, as Woovi answered them.
   */
  dispute: {
    id: string;
    status: string;
    type: 'MED';
    evidence: Array<{ url: string; correlationID: string; description: string }>;
    /** The Dispute schema's `createdAt`/`updatedAt`: the list's `start`/`end` are compared with `createdAt`. */
    createdAt: string;
    updatedAt: string;
  } | null;
}

type Route =
  | 'create'
  | 'read'
  | 'delete'
  | 'refund'
  | 'refunds'
  | 'transactions'
  | 'transaction'
  | 'dispute'
  | 'disputes'
  | 'evidence'
  | 'payment'
  | 'approve'
  | 'paymentRead';

/** A PIX out (docs/payment/payment-flow): made CREATED, APPROVED by the approve call, CONFIRMED once settled. */
export interface StandInPayment {
  correlationID: string;
  value: number;
  destinationAlias: string;
  destinationAliasType: string;
  comment: string | null;
  status: 'CREATED' | 'APPROVED' | 'CONFIRMED' | 'FAILED';
  endToEndId: string | null;
  time: string | null;
}

export interface WooviStandIn {
  url: string;
  /** PIX out by correlationID. */
  payments: Map<string, StandInPayment>;
  /** The account's balance, which each approved payment spends. */
  balance: number;
  /** Keys the DICT does not know. */
  unknownKeys: Set<string>;
  appId: string;
  /** The public half of the key its webhooks are signed with, as Woovi publishes its own: base64 of the PEM. */
  publicKey: string;
  readonly requests: StandInRequest[];
  /** By correlationID; a deleted charge is gone from here. */
  charges: Map<string, StandInCharge>;
  /** The webhook registered in Woovi's panel (API/Plugins → Webhooks): where every event goes. */
  webhookUrl: string | null;
  /** Webhook deliveries made, as sent (the signature in `headers['x-webhook-signature']`). */
  deliveries: WebhookDelivery[];
  /**
   * When a refund asked through the API is confirmed: `after_answer` (answered IN_PROCESSING, confirmed moments later),
   * `in_answer` (confirmed before the answer, which says CONFIRMED), or `later` (at `confirmRefunds`). Each confirmation
   * posts OPENPIX:TRANSACTION_REFUND_RECEIVED.
   */
  refundsConfirm: 'after_answer' | 'in_answer' | 'later';
  /**
   * How its webhooks spell an event: `OPENPIX:` as its events page lists them, or `woovi:` as its dispute examples and
   * its panel send them (developers.woovi.com docs/disputa/webhook-dispute, docs/webhook/examples/webhook-*-payload).
   */
  eventPrefix: 'OPENPIX:' | 'woovi:';
  /**
   * When an approved payment (PIX out) settles: `on_read` (CONFIRMED by the time it is read, no webhook ever comes) or
   * `by_webhook` (APPROVED until `settlePayment`, which posts OPENPIX:MOVEMENT_CONFIRMED, as
   * developers.woovi.com/docs/webhook/examples/webhook-payment-payload shows it).
   */
  paymentsSettle: 'on_read' | 'by_webhook';
  /** The bank settled the approved payment: CONFIRMED, and OPENPIX:MOVEMENT_CONFIRMED sent. */
  settlePayment(correlationID: string): Promise<void>;
  /** The next request to `route` meets `fault` instead of the documented answer. */
  scriptNext(route: Route, fault: Fault): void;
  clearScripts(): void;
  sign(rawBody: string): string;
  /** The buyer paid: COMPLETED, a payment transaction, and OPENPIX:CHARGE_COMPLETED sent. */
  pay(correlationID: string): Promise<void>;
  /** The charge's time ran out: EXPIRED and OPENPIX:CHARGE_EXPIRED sent. */
  expire(correlationID: string): Promise<void>;
  /** The payer's bank opened a MED on the payment: OPENPIX:DISPUTE_CREATED sent. */
  dispute(correlationID: string): Promise<void>;
  /** The dispute ended: OPENPIX:DISPUTE_ACCEPTED (money back to the payer), _REJECTED or _CANCELED sent. */
  endDispute(correlationID: string, status: 'ACCEPTED' | 'REJECTED' | 'CANCELED'): Promise<void>;
  /** The seller refunded in Woovi's panel: a confirmed refund and OPENPIX:TRANSACTION_REFUND_RECEIVED sent. */
  refundInPanel(correlationID: string, value?: number): Promise<void>;
  /** Refunds still IN_PROCESSING end CONFIRMED, each with its webhook. */
  confirmRefunds(): Promise<void>;
  stop(): Promise<void>;
}

const failure = (error: string) => ({ error });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const onlyKeys = (record: Record<string, unknown>, allowed: readonly string[]) => Object.keys(record).every((key) => allowed.includes(key));
const isNonEmptyString = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const isCentavos = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** ChargePayload (the fields we may send), CustomerPayload: the reason a body is refused, or null. */
function createBodyProblem(body: unknown): string | null {
  if (!isRecord(body)) return 'body must be a JSON object';
  if (!onlyKeys(body, ['correlationID', 'value', 'type', 'comment', 'expiresIn', 'expiresDate', 'customer', 'additionalInfo'])) {
    return 'unknown field in the charge';
  }
  if (!isNonEmptyString(body.correlationID)) return 'correlationID is required';
  // "Value in cents": a reais value such as 19.9 is refused here.
  if (!isCentavos(body.value)) return 'value must be an integer amount in cents';
  if (body.comment !== undefined && (typeof body.comment !== 'string' || body.comment.length > 140))
    return 'comment is at most 140 characters';
  if (body.expiresIn !== undefined && (!Number.isSafeInteger(body.expiresIn) || (body.expiresIn as number) < 300)) {
    return 'expiresIn must be at least 5 minutes (300 seconds)';
  }
  if (body.customer !== undefined) {
    const customer = body.customer;
    if (!isRecord(customer) || !onlyKeys(customer, ['name', 'email', 'phone', 'taxID', 'correlationID', 'address']))
      return 'customer has unknown fields';
    // "name + taxID or name + email or name + phone".
    if (!isNonEmptyString(customer.name)) return 'customer name is required';
    if (![customer.taxID, customer.email, customer.phone].some(isNonEmptyString)) return 'customer needs a taxID, an email or a phone';
    // Text fields: anything else is refused as that field's error.
    if (
      customer.taxID !== undefined &&
      (typeof customer.taxID !== 'string' || !/^\d{11}$|^\d{14}$/.test(customer.taxID.replace(/\D/g, '')))
    )
      return 'customer taxID is not a valid CPF or CNPJ';
    if (customer.email !== undefined && (typeof customer.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(customer.email)))
      return 'customer email is invalid';
  }
  return null;
}

/** The BCB's shape: E (a payment) or D (a devolução), the PSP's ISPB, yyyyMMddHHmm, 11 characters; 32 in all. */
function endToEndId(prefix: 'E' | 'D'): string {
  return `${prefix}23114447${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex').slice(0, 11)}`;
}

export async function startWooviStandIn(options: { appId?: string } = {}): Promise<WooviStandIn> {
  const appId = options.appId ?? `Q2xpZW50X0lkXz${randomBytes(18).toString('base64url')}`;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey: KeyObject = keys.privateKey;
  const kit = createStandInKit<Route>({ errorBody: () => failure('Internal server error') });
  const deleted = new Set<string>();

  const standIn: WooviStandIn = {
    url: '',
    appId,
    publicKey: Buffer.from(keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'utf8').toString('base64'),
    requests: kit.requests,
    payments: new Map(),
    balance: 10_000_000,
    unknownKeys: new Set(),
    charges: new Map(),
    webhookUrl: null,
    deliveries: kit.deliveries,
    refundsConfirm: 'after_answer',
    eventPrefix: 'OPENPIX:',
    paymentsSettle: 'on_read',
    scriptNext: kit.script,
    clearScripts: kit.clearScripts,
    sign: (rawBody) => sign('sha256', Buffer.from(rawBody, 'utf8'), privateKey).toString('base64'),
    pay: async (id) => {
      const charge = chargeOf(id);
      if (charge.status !== 'ACTIVE') throw new Error(`charge ${id} is ${charge.status}`);
      charge.status = 'COMPLETED';
      charge.endToEndId = endToEndId('E');
      await deliver('OPENPIX:CHARGE_COMPLETED', { charge: chargeJson(charge), pix: pixJson(charge) });
    },
    expire: async (id) => {
      const charge = chargeOf(id);
      charge.status = 'EXPIRED';
      await deliver('OPENPIX:CHARGE_EXPIRED', { charge: chargeJson(charge) });
    },
    dispute: async (id) => {
      const charge = chargeOf(id);
      if (!charge.endToEndId) throw new Error(`charge ${id} was not paid`);
      const at = new Date().toISOString();
      charge.dispute = { id: randomUUID(), status: 'OPENED', type: 'MED', evidence: [], createdAt: at, updatedAt: at };
      await deliver('OPENPIX:DISPUTE_CREATED', { dispute: disputeJson(charge) });
    },
    endDispute: async (id, status) => {
      const charge = chargeOf(id);
      if (!charge.dispute) throw new Error(`charge ${id} has no dispute`);
      charge.dispute.status = status;
      charge.dispute.updatedAt = new Date().toISOString();
      await deliver(`OPENPIX:DISPUTE_${status}`, { dispute: disputeJson(charge) });
    },
    refundInPanel: async (id, value) => {
      const charge = chargeOf(id);
      const refund = addRefund(charge, `painel-${randomUUID()}`, value ?? remaining(charge), null);
      refund.status = 'CONFIRMED';
      await deliverRefund(charge, refund);
    },
    confirmRefunds: async () => {
      for (const charge of standIn.charges.values()) {
        for (const refund of charge.refunds.filter((item) => item.status === 'IN_PROCESSING')) {
          refund.status = 'CONFIRMED';
          await deliverRefund(charge, refund);
        }
      }
    },
    settlePayment: async (id) => {
      const payment = standIn.payments.get(id);
      if (payment?.status !== 'APPROVED') throw new Error(`payment ${id} is ${payment?.status ?? 'unknown'}`);
      payment.status = 'CONFIRMED';
      // The documented body: `payment` and its `transaction`, nothing of the charge kind.
      const { payment: body, transaction } = paymentJson(payment);
      await deliver('OPENPIX:MOVEMENT_CONFIRMED', {
        payment: {
          value: body.value,
          status: body.status,
          destinationAlias: body.destinationAlias,
          comment: body.comment,
          correlationID: id,
        },
        transaction,
      });
    },
    stop: kit.stop,
  };

  function chargeOf(id: string): StandInCharge {
    const charge = standIn.charges.get(id);
    if (!charge) throw new Error(`no charge ${id}`);
    return charge;
  }

  const remaining = (charge: StandInCharge) =>
    charge.value - charge.refunds.filter((refund) => refund.status !== 'REJECTED').reduce((sum, refund) => sum + refund.value, 0);

  function addRefund(charge: StandInCharge, correlationID: string, value: number, comment: string | null): StandInRefund {
    const refund: StandInRefund = {
      correlationID,
      value,
      status: 'IN_PROCESSING',
      endToEndId: endToEndId('D'),
      time: new Date().toISOString(),
      comment,
    };
    charge.refunds.push(refund);
    return refund;
  }

  /** ChargeRefund: status, value, correlationID, endToEndId, time, and the comment when one was given. */
  function refundJson({ comment, ...refund }: StandInRefund) {
    return { ...refund, ...(comment ? { comment } : {}) };
  }

  /** The Charge schema as the create and read replies and the webhooks carry it. */
  function chargeJson(charge: StandInCharge) {
    const customer = isRecord(charge.body.customer) ? charge.body.customer : null;
    const paymentLinkID = charge.globalID.slice(0, 8);
    return {
      status: charge.status,
      customer: customer ? { ...customer, taxID: customer.taxID ? { taxID: customer.taxID, type: 'BR:CPF' } : undefined } : null,
      value: charge.value,
      comment: typeof charge.body.comment === 'string' ? charge.body.comment : '',
      identifier: charge.transactionID,
      correlationID: charge.correlationID,
      paymentLinkID,
      transactionID: charge.transactionID,
      type: 'DYNAMIC',
      additionalInfo: [],
      discount: 0,
      valueWithDiscount: charge.value,
      expiresIn: charge.expiresIn,
      expiresDate: new Date(Date.parse(charge.createdAt) + charge.expiresIn * 1000).toISOString(),
      createdAt: charge.createdAt,
      updatedAt: new Date().toISOString(),
      pixKey: 'd65032a3-c0c7-4b8c-9bd7-5b2a0b4f2a11',
      brCode: charge.brCode,
      paymentLinkUrl: `https://woovi.com/pay/${paymentLinkID}`,
      qrCodeImage: `https://api.woovi.com/openpix/charge/brcode/image/${paymentLinkID}.png`,
      globalID: charge.globalID,
      ...(charge.status === 'COMPLETED' ? { paidAt: new Date().toISOString() } : {}),
    };
  }

  function pixJson(charge: StandInCharge) {
    return {
      charge: chargeJson(charge),
      customer: null,
      payer: { name: 'Pagador', taxID: { taxID: '52998224725', type: 'BR:CPF' } },
      time: new Date().toISOString(),
      value: charge.value,
      transactionID: charge.transactionID,
      endToEndId: charge.endToEndId,
      infoPagador: 'OpenPix',
      globalID: `UGl4VHJhbnNhY3Rpb246${randomBytes(8).toString('hex')}`,
    };
  }

  /** docs/webhook/examples/dispute-*.mdx, with the `id` of how-add-new-evidence-in-evidence.md. */
  function disputeJson(charge: StandInCharge): Record<string, unknown> {
    return {
      id: charge.dispute!.id,
      status: charge.dispute!.status,
      endToEndId: charge.endToEndId,
      name: 'Pagador',
      email: 'pagador@example.com',
      phoneNumber: '+5511999999999',
      value: charge.value,
      disputeReason: 'Golpe',
      type: charge.dispute!.type,
    };
  }

  async function deliverRefund(charge: StandInCharge, refund: StandInRefund) {
    await deliver('OPENPIX:TRANSACTION_REFUND_RECEIVED', {
      charge: chargeJson(charge),
      pixQrCode: null,
      pix: {
        charge: chargeJson(charge),
        value: refund.value,
        time: refund.time,
        endToEndId: refund.endToEndId,
        partial: refund.value < charge.value,
      },
      refunds: [],
    });
  }

  /** docs/webhook/examples/*: `event`, the objects it is about, and the company and account it belongs to. */
  async function deliver(documented: string, payload: Record<string, unknown>) {
    if (!standIn.webhookUrl) return;
    const event = documented.replace(/^OPENPIX:/, standIn.eventPrefix);
    const body = JSON.stringify({
      event,
      ...payload,
      company: { id: '624f46f9e93f9f521c8308d7', name: 'Loja', taxID: '4722767300014' },
      account: {},
    });
    await kit.deliver(standIn.webhookUrl, body, { 'x-webhook-signature': standIn.sign(body), 'User-Agent': 'OpenPix' }, event);
  }

  const app = new Hono<{ Variables: { body: unknown } }>();
  app.use('*', kit.record, async (c, next) => {
    // The AppID, bare, in `Authorization` (securitySchemes.AppID; the docs' cURL samples).
    if (c.req.header('authorization') !== appId) return c.json(failure('AppID inválido'), 401);
    if (c.req.method === 'POST' && !c.req.header('content-type')?.startsWith('application/json')) {
      return c.json(failure('Content-Type must be application/json'), 400);
    }
    c.set('body', kit.recorded(c).body);
    await next();
  });

  /** A charge by correlationID or by Woovi's own id (globalID): both name it on every charge route. */
  function findCharge(id: string): StandInCharge | undefined {
    return standIn.charges.get(id) ?? [...standIn.charges.values()].find((charge) => charge.globalID === id);
  }

  const createReply = (charge: StandInCharge) => ({
    charge: chargeJson(charge),
    correlationID: charge.correlationID,
    brCode: charge.brCode,
  });

  app.post('/api/v1/charge', (c) =>
    kit.answer(c, 'create', () => {
      const body = c.get('body');
      const problem = createBodyProblem(body);
      if (problem) return c.json(failure(problem), 400);
      const data = body as Record<string, unknown>;
      const correlationID = (data.correlationID as string).trim();
      const existing = standIn.charges.get(correlationID);
      if (existing || deleted.has(correlationID)) {
        // `return_existing`: "will return an existent charge if already has a one with the correlationID".
        if (existing && c.req.query('return_existing') === 'true') return c.json(createReply(existing));
        return c.json(failure('Já existe uma cobrança com esse correlationID'), 400);
      }
      const transactionID = randomBytes(16).toString('hex');
      const charge: StandInCharge = {
        correlationID,
        globalID: Buffer.from(`Charge:${randomBytes(12).toString('hex')}`).toString('base64'),
        transactionID,
        value: data.value as number,
        status: 'ACTIVE',
        body: data,
        expiresIn: typeof data.expiresIn === 'number' ? data.expiresIn : 86_400,
        createdAt: new Date().toISOString(),
        brCode: buildPixBrCode({
          key: 'd65032a3-c0c7-4b8c-9bd7-5b2a0b4f2a11',
          amountCents: data.value as number,
          merchantName: 'WOOVI',
          merchantCity: 'SAO PAULO',
          txid: transactionID,
        }),
        endToEndId: null,
        refunds: [],
        dispute: null,
      };
      standIn.charges.set(correlationID, charge);
      return c.json(createReply(charge));
    }),
  );

  app.get('/api/v1/charge/:id', (c) =>
    kit.answer(c, 'read', () => {
      const charge = findCharge(c.req.param('id'));
      // The OpenAPI document lists only 400 `{ error }` for an id it does not know.
      if (!charge) return c.json(failure('Charge not found'), 400);
      return c.json({ charge: chargeJson(charge) });
    }),
  );

  app.delete('/api/v1/charge/:id', (c) =>
    kit.answer(c, 'delete', () => {
      const id = c.req.param('id');
      const charge = findCharge(id);
      if (!charge) return c.json(failure('Charge not found'), 400);
      if (charge.status === 'COMPLETED') return c.json(failure('Não é possível deletar uma cobrança paga'), 400);
      standIn.charges.delete(charge.correlationID);
      deleted.add(charge.correlationID);
      return c.json({ status: 'OK', id });
    }),
  );

  app.get('/api/v1/charge/:id/refund', (c) =>
    kit.answer(c, 'refunds', () => {
      const charge = findCharge(c.req.param('id'));
      if (!charge) return c.json(failure('Charge not found'), 400);
      return c.json({ refunds: charge.refunds.map(refundJson) });
    }),
  );

  app.post('/api/v1/charge/:id/refund', (c) =>
    kit.answer(c, 'refund', async () => {
      const body = c.get('body');
      // ChargeRefundPayload: `correlationID` required, `value` and `comment` (≤ 140) optional.
      if (!isRecord(body) || !onlyKeys(body, ['correlationID', 'value', 'comment']) || !isNonEmptyString(body.correlationID)) {
        return c.json(failure('correlationID is required'), 400);
      }
      if (body.value !== undefined && !isCentavos(body.value)) return c.json(failure('value must be an integer amount in cents'), 400);
      if (body.comment !== undefined && (typeof body.comment !== 'string' || body.comment.length > 140)) {
        return c.json(failure('comment is at most 140 characters'), 400);
      }
      const charge = findCharge(c.req.param('id'));
      if (!charge) return c.json(failure('Charge not found'), 400);
      // The refund's correlationID is its idempotency key: the same one answers the same refund.
      const same = charge.refunds.find((refund) => refund.correlationID === body.correlationID);
      if (same) return c.json({ refund: refundJson(same) });
      if (charge.status !== 'COMPLETED') return c.json(failure('Cobrança não está paga'), 400);
      const value = (body.value as number | undefined) ?? remaining(charge);
      if (value > remaining(charge)) return c.json(failure('Valor do reembolso maior que o valor disponível da cobrança'), 400);
      const refund = addRefund(charge, body.correlationID as string, value, typeof body.comment === 'string' ? body.comment : null);
      if (standIn.refundsConfirm === 'in_answer') {
        refund.status = 'CONFIRMED';
        await deliverRefund(charge, refund);
        return c.json({ refund: refundJson(refund) });
      }
      const answer = { refund: refundJson(refund) };
      if (standIn.refundsConfirm === 'after_answer') {
        // The answer says IN_PROCESSING; the bank confirms moments later, with its webhook.
        kit.inBackground(async () => {
          await new Promise((resolve) => setImmediate(resolve));
          refund.status = 'CONFIRMED';
          await deliverRefund(charge, refund);
        });
      }
      return c.json(answer);
    }),
  );

  app.get('/api/v1/transaction', (c) =>
    kit.answer(c, 'transactions', () => {
      const charge = findCharge(c.req.query('charge') ?? '');
      const transactions = charge?.endToEndId
        ? [
            {
              charge: chargeJson(charge),
              value: charge.value,
              time: charge.createdAt,
              endToEndId: charge.endToEndId,
              transactionID: charge.transactionID,
              type: 'PAYMENT',
            },
          ]
        : [];
      return c.json({ pageInfo: { skip: 0, limit: 20, hasPreviousPage: false, hasNextPage: false }, transactions });
    }),
  );

  app.get('/api/v1/transaction/:id', (c) =>
    kit.answer(c, 'transaction', () => {
      const id = c.req.param('id');
      const charge = [...standIn.charges.values()].find((item) => item.endToEndId === id || item.transactionID === id);
      if (!charge?.endToEndId) return c.json(failure('Transaction not found'), 400);
      return c.json({
        transaction: {
          charge: chargeJson(charge),
          value: charge.value,
          time: charge.createdAt,
          endToEndId: charge.endToEndId,
          transactionID: charge.transactionID,
        },
      });
    }),
  );

  /**
   * `GET /api/v1/dispute` (woovi.yml "Get a list of disputes", scope DISPUTE_GET_LIST): the disputes created between `start`
   * and `end` (RFC 3339), newest first, as the Dispute schema with its `createdAt`/`updatedAt`, and `pageInfo`; the next
   * page by `skip` (docs/transaction/transaction-how-to-paginate-api.md). Its example pages by 10; `limit` is taken up to 100.
   */
  app.get('/api/v1/dispute', (c) =>
    kit.answer(c, 'disputes', () => {
      const bound = (name: 'start' | 'end') => {
        const value = c.req.query(name);
        return value === undefined ? null : Date.parse(value);
      };
      const [start, end] = [bound('start'), bound('end')];
      if (Number.isNaN(start) || Number.isNaN(end)) return c.json(failure('start and end must be dates (RFC 3339)'), 400);
      const number = (name: string, fallback: number) => {
        const value = c.req.query(name);
        return value === undefined ? fallback : Number(value);
      };
      const skip = number('skip', 0);
      const limit = number('limit', 10);
      if (!Number.isSafeInteger(skip) || skip < 0 || !Number.isSafeInteger(limit) || limit < 1 || limit > 100) {
        return c.json(failure('skip and limit must be whole numbers'), 400);
      }
      const all = [...standIn.charges.values()]
        .filter((charge) => {
          const created = charge.dispute ? Date.parse(charge.dispute.createdAt) : Number.NaN;
          return !Number.isNaN(created) && (start === null || created >= start) && (end === null || created <= end);
        })
        .sort((a, b) => Date.parse(b.dispute!.createdAt) - Date.parse(a.dispute!.createdAt));
      const page = all.slice(skip, skip + limit).map((charge) => {
        const { id: _id, ...dispute } = disputeJson(charge);
        return { ...dispute, createdAt: charge.dispute!.createdAt, updatedAt: charge.dispute!.updatedAt };
      });
      return c.json({
        pageInfo: { skip, limit, hasPreviousPage: skip > 0, hasNextPage: skip + limit < all.length },
        disputes: page,
      });
    }),
  );

  app.get('/api/v1/dispute/:id', (c) =>
    kit.answer(c, 'dispute', () => {
      const charge = [...standIn.charges.values()].find((item) => item.endToEndId === c.req.param('id'));
      // The documented answer for a payment with no dispute. The reply carries the dispute's `id` as the webhook body
      // does (the one-dispute schema lists none; without it the adapter sends evidence by the end-to-end id).
      if (!charge?.dispute) return c.json(failure('Dispute not found'), 400);
      return c.json({ dispute: disputeJson(charge) });
    }),
  );

  /**
   * `POST /api/v1/dispute/:id/evidence` (woovi.yml, scope DISPUTE_POST): `documents[{ url, correlationID, description }]`,
   * `url` required (Woovi downloads it and answers its own copy's URL); 400 "You cannot send a evidence for a accepted
   * dispute". The `:id` is the dispute's id from the DISPUTE_CREATED body.
   */
  app.post('/api/v1/dispute/:id/evidence', (c) =>
    kit.answer(c, 'evidence', () => {
      const charge = [...standIn.charges.values()].find((item) => item.dispute?.id === c.req.param('id'));
      if (!charge?.dispute) return c.json(failure('Dispute not found'), 400);
      const body = c.get('body');
      const documents = isRecord(body) && onlyKeys(body, ['documents']) && Array.isArray(body.documents) ? body.documents : null;
      const valid =
        documents !== null &&
        documents.length > 0 &&
        documents.every(
          (document) =>
            isRecord(document) &&
            onlyKeys(document, ['url', 'correlationID', 'description']) &&
            isNonEmptyString(document.url) &&
            URL.canParse(String(document.url)) &&
            (document.correlationID === undefined || typeof document.correlationID === 'string') &&
            (document.description === undefined || typeof document.description === 'string'),
        );
      if (!valid) return c.json(failure('documents must be a list of { url, correlationID, description }'), 400);
      if (charge.dispute.status === 'ACCEPTED') return c.json(failure('You cannot send a evidence for a accepted dispute'), 400);
      const sent = (documents as Array<Record<string, string>>).map((document) => ({
        url: document.url!,
        correlationID: document.correlationID ?? '',
        description: document.description ?? '',
      }));
      charge.dispute.evidence.push(...sent);
      return c.json({
        documents: sent.map((document) => ({
          ...document,
          url: `https://woovi.stand-in.example/evidence/${randomUUID()}`,
          createdAt: new Date().toISOString(),
        })),
      });
    }),
  );

  const paymentJson = (payment: StandInPayment) => ({
    payment: {
      value: payment.value,
      status: payment.status,
      destinationAlias: payment.destinationAlias,
      destinationAliasType: payment.destinationAliasType,
      comment: payment.comment ?? '',
      correlationID: payment.correlationID,
      sourceAccountId: 'stand-in-account',
    },
    ...(payment.endToEndId ? { transaction: { value: payment.value, endToEndId: payment.endToEndId, time: payment.time } } : {}),
    ...(payment.status !== 'CREATED' ? { destination: { name: 'Afiliado', pixKey: payment.destinationAlias, bank: 'A Bank' } } : {}),
  });

  /**
   * `POST /api/v1/payment` (docs/payment/payment-flow): `value` in centavos, `destinationAlias` and its
   * `destinationAliasType`, our `correlationID`, `comment`; answered CREATED. A correlationID used before, a key the DICT does
   * not know: 400 `{ error }`.
   */
  app.post('/api/v1/payment', (c) =>
    kit.answer(c, 'payment', () => {
      const body = c.get('body');
      if (
        !isRecord(body) ||
        !onlyKeys(body, ['value', 'destinationAlias', 'destinationAliasType', 'correlationID', 'comment', 'pixKeyEndToEndId']) ||
        !isCentavos(body.value) ||
        !isNonEmptyString(body.destinationAlias) ||
        !['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'].includes(String(body.destinationAliasType)) ||
        !isNonEmptyString(body.correlationID) ||
        (body.comment !== undefined && (typeof body.comment !== 'string' || body.comment.length > 140))
      ) {
        return c.json(failure('value, destinationAlias, destinationAliasType and correlationID are required'), 400);
      }
      const correlationID = String(body.correlationID);
      if (standIn.payments.has(correlationID)) return c.json(failure('Já existe um pagamento com esse correlationID'), 400);
      if (standIn.unknownKeys.has(String(body.destinationAlias))) return c.json(failure('Chave Pix não encontrada'), 400);
      const payment: StandInPayment = {
        correlationID,
        value: body.value as number,
        destinationAlias: String(body.destinationAlias),
        destinationAliasType: String(body.destinationAliasType),
        comment: typeof body.comment === 'string' ? body.comment : null,
        status: 'CREATED',
        endToEndId: null,
        time: null,
      };
      standIn.payments.set(correlationID, payment);
      return c.json(paymentJson(payment));
    }),
  );

  /**
   * `POST /api/v1/payment/approve` with `{ correlationID }` (docs/payment/payment-how-to-use-api-to-approve): APPROVED with its
   * transaction's endToEndId; "Saldo insuficiente ao aprovar pagamentos via API": 400 `{ error }`. Approving an approved
   * payment answers it as it is: the correlationID is one payment.
   */
  app.post('/api/v1/payment/approve', (c) =>
    kit.answer(c, 'approve', () => {
      const body = c.get('body');
      const payment = isRecord(body) && typeof body.correlationID === 'string' ? standIn.payments.get(body.correlationID) : undefined;
      if (!payment) return c.json(failure('Payment not found'), 400);
      if (payment.status === 'CREATED') {
        if (payment.value > standIn.balance) return c.json(failure('Saldo insuficiente para aprovar o pagamento'), 400);
        standIn.balance -= payment.value;
        payment.status = 'APPROVED';
        payment.endToEndId = endToEndId('E');
        payment.time = new Date().toISOString();
      }
      return c.json(paymentJson(payment));
    }),
  );

  /**
   * `GET /api/v1/payment/{id}` (docs/payment/payment-out-reconciliation): the payment by our correlationID, with its
   * transaction once sent. With `paymentsSettle` `on_read`, an approved one is CONFIRMED by the time it is read and
   * OPENPIX:MOVEMENT_CONFIRMED is never posted, as a webhook that never comes; with `by_webhook` it stays APPROVED until
   * `settlePayment`.
   */
  app.get('/api/v1/payment/:id', (c) =>
    kit.answer(c, 'paymentRead', () => {
      const payment = standIn.payments.get(c.req.param('id'));
      if (!payment) return c.json(failure('Payment not found'), 400);
      if (payment.status === 'APPROVED' && standIn.paymentsSettle === 'on_read') payment.status = 'CONFIRMED';
      return c.json(paymentJson(payment));
    }),
  );

  app.notFound((c) => c.json(failure('Not found'), 404));

  standIn.url = (await kit.listen(app.fetch)).url;
  return standIn;
}

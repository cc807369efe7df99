import { createHmac, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { buildPixBrCode } from '../../../../src/server/gateway/br-code.ts';
import { createStandInKit, type Fault, type StandInRequest, type WebhookDelivery } from '../../stand-ins/kit.ts';

/**
 * Mercado Pago's API on a loopback port, built from its public documentation (`in_mediation` and `charged_back`:
 * tests/integration/gateway/provider-disputes.test.ts; the other sources are listed
 * at the top of tests/integration/gateway/provider-mercadopago.test.ts): `POST /v1/payments` for a PIX,
 * `GET /v1/payments/{id}`, `PUT /v1/payments/{id}` to cancel, `POST /v1/payments/{id}/refunds` and
 * `GET /v1/payments/{id}/refunds/{refund_id}`.
 *
 * It checks each request we send against the documented shape (Bearer token, X-Idempotency-Key on
 * writes, `transaction_amount` a JSON number in reais with at most two decimals, `payment_method_id:
 * "pix"`, `payer.email`, `date_of_expiration` in ISO 8601 between 30 minutes and 30 days away…) and
 * answers 400 with Mercado Pago's error body when it does not hold. It keeps payments and refunds,
 * honours idempotency keys (same key and body: the same answer; same key, other body: 409), and a
 * test can pay a payment and have the documented webhook sent, signed as Mercado Pago signs it,
 * or script the next answer of a route (an error, a hang, a dropped connection, an odd shape).
 *
 * Its Open Finance mode (Pix por iniciação), from github.com/mercadopago/devsite-docs
 * `guides/checkout-api-v2/integrate-openfinance.pt.md` and `advanced-openFinance.pt.md`: a create with
 * `point_of_interaction: { linked_to: "openfinance" }` needs the payer's CPF ("o número de CPF é obrigatório") and a
 * `callback_url`, and answers `linked_to: "openfinance"`, `qr_code` and `qr_code_base64` null and a `ticket_url` to
 * Mercado Pago's page where the buyer picks the bank. Here that page is the stand-in's own (`/payments/{id}/openfinance`):
 * the buyer approves or refuses there, the payment's notification is sent, and the browser is sent to `callback_url`
 * with `paymentId`. An initiated payment expires after 60 minutes (`expire`).
 */

export const MP_STAND_IN_TOKEN = 'APP_USR-1234567890123456-010203-standin0secret0token-123456789';
export const MP_STAND_IN_WEBHOOK_SECRET = 'mp-standin-webhook-secret';

/** A request as the stand-in received it. */
export type MercadoPagoRequest = StandInRequest;

export type MercadoPagoRoute = 'create' | 'read' | 'search' | 'cancel' | 'refund' | 'readRefund';

export interface StandInPayment {
  id: number;
  status: string;
  statusDetail: string;
  /** In centavos, for the test's arithmetic; replies carry reais. */
  amountCents: number;
  refundedCents: number;
  description: string;
  externalReference: string | null;
  notificationUrl: string | null;
  dateOfExpiration: string;
  qrCode: string;
  payerEmail: string;
  refunds: StandInRefund[];
  /** `openfinance` for a Pix por iniciação; null for a PIX code. */
  linkedTo: string | null;
  callbackUrl: string | null;
  payerCpf: string | null;
}

export interface StandInRefund {
  id: number;
  paymentId: number;
  amountCents: number;
  status: 'approved' | 'in_process' | 'rejected';
}

export interface MercadoPagoStandIn {
  url: string;
  readonly requests: MercadoPagoRequest[];
  /** Notifications sent, as sent. */
  deliveries: WebhookDelivery[];
  payments: Map<number, StandInPayment>;
  /** The stand-in's clock (ms), for the expiry window it enforces. */
  now: () => number;
  /** The next request to `route` meets `fault` instead of the documented answer. */
  scriptNext(route: MercadoPagoRoute, fault: Fault): void;
  clearScripts(): void;
  /** Runs once, just before the next request to `route` is answered: what happened at Mercado Pago meanwhile. */
  meanwhile(route: MercadoPagoRoute, happen: () => void): void;
  /** How new refunds end: `approved` (the default) or `in_process` until `finishRefund`. */
  refundOutcome: 'approved' | 'in_process';
  /** The buyer pays: status `approved`, `accredited`. Throws, as the buyer's bank would refuse, once it is not pending. */
  pay(paymentId: number | string): StandInPayment;
  /** The PIX expired unpaid: `cancelled`, `expired`. */
  expire(paymentId: number | string): StandInPayment;
  /** The payer contests the paid payment: `in_mediation` ("The user started a dispute", Payments API "Get payment"). */
  mediate(paymentId: number | string): StandInPayment;
  /** The contestation went the payer's way: `charged_back`, the money returned to them. */
  chargeBack(paymentId: number | string): StandInPayment;
  finishRefund(refundId: number | string): StandInRefund;
  /**
   * Sends the documented `payment` notification to the payment's notification_url (with
   * `?data.id=…&type=payment` added), signed with `secret` (the stand-in's by default).
   */
  notify(paymentId: number | string, options?: { secret?: string; tsMs?: number; action?: string }): Promise<{ status: number }>;
  /**
   * The buyer at Mercado Pago's Open Finance page (`ticket_url`) approves (`approved`, `accredited`) or refuses
   * (`rejected`) at their bank; the notification goes out (unless `notify: false`); the answer is where the page
   * sends the browser: `callback_url?paymentId=…`.
   */
  decideAtBank(paymentId: number | string, approve: boolean, options?: { notify?: boolean }): Promise<string>;
  stop(): Promise<void>;
}

/** Mercado Pago's error body (`{ message, error, status, cause: [{ code, description }] }`, as the SDK's MercadoPagoError reads it). */
export function mpError(status: number, error: string, message: string, code?: number | string) {
  return { message, error, status, cause: code === undefined ? [] : [{ code, description: message, data: null }] };
}

/** The x-signature header Mercado Pago sends: `ts=…,v1=hex(HMAC-SHA256(secret, "id:{data.id};request-id:{x-request-id};ts:{ts};"))`. */
export function signNotification(input: { secret: string; dataId: string; requestId: string | null; ts: string }): string {
  const id = /^[a-z0-9]+$/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId;
  const manifest = `id:${id};${input.requestId ? `request-id:${input.requestId};` : ''}ts:${input.ts};`;
  return `ts=${input.ts},v1=${createHmac('sha256', input.secret).update(manifest).digest('hex')}`;
}

/** A 1×1 PNG, as `qr_code_base64` (the documented sample is a PNG too). */
const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABc3UBGAAAAABJRU5ErkJggg==';
const AMOUNT_TEXT = /^\d{1,10}(\.\d{1,2})?$/;
/** The docs' `yyyy-MM-dd'T'HH:mm:ss.SSSz`, e.g. `2020-05-30T23:59:59.000-04:00`. */
const EXPIRATION_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/;

/** Centavos from an amount, and whether the raw JSON wrote it as reais with at most two decimals. */
function amountOf(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  const text = String(value);
  if (!AMOUNT_TEXT.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Every literal written for `key` in the raw JSON text: what a float slip (19.900000000000002, 1e-7) would show. */
function rawNumbers(rawBody: string, key: string): string[] {
  return [...rawBody.matchAll(new RegExp(`"${key}"\\s*:\\s*([^,}\\]\\s]+)`, 'g'))].map((match) => match[1] ?? '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const reais = (cents: number) => Number(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

/** The reasons a payment request breaks the documented shape; empty when it holds. */
function createProblems(body: unknown, rawBody: string, now: number): string[] {
  if (!isRecord(body)) return ['body is not a JSON object'];
  const problems: string[] = [];
  const amount = amountOf(body.transaction_amount);
  if (amount === null) problems.push('transaction_amount must be a positive number in reais with at most two decimals');
  for (const literal of [...rawNumbers(rawBody, 'transaction_amount'), ...rawNumbers(rawBody, 'unit_price')]) {
    if (!AMOUNT_TEXT.test(literal)) problems.push(`amount written as ${literal}`);
  }
  if (body.payment_method_id !== 'pix') problems.push('payment_method_id must be "pix"');
  const payer = isRecord(body.payer) ? body.payer : null;
  if (!payer || typeof payer.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(payer.email))
    problems.push('payer.email is required');
  if (payer && payer.identification !== undefined) {
    const identification = isRecord(payer.identification) ? payer.identification : {};
    const digits = typeof identification.number === 'string' ? identification.number : '';
    const ok = (identification.type === 'CPF' && /^\d{11}$/.test(digits)) || (identification.type === 'CNPJ' && /^\d{14}$/.test(digits));
    if (!ok) problems.push('payer.identification must be a CPF or CNPJ in digits');
  }
  if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 600))
    problems.push('description');
  if (body.notification_url !== undefined) {
    let valid = false;
    try {
      valid = typeof body.notification_url === 'string' && ['http:', 'https:'].includes(new URL(body.notification_url).protocol);
    } catch {
      valid = false;
    }
    if (!valid) problems.push('notification_url must be an http(s) URL');
  }
  if (body.date_of_expiration !== undefined) {
    const text = typeof body.date_of_expiration === 'string' ? body.date_of_expiration : '';
    const at = Date.parse(text);
    if (!EXPIRATION_TEXT.test(text) || !Number.isFinite(at))
      problems.push('date_of_expiration must be ISO 8601 with milliseconds and an offset');
    else if (at < now + 30 * 60_000 || at > now + 30 * 24 * 3_600_000)
      problems.push('date_of_expiration must be between 30 minutes and 30 days away');
  }
  const info = isRecord(body.additional_info) ? body.additional_info : null;
  if (info && info.items !== undefined) {
    const items = Array.isArray(info.items) ? info.items : [];
    let sum = 0;
    for (const item of items) {
      const price = isRecord(item) ? amountOf(item.unit_price) : null;
      const quantity = isRecord(item) ? item.quantity : null;
      if (
        !isRecord(item) ||
        typeof item.title !== 'string' ||
        price === null ||
        !Number.isSafeInteger(quantity) ||
        (quantity as number) < 1
      ) {
        problems.push('additional_info.items: title, quantity and unit_price');
        break;
      }
      sum += price * (quantity as number);
    }
    if (amount !== null && items.length > 0 && sum !== amount) problems.push('additional_info.items do not add up to transaction_amount');
  }
  return problems;
}

export async function startMercadoPagoStandIn(options: { now?: () => number } = {}): Promise<MercadoPagoStandIn> {
  const app = new Hono();
  const kit = createStandInKit<MercadoPagoRoute>({ errorBody: (status) => mpError(status, 'scripted', `scripted ${status}`) });
  const meanwhiles = new Map<MercadoPagoRoute, () => void>();
  const createKeys = new Map<string, { rawBody: string; paymentId: number }>();
  const refundKeys = new Map<string, { paymentId: number; rawBody: string; refundId: number }>();
  const refundsById = new Map<number, StandInRefund>();
  let nextPaymentId = 130_000_000_000;
  let nextRefundId = 2_000_000_000;

  const standIn: MercadoPagoStandIn = {
    url: '',
    requests: kit.requests,
    deliveries: kit.deliveries,
    payments: new Map(),
    now: options.now ?? Date.now,
    refundOutcome: 'approved',
    scriptNext: kit.script,
    clearScripts: kit.clearScripts,
    meanwhile: (route, happen) => meanwhiles.set(route, happen),
    pay: (id) => {
      const payment = known(id);
      if (payment.status !== 'pending') throw new Error(`payment ${id} is ${payment.status}, not pending`);
      payment.status = 'approved';
      payment.statusDetail = 'accredited';
      return payment;
    },
    expire: (id) => {
      const payment = known(id);
      payment.status = 'cancelled';
      payment.statusDetail = 'expired';
      return payment;
    },
    mediate: (id) => {
      const payment = known(id);
      if (payment.status !== 'approved') throw new Error(`payment ${id} is ${payment.status}, not approved`);
      payment.status = 'in_mediation';
      payment.statusDetail = 'in_process';
      return payment;
    },
    chargeBack: (id) => {
      const payment = known(id);
      if (payment.status !== 'approved' && payment.status !== 'in_mediation') throw new Error(`payment ${id} is ${payment.status}`);
      payment.status = 'charged_back';
      payment.statusDetail = 'settled';
      return payment;
    },
    finishRefund: (id) => {
      const refund = refundsById.get(Number(id));
      if (!refund || refund.status !== 'in_process') throw new Error(`no refund ${id} in process`);
      refund.status = 'approved';
      const payment = known(refund.paymentId);
      if (payment.refundedCents === payment.amountCents && payment.refunds.every((each) => each.status === 'approved')) {
        payment.status = 'refunded';
        payment.statusDetail = 'refunded';
      }
      return refund;
    },
    notify: async (id, notifyOptions = {}) => {
      const payment = known(id);
      if (!payment.notificationUrl) throw new Error(`payment ${id} has no notification_url`);
      const url = new URL(payment.notificationUrl);
      url.searchParams.set('data.id', String(payment.id));
      url.searchParams.set('type', 'payment');
      const requestId = randomUUID();
      const ts = String(notifyOptions.tsMs ?? standIn.now());
      const body = {
        id: Math.floor(standIn.now() / 1000),
        live_mode: true,
        type: 'payment',
        date_created: new Date(standIn.now()).toISOString(),
        user_id: 44444,
        api_version: 'v1',
        action: notifyOptions.action ?? 'payment.updated',
        data: { id: String(payment.id) },
      };
      const secret = notifyOptions.secret ?? MP_STAND_IN_WEBHOOK_SECRET;
      const delivery = await kit.deliver(
        url,
        JSON.stringify(body),
        { 'x-request-id': requestId, 'x-signature': signNotification({ secret, dataId: String(payment.id), requestId, ts }) },
        body.action,
      );
      return { status: delivery.status };
    },
    decideAtBank: async (id, approve, decideOptions = {}) => {
      const payment = known(id);
      if (payment.linkedTo !== 'openfinance' || !payment.callbackUrl) throw new Error(`payment ${id} is not an Open Finance payment`);
      if (approve) standIn.pay(id);
      else if (payment.status === 'pending') {
        payment.status = 'rejected';
        payment.statusDetail = 'cc_rejected_other_reason';
      }
      if (decideOptions.notify !== false && payment.notificationUrl) await standIn.notify(id);
      const back = new URL(payment.callbackUrl);
      back.searchParams.set('paymentId', String(payment.id));
      return back.href;
    },
    stop: kit.stop,
  };

  function known(id: number | string): StandInPayment {
    const payment = standIn.payments.get(Number(id));
    if (!payment) throw new Error(`the stand-in has no payment ${id}`);
    return payment;
  }

  const paymentJson = (payment: StandInPayment) => ({
    id: payment.id,
    date_created: new Date(standIn.now()).toISOString(),
    date_approved: payment.status === 'approved' ? new Date(standIn.now()).toISOString() : null,
    date_of_expiration: payment.dateOfExpiration,
    operation_type: 'regular_payment',
    payment_method_id: 'pix',
    payment_type_id: 'bank_transfer',
    status: payment.status,
    status_detail: payment.statusDetail,
    currency_id: 'BRL',
    description: payment.description,
    live_mode: true,
    collector_id: 123456,
    payer: { email: payment.payerEmail, identification: { type: null, number: null } },
    metadata: {},
    additional_info: {},
    external_reference: payment.externalReference,
    transaction_amount: reais(payment.amountCents),
    transaction_amount_refunded: reais(payment.refundedCents),
    coupon_amount: 0,
    installments: 1,
    transaction_details: {
      net_received_amount: 0,
      total_paid_amount: reais(payment.amountCents),
      overpaid_amount: 0,
      external_resource_url: null,
      installment_amount: 0,
      financial_institution: null,
    },
    captured: true,
    binary_mode: false,
    notification_url: payment.notificationUrl,
    refunds: payment.refunds.map(refundJson),
    point_of_interaction: {
      type: 'PIX',
      sub_type: null,
      application_data: { name: null, version: null },
      ...(payment.linkedTo ? { linked_to: payment.linkedTo } : {}),
      transaction_data:
        payment.linkedTo === 'openfinance'
          ? {
              qr_code_base64: null,
              qr_code: null,
              ticket_url: `${standIn.url}/payments/${payment.id}/openfinance?caller_id=123456&hash=${randomUUID()}`,
            }
          : {
              qr_code_base64: TINY_PNG_BASE64,
              qr_code: payment.qrCode,
              ticket_url: `https://www.mercadopago.com.br/payments/${payment.id}/ticket?caller_id=123456&hash=${randomUUID()}`,
            },
    },
  });

  const refundJson = (refund: StandInRefund) => ({
    id: refund.id,
    payment_id: refund.paymentId,
    amount: reais(refund.amountCents),
    metadata: {},
    source: { id: '123456', name: 'Loja Teste', type: 'collector' },
    date_created: new Date(standIn.now()).toISOString(),
    unique_sequence_number: null,
    refund_mode: 'standard',
    adjustment_amount: 0,
    status: refund.status,
    reason: null,
    amount_refunded_to_payer: refund.status === 'approved' ? reais(refund.amountCents) : 0,
  });

  /** Runs a route: the auth and header checks, then a scripted fault if one waits, else the documented answer. */
  async function handle(
    c: Context,
    route: MercadoPagoRoute,
    write: boolean,
    real: (request: MercadoPagoRequest) => Response,
  ): Promise<Response> {
    const request = kit.recorded(c);
    if (request.headers.authorization !== `Bearer ${MP_STAND_IN_TOKEN}`) {
      return c.json(mpError(401, 'unauthorized', 'invalid access token'), 401);
    }
    if (write && !request.headers['x-idempotency-key']) {
      return c.json(mpError(400, 'bad_request', 'X-Idempotency-Key header is required'), 400);
    }
    if (write && !(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return c.json(mpError(400, 'bad_request', 'content-type must be application/json'), 400);
    }
    const happen = meanwhiles.get(route);
    meanwhiles.delete(route);
    happen?.();
    return kit.answer(c, route, () => real(request));
  }

  app.use('/v1/*', kit.record);
  app.post('/v1/payments', (c) =>
    handle(c, 'create', true, (request) => {
      const key = request.headers['x-idempotency-key'] ?? '';
      const earlier = createKeys.get(key);
      if (earlier) {
        // The same key answers the same payment; another body under it is a conflict (SDK: MPIdempotencyError).
        if (earlier.rawBody !== request.rawBody)
          return c.json(mpError(409, 'conflict', 'idempotency key already used with another request'), 409);
        return c.json(paymentJson(known(earlier.paymentId)), 201);
      }
      const problems = createProblems(request.body, request.rawBody, standIn.now());
      if (problems.length > 0) return c.json(mpError(400, 'bad_request', problems.join('; '), 4037), 400);
      const body = request.body as Record<string, unknown> & { payer: Record<string, unknown> & { email: string } };
      const linkedTo = isRecord(body.point_of_interaction) ? body.point_of_interaction.linked_to : undefined;
      const identification = isRecord(body.payer.identification) ? body.payer.identification : {};
      const payerCpf = identification.type === 'CPF' && typeof identification.number === 'string' ? identification.number : null;
      if (linkedTo !== undefined) {
        const callback = typeof body.callback_url === 'string' && URL.canParse(body.callback_url) ? new URL(body.callback_url) : null;
        if (linkedTo !== 'openfinance') return c.json(mpError(400, 'bad_request', 'point_of_interaction.linked_to is invalid', 4037), 400);
        if (!payerCpf) return c.json(mpError(400, 'bad_request', 'payer.identification.number (CPF) is required', 2067), 400);
        if (!callback || !['http:', 'https:'].includes(callback.protocol))
          return c.json(mpError(400, 'bad_request', 'callback_url must be an http(s) URL', 4037), 400);
      }
      const id = nextPaymentId++;
      const amountCents = amountOf(body.transaction_amount) ?? 0;
      const payment: StandInPayment = {
        id,
        status: 'pending',
        statusDetail: 'pending_waiting_transfer',
        amountCents,
        refundedCents: 0,
        description: typeof body.description === 'string' ? body.description : '',
        externalReference: typeof body.external_reference === 'string' ? body.external_reference : null,
        notificationUrl: typeof body.notification_url === 'string' ? body.notification_url : null,
        dateOfExpiration:
          typeof body.date_of_expiration === 'string'
            ? body.date_of_expiration
            : new Date(standIn.now() + 24 * 3_600_000).toISOString().replace('Z', '-00:00'),
        qrCode: buildPixBrCode({
          key: 'mp-standin@example.com',
          amountCents,
          merchantName: 'LOJA TESTE',
          merchantCity: 'SAO PAULO',
          txid: `MP${id}`,
        }),
        payerEmail: body.payer.email,
        refunds: [],
        linkedTo: linkedTo === 'openfinance' ? 'openfinance' : null,
        callbackUrl: linkedTo === 'openfinance' ? (body.callback_url as string) : null,
        payerCpf,
      };
      standIn.payments.set(id, payment);
      createKeys.set(key, { rawBody: request.rawBody, paymentId: id });
      return c.json(paymentJson(payment), 201);
    }),
  );

  const notFound = (c: Context) => c.json(mpError(404, 'not_found', 'Payment not found', 2000), 404);

  // The Payment Search API (`GET /v1/payments/search`, external_reference among its filters; the reply's
  // `paging` and `results`): https://www.mercadopago.com.br/developers/en/reference/payments/_payments_search/get
  app.get('/v1/payments/search', (c) =>
    handle(c, 'search', false, () => {
      const reference = c.req.query('external_reference');
      const found = [...standIn.payments.values()].filter((payment) => reference === undefined || payment.externalReference === reference);
      const limit = Math.min(Number(c.req.query('limit') ?? 30) || 30, 1000);
      return c.json({ paging: { total: found.length, limit, offset: 0 }, results: found.slice(0, limit).map(paymentJson) }, 200);
    }),
  );

  app.get('/v1/payments/:id', (c) =>
    handle(c, 'read', false, () => {
      const payment = standIn.payments.get(Number(c.req.param('id')));
      return payment ? c.json(paymentJson(payment)) : notFound(c);
    }),
  );

  // "Create cancellation": `PUT /v1/payments/{payment_id}` with `{ "status": "cancelled" }`, only from `in_process`,
  // `pending` or `authorized` (else 400, cause 2018); another status 400 (2016), none 400 (4017); 200 with the payment.
  // https://www.mercadopago.com.br/developers/en/reference/online-payments/checkout-api-payments/create-cancellation/put
  app.put('/v1/payments/:id', (c) =>
    handle(c, 'cancel', true, (request) => {
      const payment = standIn.payments.get(Number(c.req.param('id')));
      if (!payment) return notFound(c);
      const status = isRecord(request.body) ? request.body.status : undefined;
      if (status === undefined || status === null) return c.json(mpError(400, 'bad_request', "Status attribute can't be null", 4017), 400);
      if (status !== 'cancelled') return c.json(mpError(400, 'bad_request', 'Invalid status for update', 2016), 400);
      if (!['pending', 'in_process', 'authorized'].includes(payment.status)) {
        return c.json(mpError(400, 'bad_request', 'The action requested is not valid for the current payment state', 2018), 400);
      }
      payment.status = 'cancelled';
      payment.statusDetail = 'by_collector';
      return c.json(paymentJson(payment), 200);
    }),
  );

  app.post('/v1/payments/:id/refunds', (c) =>
    handle(c, 'refund', true, (request) => {
      const payment = standIn.payments.get(Number(c.req.param('id')));
      if (!payment) return notFound(c);
      const key = request.headers['x-idempotency-key'] ?? '';
      const earlier = refundKeys.get(key);
      if (earlier) {
        if (earlier.rawBody !== request.rawBody || earlier.paymentId !== payment.id) {
          return c.json(mpError(409, 'conflict', 'idempotency key already used with another request'), 409);
        }
        return c.json(refundJson(refundsById.get(earlier.refundId) as StandInRefund), 201);
      }
      const body = request.body === null ? {} : request.body;
      if (!isRecord(body)) return c.json(mpError(400, 'bad_request', 'body is not a JSON object'), 400);
      for (const literal of rawNumbers(request.rawBody, 'amount')) {
        if (!AMOUNT_TEXT.test(literal)) return c.json(mpError(400, 'bad_request', `amount written as ${literal}`), 400);
      }
      if (payment.status !== 'approved')
        return c.json(mpError(400, 'bad_request', `Payment ${payment.status} cannot be refunded`, 2063), 400);
      const remaining = payment.amountCents - payment.refundedCents;
      const amountCents = body.amount === undefined ? remaining : amountOf(body.amount);
      if (amountCents === null || amountCents > remaining) return c.json(mpError(400, 'bad_request', 'Invalid refund amount', 2085), 400);
      const refund: StandInRefund = { id: nextRefundId++, paymentId: payment.id, amountCents, status: standIn.refundOutcome };
      refundsById.set(refund.id, refund);
      payment.refunds.push(refund);
      payment.refundedCents += amountCents;
      if (payment.refundedCents === payment.amountCents && refund.status === 'approved') {
        payment.status = 'refunded';
        payment.statusDetail = 'refunded';
      } else if (refund.status === 'approved') {
        payment.statusDetail = 'partially_refunded';
      }
      refundKeys.set(key, { paymentId: payment.id, rawBody: request.rawBody, refundId: refund.id });
      return c.json(refundJson(refund), 201);
    }),
  );

  app.get('/v1/payments/:id/refunds/:refundId', (c) =>
    handle(c, 'readRefund', false, () => {
      const refund = refundsById.get(Number(c.req.param('refundId')));
      if (!refund || refund.paymentId !== Number(c.req.param('id'))) return c.json(mpError(404, 'not_found', 'Refund not found'), 404);
      return c.json(refundJson(refund));
    }),
  );

  // Mercado Pago's Open Finance page (`ticket_url`), where the buyer goes on to their bank: here two buttons, as the
  // bank's answer, then the way back to `callback_url` with `paymentId`.
  app.get('/payments/:id/openfinance', (c) => {
    const payment = standIn.payments.get(Number(c.req.param('id')));
    if (!payment || payment.linkedTo !== 'openfinance') return c.text('not found', 404);
    const action = (approve: boolean) => `/payments/${payment.id}/openfinance/${approve ? 'aprovar' : 'recusar'}`;
    return c.html(
      `<!doctype html><html lang="pt-BR"><meta name="viewport" content="width=device-width"><title>Mercado Pago</title>` +
        `<h1>Pagar com Open Finance</h1><p>R$ ${reais(payment.amountCents).toFixed(2)}</p>` +
        `<form method="post" action="${action(true)}"><button>Confirmar pagamento</button></form>` +
        `<form method="post" action="${action(false)}"><button>Cancelar</button></form></html>`,
    );
  });
  app.post('/payments/:id/openfinance/:choice{aprovar|recusar}', async (c) => {
    const back = await standIn.decideAtBank(c.req.param('id'), c.req.param('choice') === 'aprovar');
    return c.redirect(back, 303);
  });

  standIn.url = (await kit.listen(app.fetch)).url;
  return standIn;
}

/** Ids of refunds made in the panel: apart from the API's, which the stand-in numbers from 2_000_000_000. */
let nextPanelRefundId = 3_000_000_000;

/**
 * The seller refunds an approved payment in Mercado Pago's panel ("Devolver dinheiro"), in full or, with `amountCents`,
 * in part: a refund the shop never asked for, as `GET /v1/payments/{id}` then shows it. In full the payment turns
 * `refunded`; a part leaves it `approved` with `status_detail: partially_refunded` and `transaction_amount_refunded`
 * (Payments reference, "Get payment"; "Reembolsos e cancelamentos": refunds "totais ou parciais").
 * The notification is the caller's to send (`notify`), or to lose.
 */
export function refundInPanel(standIn: MercadoPagoStandIn, paymentId: number | string, amount?: number): StandInPayment {
  const payment = standIn.payments.get(Number(paymentId));
  if (!payment || payment.status !== 'approved') throw new Error(`payment ${paymentId} is not approved`);
  const amountCents = amount ?? payment.amountCents - payment.refundedCents;
  payment.refunds.push({ id: nextPanelRefundId++, paymentId: payment.id, amountCents, status: 'approved' });
  payment.refundedCents += amountCents;
  const whole = payment.refundedCents === payment.amountCents;
  if (whole) payment.status = 'refunded';
  payment.statusDetail = whole ? 'refunded' : 'partially_refunded';
  return payment;
}

/**
 * The buyer's bank took the money back (a chargeback, or a PIX MED): status `charged_back`,
 * status_detail `settled` (https://www.mercadopago.com.br/developers/en/docs/checkout-api/response-handling/collection-results).
 */
export function chargeBack(standIn: MercadoPagoStandIn, paymentId: number | string): StandInPayment {
  const payment = standIn.payments.get(Number(paymentId));
  if (!payment || payment.status !== 'approved') throw new Error(`payment ${paymentId} is not approved`);
  payment.status = 'charged_back';
  payment.statusDetail = 'settled';
  return payment;
}

/** Mercado Pago's variables pointed at its stand-in, as the tests through the server set them. */
export const mercadoPagoVariables = (standIn: { url: string }) => ({
  MERCADOPAGO_ACCESS_TOKEN: MP_STAND_IN_TOKEN,
  MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET,
  MERCADOPAGO_API_URL: standIn.url,
});

/**
 * The Mercado Pago adapter over real HTTP, against a stand-in built from Mercado Pago's public documentation:
 *
 * - Pix with Checkout Transparente (`POST /v1/payments`, `payment_method_id: "pix"`, the reply's
 *   `point_of_interaction.transaction_data.{qr_code,qr_code_base64,ticket_url}`, `date_of_expiration`
 *   in ISO 8601 between 30 minutes and 30 days away):
 *   https://www.mercadopago.com.br/developers/en/docs/checkout-api/integration-configuration/integrate-pix
 *   (mercadopago/devsite-docs guides/checkout-api/receiving-payment-by-pix.en.md).
 * - Webhooks, "Validate notification origin" (`x-signature: ts=…,v1=…`, the manifest
 *   `id:[data.id_url];request-id:[x-request-id_header];ts:[ts_header];`, absent parts left out,
 *   HMAC-SHA256 in hex, the notification body, the 22 s answer window and the 15-minute retries):
 *   https://www.mercadopago.com.br/developers/en/docs/your-integrations/notifications/webhooks
 *   (mercadopago/devsite-docs guides/additional-content/your-integrations/webhooks.en.md).
 * - Refunds (full or partial, `X-Idempotency-Key` so a retry never refunds twice):
 *   https://www.mercadopago.com.br/developers/pt/docs/checkout-api/payment-management/cancellations-and-refunds
 *   (mercadopago/devsite-docs guides/additional-content/account/cancellations-and-refunds.pt.md).
 * - The official Node SDK, mercadopago/sdk-nodejs: src/clients/payment/commonTypes.ts (payment and
 *   transaction_data fields), src/clients/payment/create/types.ts (request fields, additional_info.items),
 *   src/clients/paymentRefund/{commonTypes.ts,create/index.ts,create/types.ts,get/index.ts} (the refund
 *   routes, `amount`, refund statuses), src/utils/webhook/index.ts (the signature check: lowercase
 *   alphanumeric data.id, constant-time compare, `ts` tolerance), src/utils/errors/index.ts (the error
 *   body `{ message, error, status, cause }`; 409 idempotency conflict, 423 key locked, 424, 429),
 *   src/utils/restClient/index.ts (Bearer token, X-Idempotency-Key on every write) and
 *   src/utils/config/index.ts (the fixed BASE_URL that keeps us off the SDK).
 * - The 400 body for a bad amount (`Invalid transaction_amount`, cause code 4037):
 *   https://www.mercadopago.com.mx/developers/es/support/37026
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mercadopagoCopy } from '../../../src/content/providers.ts';
import { parsePixBrCode } from '../../../src/server/gateway/br-code.ts';
import {
  WebhookRejectedError,
  type CreatePixInput,
  type PixProvider,
  type WebhookRequest,
} from '../../../src/server/gateway/pix-provider.ts';
import { centsToReais, reaisToCents } from '../../../src/server/gateway/providers/mercadopago/mercadopago-amount.ts';
import { createMercadoPagoProvider } from '../../../src/server/gateway/providers/mercadopago/mercadopago-provider.ts';
import { WEBHOOK_TOLERANCE_MS } from '../../../src/server/gateway/providers/mercadopago/mercadopago-webhook.ts';
import { GatewayError } from '../../../src/server/gateway/types.ts';
import { announceSeed, FUZZ_SEED, runs } from '../../fuzz/fuzz-kit.ts';
import {
  asWebhookRequest as asReceivedWebhook,
  startHttpReceiver,
  type HttpReceiver,
  type ReceivedRequest,
} from '../../support/http-receiver.ts';
import { refusedUrl } from '../../support/loopback.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  mpError,
  signNotification,
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';

let standIn: MercadoPagoStandIn;
let receiver: HttpReceiver;
let provider: PixProvider;
let keys = 0;

const providerFor = (apiUrl: string) =>
  createMercadoPagoProvider({ accessToken: MP_STAND_IN_TOKEN, webhookSecret: MP_STAND_IN_WEBHOOK_SECRET, apiUrl }, { timeoutMs: 300 });

function pixInput(overrides: Partial<CreatePixInput> = {}): CreatePixInput {
  keys += 1;
  return {
    idempotencyKey: `ord_${keys}.1`,
    amountCents: 2980,
    items: [
      { title: 'Lista de Fornecedores Secretos', priceCents: 1990 },
      { title: 'Guia de Revenda', priceCents: 990 },
    ],
    customer: { name: 'Maria  da Silva', email: 'maria@example.com', phoneDigits: '11987654321', document: '529.982.247-25' },
    webhookUrl: `${receiver.url}/api/webhooks/mercadopago`,
    expiresInSeconds: 3600,
    requestedAt: Date.now(),
    ...overrides,
  };
}

/** What our webhook route would hand the provider for a request the receiver got. */
const asWebhookRequest = (received: Pick<ReceivedRequest, 'url' | 'headers' | 'body'>): WebhookRequest =>
  asReceivedWebhook(received, receiver.url, '127.0.0.1');

/** A webhook as Mercado Pago would send it, for the cases the stand-in does not send itself. */
function notification(options: {
  dataId: string;
  type?: string;
  secret?: string;
  tsMs?: number;
  ts?: string;
  requestId?: string | null;
  body?: string;
}) {
  const requestId = options.requestId === undefined ? 'f7b2a1d4-0b1c-4ec2-aaaa-9e8b1d2f3c4d' : options.requestId;
  const ts = options.ts ?? String(options.tsMs ?? Date.now());
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-signature': signNotification({ secret: options.secret ?? MP_STAND_IN_WEBHOOK_SECRET, dataId: options.dataId, requestId, ts }),
  };
  if (requestId) headers['x-request-id'] = requestId;
  return {
    url: `/api/webhooks/mercadopago?data.id=${encodeURIComponent(options.dataId)}&type=${options.type ?? 'payment'}`,
    headers,
    body:
      options.body ??
      JSON.stringify({ action: 'payment.updated', api_version: 'v1', type: options.type ?? 'payment', data: { id: options.dataId } }),
  };
}

async function gatewayError(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WebhookRejectedError);
  return (error as WebhookRejectedError).reason;
}

beforeAll(async () => {
  announceSeed('provider-mercadopago');
  standIn = await startMercadoPagoStandIn();
  receiver = await startHttpReceiver();
  provider = providerFor(standIn.url);
});

afterAll(async () => {
  await standIn.stop();
  await receiver.stop();
});

afterEach(() => {
  standIn.refundOutcome = 'approved';
});

describe('Mercado Pago: create and read back', () => {
  it('creates a PIX the buyer can pay: a valid BR Code for the amount, the QR image, and the payment page', async () => {
    const before = Date.now();
    const charge = await provider.createCharge(pixInput());

    expect(charge.chargeId).toMatch(/^\d+$/);
    expect([charge.state, charge.rawStatus, charge.amountCents]).toEqual(['pending', 'pending', 2980]);
    expect(parsePixBrCode(charge.pix.code ?? '')?.amountCents).toBe(2980);
    expect(charge.pix.imageDataUrl).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(charge.pix.paymentUrl).toMatch(/^https:\/\/www\.mercadopago\.com\.br\/payments\/\d+\/ticket/);
    // The PIX stays payable for the hour asked, as the reply's date_of_expiration says.
    expect(charge.expiresAt).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(charge.expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);
  });

  it('sends what the docs ask: Bearer token, our idempotency key, reais with two decimals at most, one description and the lines', async () => {
    const input = pixInput();
    await provider.createCharge(input);
    const request = standIn.requests.at(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${MP_STAND_IN_TOKEN}`);
    expect(request?.headers['x-idempotency-key']).toBe(input.idempotencyKey);
    expect(request?.rawBody).toContain('"transaction_amount":29.8,');
    expect(request?.body).toMatchObject({
      payment_method_id: 'pix',
      description: 'Lista de Fornecedores Secretos + Guia de Revenda',
      external_reference: input.idempotencyKey,
      notification_url: input.webhookUrl,
      payer: {
        email: 'maria@example.com',
        first_name: 'Maria',
        last_name: 'da Silva',
        identification: { type: 'CPF', number: '52998224725' },
      },
      additional_info: {
        items: [
          { id: '1', title: 'Lista de Fornecedores Secretos', quantity: 1, unit_price: 19.9 },
          { id: '2', title: 'Guia de Revenda', quantity: 1, unit_price: 9.9 },
        ],
      },
    });
    expect((request?.body as { date_of_expiration: string }).date_of_expiration).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/,
    );
  });

  it('asks for at least the 30 minutes Mercado Pago accepts when a shorter expiry is asked', async () => {
    const charge = await provider.createCharge(pixInput({ expiresInSeconds: 60 }));
    expect(charge.expiresAt).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it('a restarted process resuming the create under its key sends the same body: the same payment, not a 409', async () => {
    const input = pixInput({ requestedAt: Date.now() - 90_000 });
    const first = await provider.createCharge(input);
    const count = standIn.payments.size;
    const restarted = providerFor(standIn.url);
    const again = await restarted.createCharge(input);
    expect(again.chargeId).toBe(first.chargeId);
    expect(standIn.payments.size).toBe(count);
    const [sent, resent] = standIn.requests.slice(-2);
    expect(resent!.rawBody).toBe(sent!.rawBody);
    // The expiry counts from the first ask, not from the resumed one.
    expect(Date.parse((sent!.body as { date_of_expiration: string }).date_of_expiration)).toBe(input.requestedAt + 3600_000);
  });

  it('reads a paid payment back as approved, with no end-to-end id, and one that expired unpaid as failed', async () => {
    const paid = await provider.createCharge(pixInput());
    standIn.pay(paid.chargeId);
    expect(await provider.getCharge(paid.chargeId)).toEqual({
      chargeId: paid.chargeId,
      amountCents: 2980,
      state: 'paid',
      rawStatus: 'approved',
      endToEndId: null,
      refundedCents: 0,
    });

    const expired = await provider.createCharge(pixInput());
    standIn.expire(expired.chargeId);
    expect(await provider.getCharge(expired.chargeId)).toMatchObject({ state: 'failed', rawStatus: 'cancelled' });
  });

  it('declares what Mercado Pago can do', () => {
    expect(provider.id).toBe('mercadopago');
    expect(provider.capabilities).toEqual({
      refunds: true,
      partialRefunds: true,
      cart: false,
      expiry: true,
      webhook: 'signed',
      idempotentCreate: true,
      disputeOnRead: true,
    });
  });
});

describe('Mercado Pago: refunds', () => {
  async function paidCharge() {
    const charge = await provider.createCharge(pixInput());
    standIn.pay(charge.chargeId);
    return provider.getCharge(charge.chargeId);
  }

  it('a refund sends our refund id as X-Idempotency-Key and always the amount, in reais, even for the whole payment', async () => {
    const charge = await paidCharge();
    const refund = await provider.refund(charge, { refundId: 'rf_full_1', amountCents: 2980 });
    expect(refund).toMatchObject({ amountCents: 2980, state: 'done', rawStatus: 'approved' });
    const request = standIn.requests.at(-1);
    expect([request?.headers['x-idempotency-key'], request?.rawBody]).toEqual(['rf_full_1', '{"amount":29.8}']);
    expect(await provider.getRefund(charge, refund.refundId)).toEqual(refund);
    expect(await provider.getCharge(charge.chargeId)).toMatchObject({ state: 'reversed', rawStatus: 'refunded' });
  });

  it('a refund still in process reads pending until Mercado Pago approves it', async () => {
    const charge = await paidCharge();
    standIn.refundOutcome = 'in_process';
    const refund = await provider.refund(charge, { refundId: 'rf_slow_1', amountCents: 2980 });
    expect(refund.state).toBe('pending');
    expect((await provider.getCharge(charge.chargeId)).state).toBe('paid');
    standIn.finishRefund(refund.refundId);
    expect((await provider.getRefund(charge, refund.refundId)).state).toBe('done');
    expect((await provider.getCharge(charge.chargeId)).state).toBe('reversed');
  });

  it('a refund retried with the same key is answered with the first refund, so the money goes back once', async () => {
    const charge = await paidCharge();
    standIn.scriptNext('refund', { kind: 'status', status: 500, processed: true });
    const lost = await gatewayError(provider.refund(charge, { refundId: 'rf_retry_1', amountCents: 2980 }));
    expect([lost.uncertain, lost.kind, lost.message]).toEqual([true, 'refund', mercadopagoCopy.refundServerError(500)]);
    const again = await provider.refund(charge, { refundId: 'rf_retry_1', amountCents: 2980 });
    expect(again.state).toBe('done');
    expect(standIn.payments.get(Number(charge.chargeId))?.refunds).toHaveLength(1);
  });

  it('a refused refund says why, in Portuguese, and is not uncertain', async () => {
    const unpaid = await provider.getCharge((await provider.createCharge(pixInput())).chargeId);
    const error = await gatewayError(provider.refund(unpaid, { refundId: 'rf_unpaid', amountCents: 2980 }));
    expect([error.uncertain, error.httpStatus]).toEqual([false, 400]);
    expect(error.message).toBe('O Mercado Pago recusou o reembolso (HTTP 400): Payment pending cannot be refunded.');

    const charge = await paidCharge();
    const tooMuch = await gatewayError(provider.refund(charge, { refundId: 'rf_too_much', amountCents: 2981 }));
    expect([tooMuch.uncertain, tooMuch.message]).toEqual([false, 'O Mercado Pago recusou o reembolso (HTTP 400): Invalid refund amount.']);
  });

  it('maps every refund failure to uncertain exactly when the money may have moved', async () => {
    const charge = await paidCharge();
    const cases: Array<[Parameters<MercadoPagoStandIn['scriptNext']>[1], boolean, string]> = [
      [
        { kind: 'status', status: 401, body: mpError(401, 'unauthorized', 'invalid access token') },
        false,
        mercadopagoCopy.refundRefused(401, 'invalid access token'),
      ],
      [
        { kind: 'status', status: 404, body: mpError(404, 'not_found', 'Payment not found', 2000) },
        false,
        mercadopagoCopy.refundRefused(404, 'Payment not found'),
      ],
      [{ kind: 'status', status: 429, body: null }, false, mercadopagoCopy.refundRefused(429, null)],
      [{ kind: 'status', status: 409 }, true, mercadopagoCopy.refundServerError(409)],
      [{ kind: 'status', status: 423 }, true, mercadopagoCopy.refundServerError(423)],
      [{ kind: 'status', status: 502, body: null }, true, mercadopagoCopy.refundServerError(502)],
      [{ kind: 'hang' }, true, mercadopagoCopy.refundNoAnswer],
      [{ kind: 'reset' }, true, mercadopagoCopy.refundNoAnswer],
      [{ kind: 'raw', status: 201, text: '{"id": "not a number", "status": "approved"' }, true, mercadopagoCopy.refundUnreadable],
      [{ kind: 'raw', status: 201, text: '{"id": 99, "payment_id": 1, "status": "approved"}' }, true, mercadopagoCopy.refundUnreadable],
    ];
    for (const [answer, uncertain, message] of cases) {
      standIn.scriptNext('refund', answer);
      const error = await gatewayError(provider.refund(charge, { refundId: `rf_case_${JSON.stringify(answer)}`, amountCents: 100 }));
      expect([answer, error.kind, error.uncertain, error.message]).toEqual([answer, 'refund', uncertain, message]);
    }
    const nobody = providerFor(await refusedUrl());
    const notSent = await gatewayError(nobody.refund(charge, { refundId: 'rf_refused', amountCents: 100 }));
    expect([notSent.uncertain, notSent.message]).toEqual([false, mercadopagoCopy.refundNotSent]);
    // None of the scripted failures above wrote a refund.
    expect(standIn.payments.get(Number(charge.chargeId))?.refunds).toHaveLength(0);
  });

  it('a refund read that fails or names another refund is an error, never a guess', async () => {
    const charge = await paidCharge();
    const refund = await provider.refund(charge, { refundId: 'rf_read_1', amountCents: 2980 });
    standIn.scriptNext('readRefund', {
      kind: 'raw',
      status: 200,
      text: JSON.stringify({ id: 1, payment_id: Number(charge.chargeId), status: 'approved' }),
    });
    expect((await gatewayError(provider.getRefund(charge, refund.refundId))).message).toBe(mercadopagoCopy.refundReadFailed);
    standIn.scriptNext('readRefund', { kind: 'hang' });
    expect((await gatewayError(provider.getRefund(charge, refund.refundId))).kind).toBe('refund');
    expect((await gatewayError(provider.getRefund(charge, '777'))).httpStatus).toBe(404);
  });
});

describe('Mercado Pago: the stand-in holds us to the documented shape', () => {
  async function post(body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${standIn.url}/v1/payments`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${MP_STAND_IN_TOKEN}`,
        'Content-Type': 'application/json',
        'X-Idempotency-Key': `raw_${++keys}`,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { message: string } };
  }
  const valid = () => ({
    transaction_amount: 19.9,
    payment_method_id: 'pix',
    description: 'Produto',
    payer: { email: 'maria@example.com' },
    date_of_expiration: new Date(Date.now() + 3_600_000).toISOString(),
  });

  it('accepts a documented request and refuses each way ours could go wrong', async () => {
    expect((await post(valid())).status).toBe(201);
    const floatSlip = JSON.stringify(valid()).replace('19.9', '19.900000000000002');
    expect(await post(floatSlip)).toMatchObject({ status: 400, body: { message: expect.stringContaining('19.900000000000002') } });
    expect((await post({ ...valid(), transaction_amount: '19.90' })).status).toBe(400);
    expect((await post({ ...valid(), payment_method_id: 'bolbradesco' })).status).toBe(400);
    expect((await post({ ...valid(), payer: {} })).status).toBe(400);
    expect((await post({ ...valid(), date_of_expiration: new Date(Date.now() + 600_000).toISOString() })).status).toBe(400);
    expect((await post({ ...valid(), additional_info: { items: [{ title: 'A', quantity: 1, unit_price: 9.9 }] } })).status).toBe(400);
    expect((await post(valid(), { 'X-Idempotency-Key': '' })).status).toBe(400);
    expect((await post(valid(), { Authorization: 'Bearer someone-else' })).status).toBe(401);
  });
});

describe('Mercado Pago: create and read errors', () => {
  it('maps every documented create failure, uncertain exactly when the payment may exist', async () => {
    const cases: Array<[Parameters<MercadoPagoStandIn['scriptNext']>[1], boolean, number | undefined]> = [
      [{ kind: 'status', status: 400, body: mpError(400, 'bad_request', 'Invalid transaction_amount', 4037) }, false, 400],
      [{ kind: 'status', status: 401, body: mpError(401, 'unauthorized', 'invalid access token') }, false, 401],
      [{ kind: 'status', status: 403, body: mpError(403, 'forbidden', 'Unauthorized use of live credentials') }, false, 403],
      [{ kind: 'status', status: 429, body: null }, false, 429],
      [{ kind: 'status', status: 409 }, true, 409],
      [{ kind: 'status', status: 423 }, true, 423],
      [{ kind: 'status', status: 424 }, true, 424],
      [{ kind: 'status', status: 500, body: mpError(500, 'internal_error', 'internal_error') }, true, 500],
      [{ kind: 'status', status: 503, body: null }, true, 503],
      [{ kind: 'raw', status: 201, text: '<html>gateway</html>' }, true, 201],
      [{ kind: 'raw', status: 201, text: JSON.stringify({ id: 123, status: 'pending', transaction_amount: 29.8 }) }, true, 201],
      // A payment for another amount must never reach the buyer.
      [
        {
          kind: 'raw',
          status: 201,
          text: JSON.stringify({
            id: 124,
            status: 'pending',
            transaction_amount: 29.79,
            point_of_interaction: { transaction_data: { qr_code: '000201' } },
          }),
        },
        true,
        201,
      ],
    ];
    for (const [answer, uncertain, status] of cases) {
      standIn.scriptNext('create', answer);
      const error = await gatewayError(provider.createCharge(pixInput()));
      const message = status !== undefined && status >= 400 ? mercadopagoCopy.chargeFailedHttp(status) : mercadopagoCopy.chargeFailed;
      expect([answer, error.kind, error.uncertain, error.httpStatus, error.message]).toEqual([
        answer,
        'charge',
        uncertain,
        status,
        message,
      ]);
    }
  });

  it('a timeout or a dropped connection leaves the payment uncertain; a refused connection does not', async () => {
    standIn.scriptNext('create', { kind: 'hang' });
    expect((await gatewayError(provider.createCharge(pixInput()))).uncertain).toBe(true);
    standIn.scriptNext('create', { kind: 'reset' });
    expect((await gatewayError(provider.createCharge(pixInput()))).uncertain).toBe(true);
    const refused = await gatewayError(providerFor(await refusedUrl()).createCharge(pixInput()));
    expect([refused.uncertain, refused.message]).toEqual([false, 'Erro ao processar pagamento']);
  });

  it('after an uncertain create, the retry with the same key finds the payment the first one made', async () => {
    const input = pixInput();
    standIn.scriptNext('create', { kind: 'status', status: 502, body: null, processed: true });
    expect((await gatewayError(provider.createCharge(input))).uncertain).toBe(true);
    const count = standIn.payments.size;
    const charge = await provider.createCharge(input);
    expect(standIn.payments.size).toBe(count);
    expect(standIn.payments.get(Number(charge.chargeId))?.externalReference).toBe(input.idempotencyKey);
  });

  it('after an uncertain create, the search by our key is a GET; one that fails or cannot be read is an error', async () => {
    const made = pixInput();
    standIn.scriptNext('create', { kind: 'status', status: 502, body: null, processed: true });
    expect((await gatewayError(provider.createCharge(made))).uncertain).toBe(true);
    // The payment found is the buyer's PIX as it stands: its code comes with the search result.
    const found = await provider.findCharge!(made.idempotencyKey);
    const payment = [...standIn.payments.values()].find((each) => each.externalReference === made.idempotencyKey)!;
    expect(found.kind === 'charge' && found.charge.pix.code).toBe(payment.qrCode);
    const search = standIn.requests.at(-1)!;
    expect([search.method, search.path]).toEqual(['GET', '/v1/payments/search']);
    const lost = made.idempotencyKey.replace('ord_', 'lost_');
    // A search that fails is an error, never a `none` that would let another provider charge too.
    standIn.scriptNext('search', { kind: 'status', status: 500 });
    // Named as the search, not as a read of the payment.
    expect((await gatewayError(provider.findCharge!(lost))).message).toBe('O Mercado Pago não respondeu à busca do pagamento (HTTP 500).');
    standIn.scriptNext('search', { kind: 'raw', status: 200, text: '{"results":"none"}' });
    expect(await gatewayError(provider.findCharge!(lost))).toBeInstanceOf(GatewayError);
  });

  it('a refusal of the payer is the buyer’s data; any other 400 is the seller’s, with Mercado Pago’s words kept for Saúde', async () => {
    standIn.scriptNext('create', {
      kind: 'status',
      status: 400,
      body: mpError(400, 'bad_request', 'Invalid user identification number', 2067),
    });
    const payer = await gatewayError(provider.createCharge(pixInput()));
    expect([payer.httpStatus, payer.buyerData]).toEqual([400, true]);
    standIn.scriptNext('create', {
      kind: 'status',
      status: 400,
      body: mpError(400, 'bad_request', 'Collector user without key enabled for QR render', 13253),
    });
    const seller = await gatewayError(provider.createCharge(pixInput()));
    expect([seller.httpStatus, seller.buyerData, seller.message]).toEqual([400, false, 'Erro ao processar pagamento: 400']);
    expect((seller.cause as Error).message).toContain('Collector user without key enabled for QR render');
  });

  it('a wrong access token is refused by the stand-in as by Mercado Pago, and the token never shows in the error', async () => {
    const wrong = createMercadoPagoProvider({ accessToken: 'APP_USR-wrong', webhookSecret: 'x', apiUrl: standIn.url }, { timeoutMs: 300 });
    const error = await gatewayError(wrong.createCharge(pixInput()));
    expect([error.httpStatus, error.uncertain]).toEqual([401, false]);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('APP_USR');
  });

  it('a read of another payment, or one that times out, is an error, never a state', async () => {
    const charge = await provider.createCharge(pixInput());
    standIn.scriptNext('read', {
      kind: 'raw',
      status: 200,
      text: JSON.stringify({ id: 42, status: 'approved', transaction_amount: 29.8 }),
    });
    expect((await gatewayError(provider.getCharge(charge.chargeId))).message).toBe(mercadopagoCopy.readFailed);
    standIn.scriptNext('read', { kind: 'hang' });
    expect((await gatewayError(provider.getCharge(charge.chargeId))).kind).toBe('transaction');
    await expect(provider.getCharge('../v1/payments')).rejects.toThrow(TypeError);
  });

  it('folds every documented status into our states', async () => {
    const charge = await provider.createCharge(pixInput());
    const expected: Record<string, string> = {
      pending: 'pending',
      in_process: 'pending',
      authorized: 'pending',
      approved: 'paid',
      rejected: 'failed',
      cancelled: 'failed',
      refunded: 'reversed',
      charged_back: 'reversed',
      in_mediation: 'unknown',
      something_new: 'unknown',
    };
    for (const [status, state] of Object.entries(expected)) {
      standIn.scriptNext('read', {
        kind: 'raw',
        status: 200,
        text: JSON.stringify({ id: Number(charge.chargeId), status, transaction_amount: 29.8 }),
      });
      expect([status, (await provider.getCharge(charge.chargeId)).state]).toEqual([status, state]);
    }
  });
});

describe('Mercado Pago: cancelling a payment', () => {
  it('cancelling is PUT status cancelled; cancelling again reads the payment, and a server error is an error', async () => {
    const charge = await provider.createCharge(pixInput());
    const cancelled = await provider.cancelCharge!(charge.chargeId);
    expect(cancelled).toMatchObject({ chargeId: charge.chargeId, state: 'failed', rawStatus: 'cancelled' });
    const put = standIn.requests.at(-1)!;
    expect([put.method, put.path, put.body]).toEqual(['PUT', `/v1/payments/${charge.chargeId}`, { status: 'cancelled' }]);
    // Cancelling again is refused (2018, not cancellable): the payment is read, still cancelled.
    expect(await provider.cancelCharge!(charge.chargeId)).toMatchObject({ state: 'failed' });

    const paid = await provider.createCharge(pixInput());
    standIn.pay(paid.chargeId);
    standIn.scriptNext('cancel', { kind: 'status', status: 500 });
    expect(await gatewayError(provider.cancelCharge!(paid.chargeId))).toMatchObject({
      httpStatus: 500,
      message: 'O Mercado Pago não cancelou o pagamento (HTTP 500).',
    });
  });
});

describe('Mercado Pago: webhooks', () => {
  async function delivered(chargeId: string, options: Parameters<MercadoPagoStandIn['notify']>[1] = {}) {
    receiver.requests.length = 0;
    await standIn.notify(chargeId, options);
    const request = receiver.requests[0];
    if (!request) throw new Error('the stand-in sent no notification');
    return request;
  }

  it('the payment is named by the signed query string: a body naming another is ignored, another x-request-id fails', async () => {
    const charge = await provider.createCharge(pixInput());
    const request = await delivered(charge.chargeId);
    const otherBody = request.body.replace(charge.chargeId, '1');
    expect(await provider.parseWebhook(asWebhookRequest({ ...request, body: otherBody }))).toEqual([
      { kind: 'charge', chargeId: charge.chargeId },
    ]);
    const otherRequestId = { ...request.headers, 'x-request-id': 'someone-else' };
    expect(await rejection(provider.parseWebhook(asWebhookRequest({ ...request, headers: otherRequestId })))).toBe(
      'x-signature does not match',
    );
  });

  it(`a notification signed more than ${WEBHOOK_TOLERANCE_MS / 60_000} minutes before or after now is rejected`, async () => {
    const charge = await provider.createCharge(pixInput());
    const old = await delivered(charge.chargeId, { tsMs: Date.now() - WEBHOOK_TOLERANCE_MS - 30_000 });
    expect(await rejection(provider.parseWebhook(asWebhookRequest(old)))).toBe('x-signature timestamp outside the tolerance');
    const future = await delivered(charge.chargeId, { tsMs: Date.now() + WEBHOOK_TOLERANCE_MS + 30_000 });
    expect(await rejection(provider.parseWebhook(asWebhookRequest(future)))).toBe('x-signature timestamp outside the tolerance');
  });

  it('takes ts in seconds as the docs example writes it, and leaves out an absent x-request-id as the docs say', async () => {
    const seconds = notification({ dataId: '123456', ts: String(Math.floor(Date.now() / 1000)) });
    expect(await provider.parseWebhook(asWebhookRequest(seconds))).toEqual([{ kind: 'charge', chargeId: '123456' }]);
    const noRequestId = notification({ dataId: '123456', requestId: null });
    expect(await provider.parseWebhook(asWebhookRequest(noRequestId))).toEqual([{ kind: 'charge', chargeId: '123456' }]);
  });

  it('lowercases an alphanumeric data.id in the manifest, and ignores topics other than payments', async () => {
    const order = notification({ dataId: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3', type: 'order' });
    expect(await provider.parseWebhook(asWebhookRequest(order))).toEqual([{ kind: 'ignored', reason: 'notification type order' }]);
    // Signed over the id as written (upper case): not how Mercado Pago signs, so not accepted.
    const ts = String(Date.now());
    const wrongCase = { ...order, headers: { ...order.headers } };
    wrongCase.headers['x-signature'] = `ts=${ts},v1=${createHmac('sha256', MP_STAND_IN_WEBHOOK_SECRET)
      .update(`id:ORD01JQ4S4KY8HWQ6NA5PXB65B3D3;request-id:${order.headers['x-request-id']};ts:${ts};`)
      .digest('hex')}`;
    expect(await rejection(provider.parseWebhook(asWebhookRequest(wrongCase)))).toBe('x-signature does not match');
  });

  it('rejects a notification without a signature, a timestamp, a hash or a data.id', async () => {
    const good = notification({ dataId: '555' });
    const without = (header: string) => Object.fromEntries(Object.entries(good.headers).filter(([name]) => name !== header));
    expect(await rejection(provider.parseWebhook(asWebhookRequest({ ...good, headers: without('x-signature') })))).toBe(
      'no x-signature header',
    );
    const noTs = { ...good.headers, 'x-signature': (good.headers['x-signature'] ?? '').replace(/ts=\d+,/, '') };
    expect(await rejection(provider.parseWebhook(asWebhookRequest({ ...good, headers: noTs })))).toBe('x-signature has no valid ts');
    const noHash = { ...good.headers, 'x-signature': (good.headers['x-signature'] ?? '').replace(/,v1=.*/, '') };
    expect(await rejection(provider.parseWebhook(asWebhookRequest({ ...good, headers: noHash })))).toBe('x-signature has no valid v1');
    const noDataId = { ...good, url: '/api/webhooks/mercadopago?type=payment' };
    expect(await rejection(provider.parseWebhook(asWebhookRequest(noDataId)))).toBe('no valid data.id in the query string');
  });
});

describe('Mercado Pago: prototype keys', () => {
  it('prototype keys in a payment reply, a refund reply or a notification do no harm', async () => {
    const charge = await provider.createCharge(pixInput());
    standIn.scriptNext('read', {
      kind: 'raw',
      status: 200,
      text: `{"__proto__": {"polluted": "yes", "status": "approved"}, "constructor": {"prototype": {"polluted": "yes"}}, "id": ${charge.chargeId}, "status": "pending", "transaction_amount": 29.8}`,
    });
    expect((await provider.getCharge(charge.chargeId)).state).toBe('pending');
    standIn.pay(charge.chargeId);
    const paid = await provider.getCharge(charge.chargeId);
    standIn.scriptNext('refund', {
      kind: 'raw',
      status: 201,
      text: `{"__proto__": {"polluted": "yes", "status": "approved"}, "id": 31, "payment_id": ${charge.chargeId}, "amount": 29.8, "status": "in_process"}`,
    });
    expect((await provider.refund(paid, { refundId: 'rf_proto', amountCents: 2980 })).state).toBe('pending');

    const hostile = notification({
      dataId: charge.chargeId,
      body: '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "type": "payment"}',
    });
    expect(await provider.parseWebhook(asWebhookRequest(hostile))).toEqual([{ kind: 'charge', chargeId: charge.chargeId }]);
    const protoId = notification({ dataId: '__proto__' });
    expect(await rejection(provider.parseWebhook(asWebhookRequest(protoId)))).toBe('no valid data.id in the query string');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('Mercado Pago: centavos and reais', () => {
  const amounts = fc.oneof(
    fc.integer({ min: 1, max: 10_000_000 }),
    fc.constantFrom(1, 9, 10, 29, 57, 99, 100, 101, 1005, 1990, 2980, 9_999_999, 10_000_000),
  );

  it('every amount from 1 to 10.000.000 centavos goes into reais, through JSON, and back exactly', () => {
    fc.assert(
      fc.property(amounts, (cents) => {
        const reais = centsToReais(cents);
        const wire = JSON.stringify({ transaction_amount: reais });
        // At most two decimals on the wire: never 0.29 * 100's 28.999999999999996.
        expect(wire).toMatch(/^\{"transaction_amount":\d+(\.\d{1,2})?\}$/);
        expect(reaisToCents((JSON.parse(wire) as { transaction_amount: unknown }).transaction_amount)).toBe(cents);
      }),
      { seed: FUZZ_SEED, numRuns: runs(20_000) },
    );
  });

  it('refuses what is not an amount in reais rather than guessing', () => {
    for (const value of [19.999, -1, Number.NaN, '1e3', '19,90', null, {}, 1e21]) expect(reaisToCents(value)).toBeNull();
    expect([reaisToCents(19.9), reaisToCents('19.90'), reaisToCents(0.29), reaisToCents(100)]).toEqual([1990, 1990, 29, 10000]);
    expect(() => centsToReais(19.5)).toThrow(TypeError);
  });
});

import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parsePixBrCode } from '../../../src/server/gateway/br-code.ts';
import { providerVariables } from '../../../src/server/gateway/provider-descriptor.ts';
import {
  WebhookRejectedError,
  type ChargeRecord,
  type CreatePixInput,
  type PixProvider,
  type WebhookRequest,
} from '../../../src/server/gateway/pix-provider.ts';
import { wooviProvider } from '../../../src/server/gateway/providers/woovi/index.ts';
import { toWooviValue } from '../../../src/server/gateway/providers/woovi/woovi-parse.ts';
import { createWooviProvider } from '../../../src/server/gateway/providers/woovi/woovi-provider.ts';
import { WOOVI_WEBHOOK_PUBLIC_KEY } from '../../../src/server/gateway/providers/woovi/woovi-webhook.ts';
import { GatewayError } from '../../../src/server/gateway/types.ts';
import { announceSeed, FUZZ_SEED, runs } from '../../fuzz/fuzz-kit.ts';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, outboxRows, tableRows } from '../../support/db-reads.ts';
import { askRefund, consoleCall, drainOutbox, memberVisit } from '../../support/purchase.ts';
import { startHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';
import { refusedUrl } from '../../support/loopback.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { useTestServer, type TestServerParts } from '../../support/test-server.ts';
import { startWooviStandIn, type WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import { databases } from '../test-db.ts';

/**
 * The Woovi (OpenPix) adapter over real HTTP against its stand-in: what is Woovi's own. What the stand-in checks and
 * answers comes from Woovi's public documentation (https://developers.woovi.com, source Open-Pix/openpix-developers):
 * - OpenAPI document src/swaggers/woovi.yml (https://developers.woovi.com/api): servers https://api.woovi.com and
 *   https://api.woovi-sandbox.com; security `AppID` in `Authorization`; POST /api/v1/charge (ChargePayload:
 *   `correlationID` and `value` in cents required, `comment`, `expiresIn` "minimum is 5 minutes", `customer`;
 *   `?return_existing=true` "make the endpoint idempotent, will return an existent charge if already has a one with
 *   the correlationID"; reply `{ charge, correlationID, brCode }`); GET and DELETE /api/v1/charge/{id} ("charge ID or
 *   correlation ID"; DELETE answers `{ status: "OK", id }`); GET and POST /api/v1/charge/{id}/refund (ChargeRefundPayload,
 *   ChargeRefund: IN_PROCESSING, CONFIRMED, REJECTED); GET /api/v1/transaction and /api/v1/transaction/{id} ("the
 *   transaction id from openpix or the endToEndId"); GET /api/v1/dispute/{id} (the payment's endToEndId; 400
 *   `{ "error": "Dispute not found" }`); the `Error` schema `{ error }`, the only refusal each route documents (400).
 * - docs/charge/how-to-create-charge-using-api.mdx and docs/flows/flow-create-charge-api.mdx
 *   (https://developers.woovi.com/docs/charge/how-to-create-charge-using-api): the create body and reply, `Authorization:
 *   <appID>` with no scheme, customer "name + taxID or name + email or name + phone".
 * - docs/flows/charge-flow-state-machine.md: ACTIVE, COMPLETED, EXPIRED.
 * - docs/refund/charge-refund-create-api.mdx (https://developers.woovi.com/docs/refund/charge-refund-create-api): the
 *   refund's own correlationID "para idempotência", `value` optional (the rest of the charge), `comment` ≤ 140;
 *   docs/concepts/refund.md: "total ou parcial".
 * - docs/webhook/webhook-events-type.md: OPENPIX:CHARGE_COMPLETED, _EXPIRED, _CREATED, TRANSACTION_RECEIVED,
 *   TRANSACTION_REFUND_RECEIVED, DISPUTE_CREATED, _ACCEPTED, _REJECTED, _CANCELED; payloads in docs/webhook/examples/
 *   (charge-payload, charge-expired-payload, refund-payload, dispute-payload, dispute-accept-payload,
 *   dispute-rejected-payload) and docs/disputa/webhook-dispute.mdx (a dispute names only `endToEndId`).
 * - docs/webhook/seguranca/weebhook-signature-validation.mdx
 *   (https://developers.woovi.com/docs/webhook/seguranca/webhook-signature-validation): `x-webhook-signature`, base64
 *   RSA-SHA256 of the body, Woovi's public key, and the example payload and signature used below; no timestamp.
 * - docs/webhook/webhook-retry.md: a 4xx/5xx answer is retried, 8 times.
 * - woovibr/woovi-nodejs-sdk src/utils/restClient/index.ts (the bare AppID header) and
 *   src/clients/charge/get/get.spec.ts (an unknown charge: 400 `{ error: "not exists" }`).
 */

/** The example on Woovi's signature page (payload and `x-webhook-signature`), signed with the published key. */
const DOCS_SAMPLE_PAYLOAD =
  '{ "pixQrCode": null, "charge": { "status": "COMPLETED", "customer": { "name": "Antonio Victor", "taxID": { "taxID": "12345678976", "type": "BR:CPF" }, "email": "antoniocliente@example.com", "correlationID": "4979ceba-2132-4292-bd90-bee7fb2125e4" }, "value": 1000, "comment": "Pagamento OpenPix", "transactionID": "ea83401ed4834b3ea6f1f283b389af29", "correlationID": "417bae21-3d08-4cdb-9c2d-fee63c89e9e4", "paymentLinkID": "34697ed2-3790-4b60-8512-e7465b142d84", "createdAt": "2021-03-12T12:43:54.528Z", "updatedAt": "2021-03-12T12:44:09.360Z", "brCode": "https://api.openpix.com.br/openpix/openpix/testing?transactionID=ea83401ed4834b3ea6f1f283b389af29" }, "pix": { "charge": { "status": "COMPLETED", "customer": { "name": "Antonio Victor", "taxID": { "taxID": "12345678976", "type": "BR:CPF" }, "email": "antoniocliente@example.com", "correlationID": "4979ceba-2132-4292-bd90-bee7fb2125e4" }, "value": 1000, "comment": "Pagamento OpenPix", "transactionID": "ea83401ed4834b3ea6f1f283b389af29", "correlationID": "417bae21-3d08-4cdb-9c2d-fee63c89e9e4", "paymentLinkID": "34697ed2-3790-4b60-8512-e7465b142d84", "createdAt": "2021-03-12T12:43:54.528Z", "updatedAt": "2021-03-12T12:44:09.360Z" }, "customer": { "correlationID": "9134e286-6f71-427a-bf00-241681624586", "email": "email1@example.com", "name": "Loma", "phone": "+5511999999999", "taxID": { "taxID": "47043622050", "type": "BR:CPF" } }, "payer": { "correlationID": "9134e286-6f71-427a-bf00-241681624586", "email": "email1@example.com", "name": "Loma", "phone": "+5511999999999", "taxID": { "taxID": "47043622050", "type": "BR:CPF" } }, "time": "2021-03-12T12:44:09.269Z", "value": 1, "transactionID": "ea83401ed4834b3ea6f1f283b389af29", "infoPagador": "OpenPix testing" }, "company": { "id": "624f46f9e93f9f521c8308d7", "name": "Pizzaria do José", "taxID": "4722767300014" }, "account": { "clientId": "ZOJ64B9B-ZM1W-89MI-4UCI-OP2LVIU6NY75" } }';
const DOCS_SAMPLE_SIGNATURE =
  'lL2nnXgmLFGgxJ8+jCDguqouU4ucrIxYJcU5SPrJFaNcJajTJHYVldqc/z4YFIjAjtPEALe699WosgPY08W7CLpidvtm06Qwa4YMB0l/DcTS93O91NdSH/adjugEKiOb76Zj/0jB8mqOmWCFYbweOBa17bssuEkd5Lw7Q5L314Y=';

const BASE_URL = 'https://loja.example/api/webhooks/woovi';

let standIn: WooviStandIn;
let provider: PixProvider;
let receiver: HttpReceiver;

function input(overrides: Partial<CreatePixInput> = {}): CreatePixInput {
  return {
    idempotencyKey: `ord_${Math.random().toString(36).slice(2)}.1`,
    amountCents: 1990,
    items: [{ title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 }],
    customer: { name: 'Maria Silva', email: 'maria@example.com', phoneDigits: '11987654321', document: '52998224725' },
    webhookUrl: BASE_URL,
    expiresInSeconds: 3600,
    requestedAt: Date.now(),
    ...overrides,
  };
}

function makeProvider(options: { apiUrl?: string; timeoutMs?: number; appId?: string; publicKey?: string } = {}): PixProvider {
  return createWooviProvider(
    {
      appId: options.appId ?? standIn.appId,
      webhookPublicKey: options.publicKey ?? standIn.publicKey,
      apiUrl: options.apiUrl ?? standIn.url,
    },
    { timeoutMs: options.timeoutMs ?? 2_000 },
  );
}

function webhookRequest(rawBody: string, signature: string | null): WebhookRequest {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (signature !== null) headers.set('x-webhook-signature', signature);
  return { url: new URL(BASE_URL), headers, rawBody, clientAddress: '203.0.113.9', clientCertificateVerified: false };
}

/** The last webhook the stand-in delivered, as our route would hand it to the adapter. */
function lastDelivered(event: string): WebhookRequest {
  const delivery = standIn.deliveries.findLast((item) => item.event === event);
  if (!delivery) throw new Error(`no ${event} delivered`);
  const request = receiver.requests.findLast((item) => item.body === delivery.body)!;
  return {
    url: new URL(request.url, 'https://loja.example'),
    headers: new Headers(request.headers),
    rawBody: request.body,
    clientAddress: '203.0.113.9',
    clientCertificateVerified: false,
  };
}

async function caught(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

async function paidCharge(amountCents = 1990): Promise<ChargeRecord> {
  const charge = await provider.createCharge(input({ amountCents, items: [{ title: 'Lista', priceCents: amountCents }] }));
  await standIn.pay(charge.chargeId);
  return provider.getCharge(charge.chargeId);
}

beforeAll(async () => {
  standIn = await startWooviStandIn();
  receiver = await startHttpReceiver();
  standIn.webhookUrl = `${receiver.url}/api/webhooks/woovi`;
  provider = makeProvider();
});

afterAll(async () => {
  await standIn.stop();
  await receiver.stop();
});

afterEach(() => {
  standIn.refundsConfirm = 'after_answer';
});

describe('Woovi: create, read back, find, cancel', () => {
  it('creates a charge keyed by our correlationID with the documented body, and shows a valid BR Code for the amount', async () => {
    const order = input();
    const charge = await provider.createCharge(order);
    expect(charge).toMatchObject({ chargeId: order.idempotencyKey, amountCents: 1990, state: 'pending', rawStatus: 'ACTIVE' });
    expect(parsePixBrCode(charge.pix.code!)?.amountCents).toBe(1990);
    expect(charge.pix.imageUrl).toMatch(/^https:\/\/api\.woovi\.com\/openpix\/charge\/brcode\/image\//);
    expect(charge.expiresAt).toBeGreaterThan(Date.now() + 3500_000);

    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/api/v1/charge',
      query: { return_existing: 'true' },
      headers: expect.objectContaining({ authorization: standIn.appId }),
    });
    expect(sent.body).toEqual({
      correlationID: order.idempotencyKey,
      value: 1990,
      comment: 'Lista de Fornecedores Secretos Vitalícia',
      expiresIn: 3600,
      customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '5511987654321', taxID: '52998224725' },
    });
  });

  it('is idempotent: the same correlationID sent again answers the same charge, and Woovi holds one', async () => {
    const order = input();
    const first = await provider.createCharge(order);
    const before = standIn.charges.size;
    const again = await provider.createCharge(order);
    expect(again.chargeId).toBe(first.chargeId);
    expect(again.pix.code).toBe(first.pix.code);
    expect(standIn.charges.size).toBe(before);
    expect(provider.capabilities.idempotentCreate).toBe(true);
  });

  it('sends Woovi’s five-minute minimum when asked for less, and leaves the tax id out when the buyer gave none', async () => {
    await provider.createCharge(
      input({ expiresInSeconds: 60, customer: { name: 'Ana', email: 'ana@example.com', phoneDigits: '11999990000', document: null } }),
    );
    const body = standIn.requests.at(-1)!.body as { expiresIn: number; customer: Record<string, string> };
    expect(body.expiresIn).toBe(300);
    expect(body.customer).toEqual({ name: 'Ana', email: 'ana@example.com', phone: '5511999990000' });
  });

  it('reads the charge back pending, then paid with its amount and the payment’s end-to-end id', async () => {
    const charge = await provider.createCharge(input());
    expect(await provider.getCharge(charge.chargeId)).toMatchObject({ state: 'pending', rawStatus: 'ACTIVE' });
    await standIn.pay(charge.chargeId);
    const paid = await provider.getCharge(charge.chargeId);
    expect(paid).toMatchObject({ chargeId: charge.chargeId, state: 'paid', rawStatus: 'COMPLETED', amountCents: 1990 });
    expect(paid.endToEndId).toBe(standIn.charges.get(charge.chargeId)!.endToEndId);
  });

  it('an expired charge reads failed', async () => {
    const charge = await provider.createCharge(input());
    await standIn.expire(charge.chargeId);
    expect(await provider.getCharge(charge.chargeId)).toMatchObject({ state: 'failed', rawStatus: 'EXPIRED' });
  });

  it('refuses a read-back about another charge, and never takes an unknown charge for gone', async () => {
    const charge = await provider.createCharge(input());
    standIn.scriptNext('read', {
      kind: 'status',
      status: 200,
      body: { charge: { correlationID: 'ord_other.1', value: 1990, status: 'COMPLETED' } },
    });
    expect((await caught(provider.getCharge(charge.chargeId))).kind).toBe('transaction');
    expect((await caught(provider.getCharge('ord_never_made.1'))).kind).toBe('transaction');
  });

  it('findCharge: Woovi’s "not found" (a 400, or a 404) is none; the charge made comes back with its code; a 401 is no answer', async () => {
    expect(await provider.findCharge!('ord_unknown.1')).toEqual({ kind: 'none' });
    standIn.scriptNext('read', { kind: 'status', status: 404, body: { error: 'Not found' } });
    expect(await provider.findCharge!('ord_unknown.2')).toEqual({ kind: 'none' });
    const order = input();
    const made = await provider.createCharge(order);
    expect(await provider.findCharge!(order.idempotencyKey)).toEqual({ kind: 'charge', charge: made });
    const wrongKey = makeProvider({ appId: 'wrong-app-id' });
    const error = await caught(wrongKey.findCharge!('ord_unknown.3'));
    expect(error).toMatchObject({ httpStatus: 401 });
    expect(error.message).toContain('WOOVI_APP_ID');
    standIn.scriptNext('read', { kind: 'status', status: 400, body: { error: 'invalid request' } });
    await caught(provider.findCharge!('ord_unknown.4'));
  });

  it('cancelCharge deletes an unpaid charge (its code can no longer be paid); a paid one stays paid', async () => {
    const open = await provider.createCharge(input());
    expect(await provider.cancelCharge!(open.chargeId)).toMatchObject({ state: 'failed', rawStatus: 'DELETED' });
    expect(standIn.charges.has(open.chargeId)).toBe(false);
    expect(standIn.requests.some((request) => request.method === 'DELETE' && request.path === `/api/v1/charge/${open.chargeId}`)).toBe(
      true,
    );

    const paid = await paidCharge();
    expect(await provider.cancelCharge!(paid.chargeId)).toMatchObject({ state: 'paid', rawStatus: 'COMPLETED' });
    standIn.scriptNext('delete', { kind: 'status', status: 503 });
    const other = await provider.createCharge(input());
    expect((await caught(provider.cancelCharge!(other.chargeId))).httpStatus).toBe(503);
    expect(standIn.charges.get(other.chargeId)!.status).toBe('ACTIVE');
  });
});

describe('Woovi: an error names the call that failed', () => {
  it('the charge read worked and the transaction list failed: the message names the transaction list', async () => {
    const paid = await paidCharge();
    standIn.scriptNext('transactions', { kind: 'status', status: 404, body: { error: 'Not found' } });
    expect((await caught(provider.getCharge(paid.chargeId))).message).toBe('A Woovi não mostrou as transações da cobrança (HTTP 404).');
    standIn.scriptNext('refunds', { kind: 'status', status: 500 });
    expect((await caught(provider.getCharge(paid.chargeId))).message).toBe('A Woovi não mostrou os reembolsos da cobrança (HTTP 500).');
    standIn.scriptNext('read', { kind: 'status', status: 500 });
    expect((await caught(provider.getCharge(paid.chargeId))).message).toBe('A Woovi não mostrou a cobrança (HTTP 500).');
  });

  it('a cancel whose DELETE failed says the cancel failed, not a read', async () => {
    const open = await provider.createCharge(input());
    standIn.scriptNext('delete', { kind: 'status', status: 503 });
    expect((await caught(provider.cancelCharge!(open.chargeId))).message).toBe('A Woovi não cancelou a cobrança (HTTP 503).');
  });
});

describe('Woovi: errors on create', () => {
  it.each([
    ['a 400 validation error', { kind: 'status', status: 400, body: { error: 'value is required' } }, false],
    ['a 429', { kind: 'status', status: 429, body: { error: 'Too many requests' } }, false],
    ['a 500', { kind: 'status', status: 500 }, true],
    ['a 502 from a proxy', { kind: 'raw', status: 502, text: '<html>Bad Gateway</html>', contentType: 'text/html' }, true],
    ['a 200 that is not JSON', { kind: 'raw', status: 200, text: '<html>ok</html>', contentType: 'text/html' }, true],
    ['a 200 without a charge', { kind: 'status', status: 200, body: { correlationID: 'x', brCode: '000201' } }, true],
  ] as const)('%s → uncertain is %s', async (_name, fault, uncertain) => {
    standIn.scriptNext('create', fault);
    const error = await caught(provider.createCharge(input()));
    expect(error).toMatchObject({ kind: 'charge', uncertain });
    expect(error.message).toMatch(/^Erro ao processar pagamento/);
  });

  it('a real wrong AppID is refused (401), certain, with Woovi’s words kept for Saúde', async () => {
    const error = await caught(makeProvider({ appId: 'not-the-app-id' }).createCharge(input()));
    expect(error).toMatchObject({ httpStatus: 401, uncertain: false, buyerData: false });
    expect((error.cause as Error).message).toContain('AppID inválido');
  });

  it('a refusal naming the customer’s data is the buyer’s; another refusal is the seller’s', async () => {
    const before = standIn.charges.size;
    const buyer = await caught(
      provider.createCharge(input({ customer: { name: 'Ana', email: 'ana@', phoneDigits: '1', document: null } })),
    );
    expect(buyer).toMatchObject({ httpStatus: 400, buyerData: true, uncertain: false });
    standIn.scriptNext('create', { kind: 'status', status: 400, body: { error: 'Conta sem chave Pix cadastrada' } });
    expect(await caught(provider.createCharge(input()))).toMatchObject({ buyerData: false, uncertain: false });
    expect(standIn.charges.size).toBe(before);
  });

  it('a timeout after sending and a dropped connection are uncertain; a refused connection is not', async () => {
    standIn.scriptNext('create', { kind: 'hang' });
    expect((await caught(makeProvider({ timeoutMs: 150 }).createCharge(input()))).uncertain).toBe(true);
    standIn.scriptNext('create', { kind: 'reset' });
    expect((await caught(provider.createCharge(input()))).uncertain).toBe(true);
    expect((await caught(makeProvider({ apiUrl: await refusedUrl() }).createCharge(input()))).uncertain).toBe(false);
  });

  it('never shows a PIX for another amount or another key than asked', async () => {
    const order = input();
    standIn.scriptNext('create', {
      kind: 'status',
      status: 200,
      body: { charge: { correlationID: order.idempotencyKey, value: 199, status: 'ACTIVE', brCode: '000201' } },
    });
    expect((await caught(provider.createCharge(order))).uncertain).toBe(false);
    standIn.scriptNext('create', {
      kind: 'status',
      status: 200,
      body: { charge: { correlationID: 'ord_someone_else.1', value: 1990, status: 'ACTIVE', brCode: '000201' } },
    });
    expect((await caught(provider.createCharge(input()))).uncertain).toBe(true);
  });

  it('refuses amounts that are not positive integer centavos before sending anything', async () => {
    const before = standIn.requests.length;
    await expect(provider.createCharge(input({ amountCents: 19.9 }))).rejects.toThrow(TypeError);
    await expect(provider.createCharge(input({ amountCents: 0 }))).rejects.toThrow(TypeError);
    expect(standIn.requests.length).toBe(before);
  });
});

describe('Woovi: refunds', () => {
  it('refunds part of a charge with the documented body, keyed by our refund id; the rest later reverses it', async () => {
    standIn.refundsConfirm = 'later';
    const charge = await paidCharge(5000);
    const part = await provider.refund(charge, { refundId: 'ord_r.r1', amountCents: 2000 });
    expect(part).toEqual({ refundId: 'ord_r.r1', amountCents: 2000, state: 'pending', rawStatus: 'IN_PROCESSING' });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/v1/charge/${charge.chargeId}/refund`,
      body: { correlationID: 'ord_r.r1', value: 2000, comment: 'Reembolso da compra' },
    });
    await standIn.confirmRefunds();
    expect(await provider.getRefund(charge, 'ord_r.r1')).toMatchObject({ state: 'done', rawStatus: 'CONFIRMED', amountCents: 2000 });
    // Part of the money went back: the payment still stands.
    expect((await provider.getCharge(charge.chargeId)).state).toBe('paid');
    await provider.refund(charge, { refundId: 'ord_r.r2', amountCents: 3000 });
    expect(await provider.getCharge(charge.chargeId)).toMatchObject({ state: 'refunding', rawStatus: 'REFUND_IN_PROCESSING' });
    await standIn.confirmRefunds();
    expect(await provider.getCharge(charge.chargeId)).toMatchObject({ state: 'reversed', rawStatus: 'REFUNDED' });
    expect(provider.capabilities.partialRefunds).toBe(true);
  });

  it('the same refund id sent again is the same refund: Woovi refunds once', async () => {
    const charge = await paidCharge();
    const first = await provider.refund(charge, { refundId: 'ord_same.r1', amountCents: 1990 });
    const again = await provider.refund(charge, { refundId: 'ord_same.r1', amountCents: 1990 });
    expect(again.refundId).toBe(first.refundId);
    expect(standIn.charges.get(charge.chargeId)!.refunds).toHaveLength(1);
  });

  it('a refund Woovi confirms in its answer is done at once, and the charge reads reversed', async () => {
    standIn.refundsConfirm = 'in_answer';
    const charge = await paidCharge();
    expect(await provider.refund(charge, { refundId: 'ord_now.r1', amountCents: 1990 })).toMatchObject({
      state: 'done',
      rawStatus: 'CONFIRMED',
    });
    expect((await provider.getCharge(charge.chargeId)).state).toBe('reversed');
  });

  it('a refund in Woovi’s panel reverses the charge on its next read, and its webhook names the charge', async () => {
    const charge = await paidCharge();
    await standIn.refundInPanel(charge.chargeId);
    expect(await provider.parseWebhook(lastDelivered('OPENPIX:TRANSACTION_REFUND_RECEIVED'))).toEqual([
      { kind: 'refund', chargeId: charge.chargeId, refundId: null },
    ]);
    expect((await provider.getCharge(charge.chargeId)).state).toBe('reversed');
  });

  it('refusals are certain and carry Woovi’s words: more than is left, an unpaid charge, a bad AppID', async () => {
    const charge = await paidCharge();
    const tooMuch = await caught(provider.refund(charge, { refundId: 'ord_x.r1', amountCents: 1991 }));
    expect(tooMuch).toMatchObject({ kind: 'refund', uncertain: false, httpStatus: 400 });
    expect(tooMuch.message).toMatch(/^A Woovi recusou o reembolso \(HTTP 400\): Valor do reembolso maior/);
    const open = await provider.createCharge(input());
    const unpaid = await caught(provider.refund(await provider.getCharge(open.chargeId), { refundId: 'ord_x.r2', amountCents: 1990 }));
    expect(unpaid.message).toContain('não está paga');
    const wrongKey = await caught(makeProvider({ appId: 'wrong' }).refund(charge, { refundId: 'ord_x.r3', amountCents: 1990 }));
    expect(wrongKey).toMatchObject({ uncertain: false, httpStatus: 401 });
    expect(standIn.charges.get(charge.chargeId)!.refunds).toHaveLength(0);
  });

  it('a 5xx, a timeout and an unreadable success may have refunded (uncertain); an unreachable API did not', async () => {
    const charge = await paidCharge();
    standIn.scriptNext('refund', { kind: 'status', status: 500 });
    const server = await caught(provider.refund(charge, { refundId: 'ord_u.r1', amountCents: 1990 }));
    expect(server).toMatchObject({ uncertain: true, httpStatus: 500 });
    expect(server.message).toContain('painel da Woovi');
    standIn.scriptNext('refund', { kind: 'hang' });
    expect((await caught(makeProvider({ timeoutMs: 150 }).refund(charge, { refundId: 'ord_u.r1', amountCents: 1990 }))).uncertain).toBe(
      true,
    );
    standIn.scriptNext('refund', { kind: 'status', status: 200, body: { refund: {} } });
    expect((await caught(provider.refund(charge, { refundId: 'ord_u.r1', amountCents: 1990 }))).uncertain).toBe(true);
    expect(
      (await caught(makeProvider({ apiUrl: await refusedUrl() }).refund(charge, { refundId: 'ord_u.r1', amountCents: 1990 }))).uncertain,
    ).toBe(false);
  });

  it('a refund Woovi does not list was never made', async () => {
    const charge = await paidCharge();
    const error = await caught(provider.getRefund(charge, 'ord_never.r1'));
    expect(error).toMatchObject({ kind: 'refund', uncertain: false });
    expect(error.message).toContain('não foi pedido');
  });
});

describe('Woovi: disputes (MED)', () => {
  it('DISPUTE_CREATED names only the payment: the adapter finds its charge, whose read holds the money while it is open', async () => {
    const charge = await paidCharge();
    await standIn.dispute(charge.chargeId);
    const created = lastDelivered('OPENPIX:DISPUTE_CREATED');
    expect(JSON.parse(created.rawBody).dispute).not.toHaveProperty('correlationID');
    expect(await provider.parseWebhook(created)).toEqual([
      { kind: 'dispute', dispute: expect.objectContaining({ disputeId: charge.endToEndId, chargeId: charge.chargeId, state: 'open' }) },
      { kind: 'charge', chargeId: charge.chargeId },
    ]);
    expect(standIn.requests).toContainEqual(expect.objectContaining({ method: 'GET', path: `/api/v1/transaction/${charge.endToEndId}` }));
    // Neither paid nor reversed while the bank decides: the order is left as it is.
    expect(await provider.getCharge(charge.chargeId)).toMatchObject({ state: 'unknown', rawStatus: 'DISPUTE_OPENED' });
  });

  it('a dispute accepted returned the money: the charge reads reversed, like a refund', async () => {
    const charge = await paidCharge();
    await standIn.dispute(charge.chargeId);
    await standIn.endDispute(charge.chargeId, 'ACCEPTED');
    expect(await provider.parseWebhook(lastDelivered('OPENPIX:DISPUTE_ACCEPTED'))).toEqual([
      { kind: 'dispute', dispute: expect.objectContaining({ chargeId: charge.chargeId, state: 'lost', rawStatus: 'ACCEPTED' }) },
      { kind: 'charge', chargeId: charge.chargeId },
    ]);
    expect(await provider.getCharge(charge.chargeId)).toMatchObject({ state: 'reversed', rawStatus: 'DISPUTE_ACCEPTED' });
  });

  it.each(['REJECTED', 'CANCELED'] as const)('a dispute %s leaves the payment paid', async (status) => {
    const charge = await paidCharge();
    await standIn.dispute(charge.chargeId);
    await standIn.endDispute(charge.chargeId, status);
    expect((await provider.getCharge(charge.chargeId)).state).toBe('paid');
  });

  it('a dispute on a payment Woovi cannot tie to a charge is ignored; a failed lookup is an error, so Woovi sends it again', async () => {
    const body = JSON.stringify({
      event: 'OPENPIX:DISPUTE_CREATED',
      dispute: { status: 'OPENED', endToEndId: 'E00000000202401011200abcdef012345', value: 1000 },
    });
    expect((await provider.parseWebhook(webhookRequest(body, standIn.sign(body))))[0]!.kind).toBe('ignored');
    standIn.scriptNext('transaction', { kind: 'status', status: 503 });
    const error = await provider.parseWebhook(webhookRequest(body, standIn.sign(body))).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).not.toBeInstanceOf(WebhookRejectedError);
  });
});

describe('Woovi: webhooks', () => {
  it('the example on Woovi’s signature page verifies with the key Woovi publishes, the production default', async () => {
    const production = createWooviProvider({ appId: 'app', apiUrl: standIn.url });
    expect(await production.parseWebhook(webhookRequest(DOCS_SAMPLE_PAYLOAD, DOCS_SAMPLE_SIGNATURE))).toEqual([
      { kind: 'charge', chargeId: '417bae21-3d08-4cdb-9c2d-fee63c89e9e4' },
    ]);
    const tampered = DOCS_SAMPLE_PAYLOAD.replace('"value": 1000', '"value": 1');
    await expect(production.parseWebhook(webhookRequest(tampered, DOCS_SAMPLE_SIGNATURE))).rejects.toBeInstanceOf(WebhookRejectedError);
    expect(wooviProvider.settings.parse({ WOOVI_APP_ID: 'app' }).WOOVI_WEBHOOK_PUBLIC_KEY).toBe(WOOVI_WEBHOOK_PUBLIC_KEY);
  });

  it('accepts the signed CHARGE_COMPLETED the stand-in posts, as the charge to read back', async () => {
    const charge = await provider.createCharge(input());
    await standIn.pay(charge.chargeId);
    expect(await provider.parseWebhook(lastDelivered('OPENPIX:CHARGE_COMPLETED'))).toEqual([{ kind: 'charge', chargeId: charge.chargeId }]);
  });

  it('rejects a tampered body, a missing or malformed signature, and a body signed by another key', async () => {
    const body = JSON.stringify({
      event: 'OPENPIX:CHARGE_COMPLETED',
      charge: { correlationID: 'ord_a.1', status: 'COMPLETED', value: 1990 },
    });
    const signature = standIn.sign(body);
    const reject = (request: WebhookRequest) => expect(provider.parseWebhook(request)).rejects.toBeInstanceOf(WebhookRejectedError);
    await reject(webhookRequest(body.replace('ord_a.1', 'ord_b.1'), signature));
    await reject(webhookRequest(body, null));
    await reject(webhookRequest(body, 'not base64 at all!'));
    await reject(webhookRequest(body, `${signature.slice(0, -4)}AAA=`));
    // Signed for real, by Woovi's key pair: not the one this server was given.
    await reject(webhookRequest(DOCS_SAMPLE_PAYLOAD, DOCS_SAMPLE_SIGNATURE));
  });

  it('a replay (Woovi signs no timestamp) only asks for the same read-back again, which cannot settle money twice', async () => {
    const charge = await provider.createCharge(input());
    const body = JSON.stringify({ event: 'OPENPIX:CHARGE_COMPLETED', charge: { correlationID: charge.chargeId, status: 'COMPLETED' } });
    const request = webhookRequest(body, standIn.sign(body));
    const first = await provider.parseWebhook(request);
    expect(await provider.parseWebhook(request)).toEqual(first);
    // The body says COMPLETED; only the read counts, and Woovi's read says it was never paid.
    expect((await provider.getCharge(charge.chargeId)).state).toBe('pending');
  });

  it('reads the charge of the other charge events, and ignores Woovi’s test call and unrelated events', async () => {
    const event = (name: string, extra: object) => {
      const body = JSON.stringify({ event: name, ...extra });
      return provider.parseWebhook(webhookRequest(body, standIn.sign(body)));
    };
    expect(await event('OPENPIX:CHARGE_EXPIRED', { charge: { correlationID: 'ord_e.1' } })).toEqual([
      { kind: 'charge', chargeId: 'ord_e.1' },
    ]);
    expect(await event('OPENPIX:TRANSACTION_RECEIVED', { charge: null, pix: { charge: { correlationID: 'ord_t.1' } } })).toEqual([
      { kind: 'charge', chargeId: 'ord_t.1' },
    ]);
    expect((await event('OPENPIX:TRANSACTION_RECEIVED', { charge: null, pixQrCode: { identifier: 'static' } }))[0]!.kind).toBe('ignored');
    expect((await event('OPENPIX:CHARGE_COMPLETED', { data_criacao: '2021-08-10T20:32:14.429Z', evento: 'teste_webhook' }))[0]!.kind).toBe(
      'ignored',
    );
    // A payment the seller sent is an affiliate payout's word, read back by its correlationID (affiliates/payouts.ts).
    expect(await event('OPENPIX:MOVEMENT_CONFIRMED', { payment: { correlationID: 'p' } })).toEqual([
      { kind: 'payout', sendId: 'p', announced: 'settled' },
    ]);
    expect((await event('OPENPIX:MOVEMENT_FAILED', {}))[0]!.kind).toBe('ignored');
    const notJson = 'not json';
    expect((await provider.parseWebhook(webhookRequest(notJson, standIn.sign(notJson))))[0]!.kind).toBe('ignored');
  });

  it('prototype keys in a reply and in a webhook do no harm', async () => {
    const order = input();
    standIn.scriptNext('create', {
      kind: 'raw',
      status: 200,
      text: `{"__proto__":{"polluted":1},"charge":{"constructor":{"prototype":{"polluted":1}},"correlationID":"${order.idempotencyKey}","value":1990,"status":"ACTIVE","brCode":"000201abc"}}`,
    });
    expect((await provider.createCharge(order)).chargeId).toBe(order.idempotencyKey);
    const body =
      '{"__proto__":{"polluted":1},"event":"OPENPIX:CHARGE_COMPLETED","charge":{"__proto__":{"correlationID":"evil"},"correlationID":"ord_q.1"}}';
    expect(await provider.parseWebhook(webhookRequest(body, standIn.sign(body)))).toEqual([{ kind: 'charge', chargeId: 'ord_q.1' }]);
    const proto = '{"event":"OPENPIX:CHARGE_COMPLETED","charge":{"__proto__":{"correlationID":"ord_evil.1"}}}';
    expect((await provider.parseWebhook(webhookRequest(proto, standIn.sign(proto))))[0]!.kind).toBe('ignored');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('Woovi: settings', () => {
  it('the AppID is a required secret; the key, the URL and payouts by API are plain, defaulting to Woovi’s own and off', () => {
    expect(providerVariables(wooviProvider)).toEqual([
      { name: 'WOOVI_APP_ID', secret: true, required: true },
      { name: 'WOOVI_WEBHOOK_PUBLIC_KEY', secret: false, required: false },
      { name: 'WOOVI_API_URL', secret: false, required: false },
      { name: 'WOOVI_PIX_SEND', secret: false, required: false },
    ]);
    expect(wooviProvider.settings.parse({ WOOVI_APP_ID: 'app' }).WOOVI_API_URL).toBe('https://api.woovi.com');
    expect(wooviProvider.settings.parse({ WOOVI_APP_ID: 'app' }).WOOVI_PIX_SEND).toBe('off');
  });

  it('refuses a key that is not an RSA public key and an API URL without https', () => {
    expect(wooviProvider.settings.safeParse({ WOOVI_APP_ID: 'app', WOOVI_WEBHOOK_PUBLIC_KEY: 'bm90IGEga2V5' }).success).toBe(false);
    expect(wooviProvider.settings.safeParse({ WOOVI_APP_ID: 'app', WOOVI_API_URL: 'http://api.woovi.com' }).success).toBe(false);
    // The PEM itself is taken too, as a seller may paste it.
    const pem = Buffer.from(WOOVI_WEBHOOK_PUBLIC_KEY, 'base64').toString('utf8');
    expect(wooviProvider.settings.safeParse({ WOOVI_APP_ID: 'app', WOOVI_WEBHOOK_PUBLIC_KEY: pem }).success).toBe(true);
  });
});

describe('Woovi: the money unit', () => {
  announceSeed('provider-woovi');

  it('every amount from 1 to 10.000.000 centavos is sent as the same integer: Woovi’s `value` is centavos', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
        const sent = toWooviValue(cents);
        expect(JSON.parse(JSON.stringify({ value: sent })).value).toBe(cents);
      }),
      { seed: FUZZ_SEED, numRuns: runs(10_000), examples: [[1], [10_000_000], [1990], [2980]] },
    );
    expect(() => toWooviValue(19.9)).toThrow(TypeError);
  });

  it('and over HTTP: the stand-in receives the same centavos, the charge and its BR Code carry them back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000_000 }), async (cents) => {
        const charge = await provider.createCharge(input({ amountCents: cents, items: [{ title: 'Lista', priceCents: cents }] }));
        expect((standIn.requests.at(-1)!.body as { value: unknown }).value).toBe(cents);
        expect(charge.amountCents).toBe(cents);
        expect(parsePixBrCode(charge.pix.code!)?.amountCents).toBe(cents);
        expect((await provider.getCharge(charge.chargeId)).amountCents).toBe(cents);
      }),
      { seed: FUZZ_SEED, numRuns: runs(40), examples: [[1], [10_000_000]] },
    );
  });
});

const CONSOLE_PASSWORD = 'senha-do-painel-woovi';

/** Woovi's stand-in and a server taking its charges, for the enclosing describe; the stand-in is read in the tests. */
function useWooviServer(database: (typeof databases)[number], parts: TestServerParts = {}) {
  let standIn: WooviStandIn;
  beforeAll(async () => {
    standIn = await startWooviStandIn();
  });
  afterAll(() => standIn?.stop());
  const running = useTestServer(
    database,
    () =>
      providersEnv(['woovi'], {
        WOOVI_APP_ID: standIn.appId,
        WOOVI_WEBHOOK_PUBLIC_KEY: standIn.publicKey,
        WOOVI_API_URL: standIn.url,
        ADMIN_PASSWORD: CONSOLE_PASSWORD,
        GATEWAY_REFUNDS: '1',
      }),
    { ownPublicUrl: true, ...parts },
  );
  return { woovi: () => standIn, running };
}

const readsOf = (standIn: WooviStandIn, chargeId: string) =>
  standIn.requests.filter((request) => request.method === 'GET' && request.path === `/api/v1/charge/${chargeId}`).length;

for (const database of databases) {
  describe(`Woovi's webhooks through /api/webhooks/woovi on ${database.name}`, () => {
    const { woovi, running } = useWooviServer(database);

    async function pendingOrder() {
      woovi().webhookUrl = `${running.server.url}/api/webhooks/woovi`;
      const created = await checkout(running.server.url);
      expect(created.status).toBe(201);
      const order = await orderRow(running.db, created.body.orderId!);
      expect(order.provider).toBe('woovi');
      return { orderId: order.id, chargeId: order.charge_id! };
    }

    async function post(rawBody: string, signature: string | null): Promise<number> {
      const response = await fetch(`${running.server.url}/api/webhooks/woovi`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'x-webhook-signature': signature }) },
        body: rawBody,
      });
      await response.arrayBuffer();
      await running.server.background.idle();
      return response.status;
    }

    it('a valid one pays the order once its read-back says so; a replay changes nothing; a tampered one is refused', async () => {
      const order = await pendingOrder();
      await woovi().pay(order.chargeId);
      expect(woovi().deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:CHARGE_COMPLETED', status: 200 });
      await running.server.background.idle();
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'paid' });
      expect(await outboxRows(running.db, order.orderId, 'access_email')).toHaveLength(1);

      // Woovi signs no timestamp: the same delivery again is accepted, read back, and sells nothing twice.
      const delivered = woovi().deliveries.at(-1)!;
      expect(await post(delivered.body, delivered.headers['x-webhook-signature']!)).toBe(200);
      expect(await outboxRows(running.db, order.orderId, 'access_email')).toHaveLength(1);

      const other = await pendingOrder();
      const reads = readsOf(woovi(), other.chargeId);
      const forged = delivered.body.replaceAll(order.chargeId, other.chargeId);
      expect(await post(forged, delivered.headers['x-webhook-signature']!)).toBe(401);
      expect(await post(forged, null)).toBe(401);
      expect(readsOf(woovi(), other.chargeId)).toBe(reads);
      expect(await orderRow(running.db, other.orderId)).toMatchObject({ status: 'pending' });
    });

    it('a MED: DISPUTE_CREATED leaves the paid order as it is; DISPUTE_ACCEPTED (the money went back) reverses it', async () => {
      const order = await pendingOrder();
      await woovi().pay(order.chargeId);
      await running.server.background.idle();
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'paid' });

      await woovi().dispute(order.chargeId);
      expect(woovi().deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:DISPUTE_CREATED', status: 200 });
      await running.server.background.idle();
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'paid' });

      await woovi().endDispute(order.chargeId, 'ACCEPTED');
      expect(woovi().deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:DISPUTE_ACCEPTED', status: 200 });
      await running.server.background.idle();
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'reversed' });
    });

    it('a dispute whose webhook was lost and that the refund step reads on the charge is recorded, and no money goes out', async () => {
      const order = await pendingOrder();
      await woovi().pay(order.chargeId);
      await running.server.background.idle();
      const { cookie } = await memberVisit(running.server.url, running.db, order.orderId, Date.now());
      woovi().webhookUrl = null;
      await woovi().dispute(order.chargeId);

      expect((await askRefund(running.server.url, cookie)).status).toBe(200);
      const admin = await signInToConsole(running.server.url, CONSOLE_PASSWORD);
      expect((await consoleCall(running.server.url, admin, `/orders/${order.orderId}/refund/start`, {})).status).toBe(202);
      await drainOutbox(running.server);
      const seen = (await tableRows(running.db, 'disputes')).filter((row) => row.order_id === order.orderId);
      expect(seen).toMatchObject([{ provider: 'woovi', state: 'open' }]);
      expect(woovi().charges.get(order.chargeId)!.refunds).toEqual([]);
    });
  });
}

for (const database of databases) {
  describe(`a Woovi cancel whose answer was lost, on ${database.name}`, () => {
    const { woovi, running } = useWooviServer(database, { clock: 'now' });

    /** The reconciler's tick at `at`, past every order's next check. */
    async function tickAt(at: number) {
      running.clock.now = at;
      await running.server.reconciler.runOnce();
      await running.server.background.idle();
    }

    it('Woovi deleted A but the answer was lost: past A’s expiry, its "not found" read closes it, and it is read no more', async () => {
      const buyer = uniqueBuyer('Irene Cardoso');
      const first = await checkout(running.server.url, { buyer });
      woovi().scriptNext('delete', { kind: 'swallowed' });
      const second = await checkout(running.server.url, { buyer, bump: true });
      expect([second.status, second.body.amountCents]).toEqual([201, 2980]);
      const a = await orderRow(running.db, first.body.orderId!);
      expect(a).toMatchObject({ status: 'failed', replaced_by: second.body.orderId, provider_closed_at: null });
      expect(woovi().charges.has(a.charge_id!)).toBe(false);
      // Past A's expiry, the cancel is not sent again; only a read can close it, inside the day of grace.
      await tickAt(Number(a.expires_at) + 60_000);
      expect(readsOf(woovi(), a.charge_id!)).toBeGreaterThan(0);
      expect((await orderRow(running.db, a.id)).provider_closed_at).not.toBeNull();
      const reads = readsOf(woovi(), a.charge_id!);
      await tickAt(Number(a.expires_at) + 60 * 60_000);
      expect(readsOf(woovi(), a.charge_id!)).toBe(reads);
    });

    it('a charge never cancelled that reads "not found" (a wrong host, say) is not taken for closed: it is read on', async () => {
      const created = await checkout(running.server.url, { buyer: uniqueBuyer('Jonas Feitosa') });
      const order = await orderRow(running.db, created.body.orderId!);
      woovi().charges.delete(order.charge_id!);
      await tickAt(Number(order.expires_at) + 60_000);
      const reads = readsOf(woovi(), order.charge_id!);
      expect(reads).toBeGreaterThan(0);
      expect(await orderRow(running.db, order.id)).toMatchObject({ status: 'pending', provider_closed_at: null });
      await tickAt(Number(order.expires_at) + 60 * 60_000);
      expect(readsOf(woovi(), order.charge_id!)).toBeGreaterThan(reads);
    });
  });
}

import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parsePixBrCode } from '../../../src/server/gateway/br-code.ts';
import {
  WebhookRejectedError,
  type ChargeRecord,
  type CreatePixInput,
  type WebhookRequest,
} from '../../../src/server/gateway/pix-provider.ts';
import { createAbacatepayProvider, type AbacatepayProvider } from '../../../src/server/gateway/providers/abacatepay/abacatepay-provider.ts';
import { fromAbacateAmount, toAbacateAmount } from '../../../src/server/gateway/providers/abacatepay/parse-abacatepay.ts';
import { GatewayError } from '../../../src/server/gateway/types.ts';
import { announceSeed, FUZZ_SEED, runs } from '../../fuzz/fuzz-kit.ts';
import { asWebhookRequest, startHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';
import { refusedUrl } from '../../support/loopback.ts';
import { signAbacateBody, startAbacatepayStandIn, type AbacatepayStandIn } from '../../support/providers/abacatepay/abacatepay-stand-in.ts';

/**
 * The AbacatePay adapter over real HTTP against its stand-in. What the stand-in checks and answers
 * comes from AbacatePay's public documentation and official repositories:
 * - AbacatePay/documentation `openapi.yaml` (https://docs.abacatepay.com, API v2): `/transparents/create`
 *   (body `{ method: 'PIX', data }`, `data.amount` in centavos required, `expiresIn` seconds,
 *   `description` ≤ 500, `customer` all-four-fields-or-none for PIX, `externalId` "para idempotência", whose
 *   answer to a repeat is undocumented: the stand-in returns the same charge),
 *   `/transparents/check` (id, status and expiresAt only), `/transparents/list` (PixQRCode items, `id` and
 *   `status` filters, PaginationCursor), `/transparents/simulate-payment`, `/transparents/refund` (RefundRequest,
 *   RefundResponse, RefundError codes), schemas `TransparentCharge` and `PixQRCode`, `bearerAuth`.
 * - AbacatePay/documentation pages/transparents/{create,check,list,simulate-payment,refund}.mdx: list items
 *   have the create reply's shape (`amount` included); whole-amount
 *   refunds only, idempotent per id, dev mode confirms at once; simulate-payment errors in production.
 * - AbacatePay/documentation pages/webhooks/security.mdx and https://docs.abacatepay.com/pages/notificacoes/seguranca:
 *   `?webhookSecret=` and `X-Webhook-Secret`, `X-Webhook-Signature` = base64 HMAC-SHA256 of the raw body
 *   with AbacatePay's public key; no timestamp in the scheme.
 * - AbacatePay/documentation pages/webhooks/events/transparent.mdx: `transparent.completed`,
 *   `transparent.refunded`, `transparent.disputed` with `data.transparent.id`.
 * - AbacatePay/documentation pages/v1/introduction.mdx (v1 is legacy), openapi-v1.yaml (`/pixQrCode/*`,
 *   no refund route); AbacatePay/ecosystem packages/types/types/v1/webhook.ts (`billing.paid` with
 *   `data.pixQrCode`), packages/sdk/src/v1/index.ts (v1 export deprecated).
 */

const WEBHOOK_SECRET = 'whsec_stand_in_0123456789abcdef0123456789';

let standIn: AbacatepayStandIn;
let provider: AbacatepayProvider;
let receiver: HttpReceiver;

function input(overrides: Partial<CreatePixInput> = {}): CreatePixInput {
  return {
    idempotencyKey: `ord_${Math.random().toString(36).slice(2)}:1`,
    amountCents: 1990,
    items: [{ title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 }],
    customer: { name: 'Maria Silva', email: 'maria@example.com', phoneDigits: '11987654321', document: '52998224725' },
    webhookUrl: 'https://loja.example/api/webhooks/abacatepay',
    expiresInSeconds: 3600,
    requestedAt: Date.now(),
    ...overrides,
  };
}

function makeProvider(apiUrl = standIn.url, timeoutMs = 2_000, apiKey = standIn.apiKey): AbacatepayProvider {
  return createAbacatepayProvider({ apiKey, webhookSecret: WEBHOOK_SECRET, apiUrl }, { timeoutMs });
}

function webhookRequest(rawBody: string, options: { secret?: string | null; signature?: string | null; headerSecret?: string } = {}) {
  const url = new URL('https://loja.example/api/webhooks/abacatepay');
  const secret = options.secret === undefined ? WEBHOOK_SECRET : options.secret;
  if (secret !== null) url.searchParams.set('webhookSecret', secret);
  const headers = new Headers({ 'Content-Type': 'application/json' });
  const signature = options.signature === undefined ? signAbacateBody(rawBody) : options.signature;
  if (signature !== null) headers.set('X-Webhook-Signature', signature);
  if (options.headerSecret) headers.set('X-Webhook-Secret', options.headerSecret);
  const request: WebhookRequest = { url, headers, rawBody, clientAddress: '203.0.113.9', clientCertificateVerified: false };
  return request;
}

/** A webhook the stand-in delivered, as our route would hand it to the adapter. */
function deliveredRequest(index: number): WebhookRequest {
  return asWebhookRequest(receiver.requests[index]!, 'https://loja.example', '203.0.113.9');
}

async function caught(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

beforeAll(async () => {
  standIn = await startAbacatepayStandIn();
  receiver = await startHttpReceiver();
  standIn.webhook = { url: `${receiver.url}/api/webhooks/abacatepay`, secret: WEBHOOK_SECRET };
  provider = makeProvider();
});

afterAll(async () => {
  await standIn.stop();
  await receiver.stop();
});

afterEach(() => {
  standIn.devMode = true;
});

describe('AbacatePay: create and read back', () => {
  it('creates a PIX charge with the documented body and shows a valid BR Code for the amount', async () => {
    const charge = await provider.createCharge(input());
    expect(charge.state).toBe('pending');
    expect(charge.amountCents).toBe(1990);
    expect(charge.chargeId).toMatch(/^pix_char_/);
    expect(parsePixBrCode(charge.pix.code!)?.amountCents).toBe(1990);
    expect(charge.pix.imageDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(charge.expiresAt).toBeGreaterThan(Date.now() + 3500_000);

    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe('/v2/transparents/create');
    expect(sent.headers.authorization).toBe(`Bearer ${standIn.apiKey}`);
    expect(sent.body).toEqual({
      method: 'PIX',
      data: {
        amount: 1990,
        expiresIn: 3600,
        description: 'Lista de Fornecedores Secretos Vitalícia',
        customer: { name: 'Maria Silva', email: 'maria@example.com', taxId: '52998224725', cellphone: '11987654321' },
        externalId: expect.stringMatching(/^ord_/),
      },
    });
  });

  it('leaves the customer out when the buyer gave no CPF: for PIX it is all four fields or none', async () => {
    await provider.createCharge(input({ customer: { name: 'Ana', email: 'ana@example.com', phoneDigits: '11999990000', document: null } }));
    expect((standIn.requests.at(-1)!.body as { data: object }).data).not.toHaveProperty('customer');
  });

  it('sends our idempotency key as externalId, but does not claim an idempotent create the docs do not describe', async () => {
    const once = input();
    await provider.createCharge(once);
    expect((standIn.requests.at(-1)!.body as { data: { externalId: unknown } }).data.externalId).toBe(once.idempotencyKey);
    expect(provider.capabilities.idempotentCreate).toBe(false);
  });

  it('reads a charge back through the list filtered by its id, with its raw status', async () => {
    const charge = await provider.createCharge(input());
    expect(await provider.getCharge(charge.chargeId)).toMatchObject({ chargeId: charge.chargeId, rawStatus: 'PENDING' });
    await standIn.markPaid(charge.chargeId);
    expect(await provider.getCharge(charge.chargeId)).toMatchObject({ state: 'paid', rawStatus: 'PAID', amountCents: 1990 });
    // The list filtered by id: `check` answers no amount, and an order is paid only for its own amount.
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v2/transparents/list', query: { id: charge.chargeId } });
  });

  it('maps the other documented statuses: EXPIRED and CANCELLED fail, REFUNDED is reversed, a dispute stays unknown', async () => {
    const charge = await provider.createCharge(input());
    const stored = standIn.charges.get(charge.chargeId)!;
    const states: Record<string, string> = { EXPIRED: 'failed', CANCELLED: 'failed', REFUNDED: 'reversed', UNDER_DISPUTE: 'unknown' };
    for (const [status, state] of Object.entries(states)) {
      stored.status = status as typeof stored.status;
      expect((await provider.getCharge(charge.chargeId)).state).toBe(state);
    }
  });

  it('refuses a read-back that names another charge', async () => {
    const charge = await provider.createCharge(input());
    standIn.scriptNext('list', {
      kind: 'status',
      status: 200,
      body: { data: [{ id: 'pix_char_other', amount: 1990, status: 'PAID' }], success: true, error: null },
    });
    const error = await caught(provider.getCharge(charge.chargeId));
    expect(error.kind).toBe('transaction');
  });

  it('refuses a read-back that lists no charge', async () => {
    const charge = await provider.createCharge(input());
    standIn.scriptNext('list', { kind: 'status', status: 200, body: { data: [], success: true, error: null } });
    const error = await caught(provider.getCharge(charge.chargeId));
    expect(error.kind).toBe('transaction');
  });

  it('a failed read-back names the read, not the payment’s create', async () => {
    const charge = await provider.createCharge(input());
    standIn.scriptNext('list', { kind: 'status', status: 500 });
    expect((await caught(provider.getCharge(charge.chargeId))).message).toBe('A AbacatePay não mostrou a cobrança (HTTP 500).');
  });
});

describe('AbacatePay: errors on create', () => {
  it.each([
    [
      'a 401 (bad API key)',
      { kind: 'status', status: 401, body: { data: null, success: false, error: 'Token de autenticação inválido ou ausente.' } },
      false,
    ],
    ['a 400 validation error', { kind: 'status', status: 400, body: { data: null, success: false, error: 'amount is required' } }, false],
    [
      'a 200 whose envelope carries an error',
      { kind: 'status', status: 200, body: { data: null, success: false, error: 'Loja bloqueada' } },
      false,
    ],
    ['a 500', { kind: 'status', status: 500 }, true],
    ['a 502 from a proxy', { kind: 'raw', status: 502, text: '<html>Bad Gateway</html>' }, true],
    ['a 200 that is not JSON', { kind: 'raw', status: 200, text: '<html>ok</html>' }, true],
    [
      'a 200 without a charge id',
      { kind: 'status', status: 200, body: { data: { amount: 1990, status: 'PENDING' }, success: true, error: null } },
      true,
    ],
  ] as const)('%s → uncertain is %s', async (_name, fault, uncertain) => {
    standIn.scriptNext('create', fault);
    const error = await caught(provider.createCharge(input()));
    expect(error.kind).toBe('charge');
    expect(error.uncertain).toBe(uncertain);
    expect(error.message).toMatch(/^Erro ao processar pagamento/);
  });

  it('a refusal naming the customer’s data is the buyer’s; any other refusal (the store, the key) is the seller’s, with AbacatePay’s words kept for Saúde', async () => {
    standIn.scriptNext('create', { kind: 'status', status: 400, body: { data: null, success: false, error: 'Invalid customer taxId' } });
    expect(await caught(provider.createCharge(input()))).toMatchObject({ httpStatus: 400, buyerData: true });
    standIn.scriptNext('create', { kind: 'status', status: 200, body: { data: null, success: false, error: 'Loja bloqueada' } });
    const seller = await caught(provider.createCharge(input()));
    expect(seller).toMatchObject({ buyerData: false, uncertain: false });
    expect((seller.cause as Error).message).toContain('Loja bloqueada');
  });

  it('a real wrong key is refused (401) and named certain', async () => {
    const error = await caught(makeProvider(standIn.url, 2_000, 'abc_dev_wrong').createCharge(input()));
    expect(error).toMatchObject({ httpStatus: 401, uncertain: false });
  });

  it('a timeout after sending is uncertain; a refused connection is not', async () => {
    standIn.scriptNext('create', { kind: 'hang' });
    expect((await caught(makeProvider(standIn.url, 150).createCharge(input()))).uncertain).toBe(true);
    expect((await caught(makeProvider(await refusedUrl()).createCharge(input()))).uncertain).toBe(false);
  });

  it('a connection dropped after the request was read is uncertain', async () => {
    standIn.scriptNext('create', { kind: 'reset' });
    expect((await caught(provider.createCharge(input()))).uncertain).toBe(true);
  });

  it('never shows a PIX for another amount than asked', async () => {
    standIn.scriptNext('create', {
      kind: 'status',
      status: 200,
      body: {
        data: { id: 'pix_char_x', amount: 199, status: 'PENDING', brCode: '000201', brCodeBase64: null },
        success: true,
        error: null,
      },
    });
    expect((await caught(provider.createCharge(input()))).uncertain).toBe(false);
  });

  it('refuses amounts that are not positive integer centavos before sending anything', async () => {
    const before = standIn.requests.length;
    await expect(provider.createCharge(input({ amountCents: 19.9 }))).rejects.toThrow(TypeError);
    await expect(provider.createCharge(input({ amountCents: 0 }))).rejects.toThrow(TypeError);
    expect(standIn.requests.length).toBe(before);
  });
});

describe('AbacatePay: refunds', () => {
  async function paidCharge(): Promise<ChargeRecord> {
    const charge = await provider.createCharge(input());
    await standIn.markPaid(charge.chargeId);
    return provider.getCharge(charge.chargeId);
  }

  it('a refund sends the documented body; it is pending, under AbacatePay’s refundPublicId, until the charge reads REFUNDED', async () => {
    const charge = await paidCharge();
    const refund = await provider.refund(charge, { refundId: 'rf_1', amountCents: 1990 });
    expect(refund).toMatchObject({ refundId: expect.stringMatching(/^tran_/), amountCents: 1990, state: 'pending' });
    expect(standIn.requests.at(-1)).toMatchObject({ path: '/v2/transparents/refund', body: { id: charge.chargeId } });
    expect(await provider.getRefund(charge, refund.refundId)).toMatchObject({ state: 'done', rawStatus: 'REFUNDED' });
  });

  it('declares whole refunds only, and refuses a partial one with a Portuguese reason', async () => {
    expect(provider.capabilities.partialRefunds).toBe(false);
    const error = await caught(provider.refund(await paidCharge(), { refundId: 'rf_p', amountCents: 990 }));
    expect(error.message).toContain('valor total');
  });

  it('a pending charge is not refundable: a certain refusal naming why', async () => {
    const charge = await provider.createCharge(input());
    const record = await provider.getCharge(charge.chargeId);
    const error = await caught(provider.refund(record, { refundId: 'rf_n', amountCents: 1990 }));
    expect(error).toMatchObject({ uncertain: false, httpStatus: 400 });
    expect(error.message).toContain('não está paga');
  });

  it.each([
    ['INSUFFICIENT_FUNDS', 400, false, 'saldo'],
    ['TRANSACTION_UNDER_DISPUTE', 400, false, 'disputa'],
    ['LOCK_NOT_ACQUIRED', 400, false, 'em instantes'],
    ['REFUND_REQUEST_FAILED', 400, true, 'pode ter sido feito'],
    ['REFUND_CONFIRMATION_FAILED', 400, true, 'pode ter sido feito'],
    ['Internal server error', 500, true, 'pode ter sido feito'],
  ] as const)('%s (%i) → uncertain %s', async (code, status, uncertain, words) => {
    const charge = await paidCharge();
    standIn.scriptNext('refund', { kind: 'status', status, body: { data: null, success: false, error: code } });
    const error = await caught(provider.refund(charge, { refundId: 'rf_e', amountCents: 1990 }));
    expect(error).toMatchObject({ kind: 'refund', uncertain, httpStatus: status });
    expect(error.message).toContain(words);
  });

  it('a refund timeout is uncertain, an unreachable API is not, an unreadable success is uncertain', async () => {
    const charge = await paidCharge();
    standIn.scriptNext('refund', { kind: 'hang' });
    expect((await caught(makeProvider(standIn.url, 150).refund(charge, { refundId: 'r', amountCents: 1990 }))).uncertain).toBe(true);
    expect((await caught(makeProvider(await refusedUrl()).refund(charge, { refundId: 'r', amountCents: 1990 }))).uncertain).toBe(false);
    standIn.scriptNext('refund', { kind: 'status', status: 200, body: { data: {}, success: true, error: null } });
    expect((await caught(provider.refund(charge, { refundId: 'r', amountCents: 1990 }))).uncertain).toBe(true);
  });
});

describe('AbacatePay: dev mode simulatePayment', () => {
  it('marks the charge paid and AbacatePay sends the signed webhook our adapter accepts', async () => {
    const charge = await provider.createCharge(input());
    const delivered = receiver.requests.length;
    const record = await provider.simulatePayment(charge.chargeId);
    expect(record).toMatchObject({ chargeId: charge.chargeId, state: 'paid' });
    expect(standIn.requests.at(-1)).toMatchObject({ path: '/v2/transparents/simulate-payment', query: { id: charge.chargeId } });
    expect(receiver.requests.length).toBe(delivered + 1);
    expect(await provider.parseWebhook(deliveredRequest(delivered))).toEqual([{ kind: 'charge', chargeId: charge.chargeId }]);
  });

  it('with a production key it is refused with a Portuguese message that says why', async () => {
    const charge = await provider.createCharge(input());
    standIn.devMode = false;
    const error = await caught(provider.simulatePayment(charge.chargeId));
    expect(error.uncertain).toBe(false);
    expect(error.message).toContain('modo de desenvolvimento');
    expect(standIn.charges.get(charge.chargeId)!.status).toBe('PENDING');
  });
});

describe('AbacatePay: webhooks', () => {
  const paidBody = (id: string) =>
    JSON.stringify({
      id: 'log_1',
      event: 'transparent.completed',
      apiVersion: 2,
      devMode: true,
      data: { transparent: { id, status: 'PAID' } },
    });

  it('accepts the refund webhook the stand-in sends after a refund, as a refund event to read back', async () => {
    const charge = await provider.createCharge(input());
    await standIn.markPaid(charge.chargeId);
    const index = receiver.requests.length;
    await provider.refund(
      { chargeId: charge.chargeId, amountCents: 1990, state: 'paid', rawStatus: 'PAID', endToEndId: null },
      { refundId: 'r', amountCents: 1990 },
    );
    expect(await provider.parseWebhook(deliveredRequest(index))).toEqual([{ kind: 'refund', chargeId: charge.chargeId, refundId: null }]);
  });

  it('accepts the secret in X-Webhook-Secret alone too', async () => {
    const body = paidBody('pix_char_abc');
    const headerOnly = webhookRequest(body, { secret: null, headerSecret: WEBHOOK_SECRET });
    expect(await provider.parseWebhook(headerOnly)).toEqual([{ kind: 'charge', chargeId: 'pix_char_abc' }]);
  });

  it('rejects a missing signature, a missing secret and a secret that only starts like ours', async () => {
    const body = paidBody('pix_char_abc');
    await expect(provider.parseWebhook(webhookRequest(body, { signature: null }))).rejects.toBeInstanceOf(WebhookRejectedError);
    await expect(provider.parseWebhook(webhookRequest(body, { secret: null }))).rejects.toBeInstanceOf(WebhookRejectedError);
    // A secret that starts like ours is no closer to passing.
    await expect(provider.parseWebhook(webhookRequest(body, { secret: WEBHOOK_SECRET.slice(0, -1) }))).rejects.toBeInstanceOf(
      WebhookRejectedError,
    );
  });

  it('understands a v1 billing.paid for a PIX QR code and ignores other events', async () => {
    const v1 = JSON.stringify({
      id: 'log_2',
      event: 'billing.paid',
      devMode: false,
      data: {
        pixQrCode: { id: 'pix_char_v1', amount: 1990, kind: 'PIX', status: 'PAID' },
        payment: { amount: 1990, fee: 80, method: 'PIX' },
      },
    });
    expect(await provider.parseWebhook(webhookRequest(v1))).toEqual([{ kind: 'charge', chargeId: 'pix_char_v1' }]);
    const payout = JSON.stringify({ event: 'payout.completed', data: { transaction: { id: 'tran_1' } } });
    expect((await provider.parseWebhook(webhookRequest(payout)))[0]!.kind).toBe('ignored');
  });
});

describe('AbacatePay: prototype keys', () => {
  it('prototype keys in a reply and in a webhook do no harm', async () => {
    standIn.scriptNext('create', {
      kind: 'raw',
      status: 200,
      text: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"data":{"__proto__":{"id":"x"},"id":"pix_char_p","amount":1990,"status":"PENDING","brCode":"000201abc","brCodeBase64":null},"success":true,"error":null}',
    });
    const charge = await provider.createCharge(input());
    expect(charge.chargeId).toBe('pix_char_p');
    const body =
      '{"__proto__":{"polluted":1},"event":"transparent.completed","data":{"constructor":{"prototype":{"polluted":1}},"transparent":{"__proto__":{"id":"evil"},"id":"pix_char_q"}}}';
    expect(await provider.parseWebhook(webhookRequest(body))).toEqual([{ kind: 'charge', chargeId: 'pix_char_q' }]);
    const proto = '{"event":"transparent.completed","data":{"transparent":{"__proto__":{"id":"pix_char_evil"}}}}';
    expect((await provider.parseWebhook(webhookRequest(proto)))[0]!.kind).toBe('ignored');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('AbacatePay: the money unit', () => {
  announceSeed('provider-abacatepay');

  it('every amount from 1 to 10.000.000 centavos goes into AbacatePay’s unit and back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
        const sent = toAbacateAmount(cents);
        expect(Number.isSafeInteger(sent)).toBe(true);
        expect(fromAbacateAmount(JSON.parse(JSON.stringify(sent)))).toBe(cents);
      }),
      { seed: FUZZ_SEED, numRuns: runs(10_000), examples: [[1], [10_000_000], [1990], [2980]] },
    );
  });
});

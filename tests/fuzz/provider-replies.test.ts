import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelopeError,
  parseChargeData,
  parseChargeList,
  parseRefundData,
  readWebhookEvent,
} from '../../src/server/gateway/providers/abacatepay/parse-abacatepay.ts';
import { parseInfractionPage } from '../../src/server/gateway/providers/efi/pix-api-infractions.ts';
import {
  parseCob,
  parseDevolucao,
  parseQrcode,
  parseToken,
  parseWebhookConfig,
  parseWebhookPix,
  problemDetail,
} from '../../src/server/gateway/providers/efi/pix-api-parse.ts';
import {
  parseErrorCauses,
  parsePayment,
  parseRefund,
  parseSearchFirst,
  parseSearchTotal,
} from '../../src/server/gateway/providers/mercadopago/mercadopago-parse.ts';
import { chooseOffer, parseProductPage } from '../../src/server/gateway/providers/tribopay/parse-products.ts';
import {
  parseCharge,
  parseRefundReply as parseTribopayRefund,
  parseTransactionRecord,
} from '../../src/server/gateway/providers/tribopay/parse-transaction.ts';
import {
  errorText,
  isNotFound,
  parseChargeReply,
  parseDisputeReply,
  parseRefundList,
  parseRefundReply,
  parseTransactionList,
  parseTransactionReply,
  refusesCustomerData,
} from '../../src/server/gateway/providers/woovi/woovi-parse.ts';
import { readWooviEvent } from '../../src/server/gateway/providers/woovi/woovi-webhook.ts';
import { parseJsonSafely } from '../../src/server/lib/safe-parse.ts';
import { announceSeed, cpuMs, FUZZ_SEED, runs } from './fuzz-kit.ts';
import { hostileKey, jsonText, pollutionJson, PROTOTYPE_KEYS } from './hostile-input.ts';

/**
 * Every provider's reply parsers, fed each provider's documented shapes with any field, at any depth, swapped for
 * hostile JSON: values zod's length checks would coerce (`{"length":[{}]}` read by parseJsonSafely has no
 * toString), prototype keys, wrong types. The client hands replies over as parseJsonSafely reads them (null
 * prototypes) and a test may hand them as JSON.parse does; either way a parser returns our shape or null, never
 * throws, never carries a prototype key out, and leaves Object.prototype as it was.
 */

const params = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns: runs(numRuns) });
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

function expectPrototypeUntouched() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

function holdsPrototypeKey(value: unknown, depth = 0): boolean {
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.keys(value).some(
    (key) => (PROTOTYPE_KEYS as readonly string[]).includes(key) || holdsPrototypeKey((value as Record<string, unknown>)[key], depth + 1),
  );
}

/** Values that have a `length` or `size` but are not strings, or that cannot become a primitive once null-prototyped. */
const coercible = fc.constantFrom(
  '{"length":[{}]}',
  '{"length":{}}',
  '{"length":[[{}]]}',
  '{"length":1}',
  '{"size":[{}]}',
  '[{}]',
  '[[{}],{}]',
  '{"toString":null,"valueOf":null}',
  '{"__proto__":{"length":[{}]}}',
  '{"constructor":{"prototype":{"length":1}}}',
);
const hostileValue = fc.oneof(coercible, jsonText, pollutionJson);

/** `valid` as JSON text, with any value at any depth (array items included) swapped for a hostile one, and hostile keys added. */
function mutated(valid: unknown): fc.Arbitrary<string> {
  if (Array.isArray(valid)) {
    return fc.tuple(...valid.map(mutated)).map((items) => `[${items.join(',')}]`);
  }
  if (valid !== null && typeof valid === 'object') {
    const entries = Object.entries(valid);
    return fc
      .tuple(
        fc.tuple(...entries.map(([, value]) => mutated(value))),
        fc.array(fc.tuple(fc.oneof(hostileKey, fc.constantFrom(...PROTOTYPE_KEYS)), hostileValue), { maxLength: 2 }),
      )
      .map(
        ([values, extras]) =>
          `{${[...entries.map(([key], index) => `${JSON.stringify(key)}:${values[index]!}`), ...extras.map(([key, value]) => `${JSON.stringify(key)}:${value}`)].join(',')}}`,
      );
  }
  return fc.oneof({ weight: 3, arbitrary: fc.constant(JSON.stringify(valid)) }, { weight: 1, arbitrary: hostileValue });
}

/** A reply as the client reads it (parseJsonSafely), or as JSON.parse would. */
function replies(shapes: readonly unknown[]): fc.Arbitrary<unknown> {
  const text = fc.oneof(fc.constantFrom(...shapes).chain(mutated), jsonText, pollutionJson, coercible);
  return fc.tuple(text, fc.boolean()).map(([body, safely]) => (safely ? parseJsonSafely(body) : JSON.parse(body)) as unknown);
}

/** Runs every parser on every reply; each must return, within 50 ms of CPU, a value without prototype keys. */
function checkParsers(shapes: readonly unknown[], parsers: ReadonlyArray<readonly [string, (body: unknown) => unknown]>, numRuns = 400) {
  fc.assert(
    fc.property(replies(shapes), (body) => {
      for (const [name, parse] of parsers) {
        let output: unknown;
        expect(
          cpuMs(() => (output = parse(body)), 50),
          name,
        ).toBeLessThanOrEqual(50);
        expect(holdsPrototypeKey(output), name).toBe(false);
      }
      expectPrototypeUntouched();
    }),
    params(numRuns),
  );
}

const amountOk = (cents: number | null | undefined) => cents == null || (Number.isSafeInteger(cents) && cents >= 0);

beforeAll(() => announceSeed('provider-replies'));
afterAll(() => expectPrototypeUntouched());

describe("Woovi's replies", () => {
  const charge = {
    correlationID: 'ord_1',
    value: 1990,
    status: 'ACTIVE',
    brCode: '000201',
    qrCodeImage: 'https://api.woovi.com/qr.png',
    paymentLinkUrl: 'https://woovi.com/pay/1',
    expiresDate: '2026-01-01T00:00:00Z',
    globalID: 'Q2hhcmdl',
    transactionID: 't1',
  };
  const refund = { correlationID: 'ref_1', value: 990, status: 'IN_PROCESSING', endToEndId: 'D1' };
  const transaction = { endToEndId: 'E1', endToEndID: 'E1', charge: { correlationID: 'ord_1' } };
  const dispute = { id: 'd1', status: 'OPENED', value: '1000', endToEndId: 'E1', name: 'Maria' };
  const shapes = [
    { charge },
    { refund },
    { refunds: [refund, refund] },
    { transaction },
    { transactions: [transaction] },
    { dispute },
    { error: 'charge not found' },
    { event: 'OPENPIX:CHARGE_COMPLETED', charge, pix: { charge } },
    { event: 'OPENPIX:DISPUTE_CREATED', dispute },
  ];

  it('reads the charge that was sent as hostile JSON, `{"charge":{"correlationID":{"length":[{}]}}}`, as no charge', () => {
    for (const text of ['{"charge":{"correlationID":{"length":[{}]}}}', '{"charge":{"correlationID":{"length":{}}}}']) {
      expect(parseChargeReply(parseJsonSafely(text)), text).toBeNull();
    }
    // An optional field that is not text is read as absent; the charge stays readable.
    const kept = parseChargeReply(parseJsonSafely('{"charge":{"correlationID":"ord_1","status":{"length":[{}]},"brCode":[{}]}}'));
    expect(kept).toMatchObject({ correlationID: 'ord_1', rawStatus: null, brCode: null });
  });

  it('reads any reply or webhook body as our shapes or null, never throwing', () => {
    checkParsers(shapes, [
      ['parseChargeReply', parseChargeReply],
      ['parseRefundReply', parseRefundReply],
      ['parseRefundList', parseRefundList],
      ['parseTransactionReply', parseTransactionReply],
      ['parseTransactionList', parseTransactionList],
      ['parseDisputeReply', parseDisputeReply],
      ['errorText', errorText],
      ['isNotFound', (body) => isNotFound(400, body)],
      ['refusesCustomerData', refusesCustomerData],
      ['readWooviEvent', (body) => readWooviEvent(JSON.stringify(body) ?? '')],
    ]);
    fc.assert(
      fc.property(replies(shapes), (body) => {
        const read = parseChargeReply(body);
        if (read) expect(amountOk(read.amountCents)).toBe(true);
        for (const found of parseRefundList(body) ?? []) expect(amountOk(found.amountCents)).toBe(true);
      }),
      params(200),
    );
  });

  it('reads any webhook text (prototype keys and coercible values at the top) without throwing', () => {
    const text = fc.oneof(fc.constantFrom(...shapes).chain(mutated), jsonText, pollutionJson, coercible, fc.string());
    fc.assert(
      fc.property(text, (body) => {
        expect(holdsPrototypeKey(readWooviEvent(body))).toBe(false);
        expectPrototypeUntouched();
      }),
      params(300),
    );
  });
});

describe("Mercado Pago's replies", () => {
  const payment = {
    id: 5466310457,
    status: 'approved',
    transaction_amount: 19.9,
    transaction_amount_refunded: 0,
    date_of_expiration: '2026-01-01T00:00:00.000-04:00',
    point_of_interaction: { transaction_data: { qr_code: '000201', qr_code_base64: 'iVBOR', ticket_url: 'https://mpago.la/x' } },
    refunds: [{ id: 1, payment_id: 5466310457, amount: 9.9, status: 'approved' }],
  };
  const shapes = [
    payment,
    { results: [payment], paging: { total: 1 } },
    { id: 1, payment_id: 5466310457, amount: 9.9, status: 'approved' },
    { message: 'bad', error: 'bad_request', status: 400, cause: [{ code: 4020, description: 'notification_url' }] },
  ];

  it('reads any reply as our shapes or null, never throwing', () => {
    checkParsers(shapes, [
      ['parsePayment', parsePayment],
      ['parseRefund', parseRefund],
      ['parseSearchTotal', parseSearchTotal],
      ['parseSearchFirst', parseSearchFirst],
      ['parseErrorCauses', parseErrorCauses],
    ]);
  });
});

describe("Efí's Pix API replies", () => {
  const devolucao = { id: 'D1', rtrId: 'D0001', valor: '1.00', status: 'DEVOLVIDO', natureza: 'MED_FRAUDE' };
  const cob = {
    txid: 'a'.repeat(26),
    status: 'CONCLUIDA',
    valor: { original: '19.90' },
    calendario: { criacao: '2026-01-01T00:00:00Z', expiracao: 3600 },
    loc: { id: 1 },
    pixCopiaECola: '000201',
    pix: [{ endToEndId: 'E1', valor: '19.90', devolucoes: [devolucao] }],
  };
  const infracao = {
    idInfracao: '8ad75c93',
    endToEndId: 'E1',
    valor: '100',
    status: 'ABERTA',
    tipoSituacao: 'golpe',
    dadosAnalise: { abertura: '2023-12-22T16:01:35Z', prazoFinalizacao: '2023-12-22T16:01:35Z' },
  };
  const shapes = [
    cob,
    devolucao,
    { qrcode: '000201', imagemQrcode: 'data:image/png;base64,iVBOR', linkVisualizacao: 'https://pix.sejaefi.com.br/x' },
    { access_token: 'token', expires_in: 3600, token_type: 'Bearer' },
    { nome: 'cobranca_nao_encontrada', mensagem: 'Nenhuma cobrança', type: 'x', title: 'y', detail: 'z' },
    { webhookUrl: 'https://loja.example/api/webhooks/efi' },
    { pix: [{ endToEndId: 'E1', txid: cob.txid, valor: '19.90', devolucoes: [devolucao] }] },
    { parametros: { paginacao: { paginaAtual: 0, quantidadeDePaginas: 2 } }, infracoes: [infracao] },
  ];

  it('reads any reply or notification body as our shapes or null, never throwing', () => {
    checkParsers(shapes, [
      ['parseCob', (body) => parseCob(body, Date.now())],
      ['parseDevolucao', parseDevolucao],
      ['parseQrcode', parseQrcode],
      ['parseToken', parseToken],
      ['problemDetail', problemDetail],
      ['parseWebhookConfig', parseWebhookConfig],
      ['parseWebhookPix', parseWebhookPix],
      ['parseInfractionPage', parseInfractionPage],
    ]);
    fc.assert(
      fc.property(replies(shapes), (body) => {
        const read = parseCob(body, Date.now());
        if (read) expect(amountOk(read.amountCents)).toBe(true);
      }),
      params(200),
    );
  });
});

describe("AbacatePay's replies", () => {
  const data = {
    id: 'pix_char_1',
    amount: 1990,
    status: 'PENDING',
    brCode: '000201',
    brCodeBase64: 'data:image/png;base64,iVBOR',
    expiresAt: '2026-01-01T00:00:00Z',
  };
  const shapes = [
    { data, error: null },
    { data: [data, data], error: null },
    { data: { refundPublicId: 'ref_1' }, error: null },
    { data: null, error: 'Not found' },
    { event: 'transparent.completed', data: { transparent: data } },
    { event: 'transparent.disputed', data: { transparent: data, payerInformation: { PIX: { name: 'Maria', taxId: '123.***.***-**' } } } },
  ];

  it('reads any reply or webhook body as our shapes or null, never throwing', () => {
    checkParsers(shapes, [
      ['parseChargeData', parseChargeData],
      ['parseChargeList', parseChargeList],
      ['parseRefundData', parseRefundData],
      ['envelopeError', envelopeError],
      ['readWebhookEvent', readWebhookEvent],
    ]);
  });
});

describe("TriboPay's replies", () => {
  const transaction = {
    hash: 'abc123',
    payment_status: 'paid',
    amount: 1990,
    pix: { pix_qr_code: '000201', pix_url: 'https://x', qr_code_base64: null },
    customer: { name: 'Maria', email: 'maria@example.com', document: '52998224725' },
    items: [{ product_hash: 'p', offer_hash: 'o' }],
    expires_at: '2025-01-01 12:00:00',
  };
  const product = { hash: 'p', title: 'Produto', offers: [{ hash: 'o', price: 1990, status: 1 }] };
  const shapes = [
    transaction,
    { data: transaction },
    { data: [product], links: { next: null } },
    { success: true, data: { hash: 'abc123' } },
  ];

  it('reads any reply as our shapes or null, never throwing', () => {
    checkParsers(shapes, [
      ['parseCharge', parseCharge],
      ['parseTransactionRecord', (body) => parseTransactionRecord(body, 'abc123')],
      ['parseRefundReply', (body) => parseTribopayRefund(body, 'abc123')],
      // The page's products stay raw records for chooseOffer, which returns ours.
      ['parseProductPage', (body) => parseProductPage(body)?.products.map((product) => chooseOffer(product, 'p'))],
    ]);
  });
});

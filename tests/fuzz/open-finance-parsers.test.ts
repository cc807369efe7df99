import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_FINANCE_ID,
  parseLinks,
  parseNotice,
  parseOpenFinanceConfig,
  parseOpenFinanceError,
  parseParticipants,
  parsePaymentPage,
  parseRefundAnswer,
  parseStartedLink,
  parseStartedPayment,
} from '../../src/server/gateway/providers/efi/open-finance-parse.ts';
import { readOpenFinanceReturn, verifyOpenFinanceWebhook } from '../../src/server/gateway/providers/efi/open-finance-webhook.ts';
import { WebhookRejectedError } from '../../src/server/gateway/pix-provider.ts';
import { parseJsonSafely } from '../../src/server/lib/safe-parse.ts';
import { announceSeed, cpuMs, FUZZ_SEED, runs } from './fuzz-kit.ts';
import { hostileString, jsonText, pollutionJson, PROTOTYPE_KEYS, queryString, shapedJson } from './hostile-input.ts';

/**
 * Efí's Open Finance replies and callbacks (gateway/providers/efi/open-finance-parse.ts, open-finance-webhook.ts): a
 * stand-in, a proxy or an attacker may send anything. Each parser never throws, returns only our shapes, keeps
 * Object.prototype as it was, and costs CPU in proportion to its input.
 */

const params = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns: runs(numRuns) });
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

function expectPrototypeUntouched() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

const payment = {
  identificadorPagamento: 'urn:efi:49315a93-d39c-4564-9edb-9a73678dbdb1',
  endToEndId: 'E00038166201907261559y6j6',
  valor: '1.99',
  status: 'aceito',
  dataCriacao: '2022-04-29T11:55:03.000Z',
  devolucoes: [
    {
      identificadorDevolucao: 'D09089356202211111429d82ecc2ecde',
      valor: '1.99',
      status: 'aceito',
      dataCriacao: '2022-04-29T11:59:03.000Z',
    },
  ],
  idProprio: '6236574863254',
};
const shapes = [
  { nome: 'valor_invalido', mensagem: 'O valor da transação é inválido' },
  { redirectURL: 'https://client.com/redirect/here', webhookURL: 'https://client.com/callback/here', webhookSecurity: { type: 'hmac' } },
  {
    participantes: [
      { identificador: 'ebbed125-5cd7-42e3-965d-2e7af8e3b7ae', nome: 'Efí S.A.', logo: 'https://www.gerencianet.com.br/logo.png' },
    ],
  },
  { identificadorPagamento: 'urn:efi:ae71713f', redirectURI: 'https://open-banking.banco.com.br/authorize?request=eyJjd' },
  { identificadorVinculo: 'urn:efi:ae71713f', redirectURI: 'https://open-banking.banco.com.br/authorize' },
  { pagamentos: [payment], total: 3, proximo: '/pagamentos/pix?pagina=2' },
  { vinculos: [payment] },
  { identificadorPagamento: 'urn:efi:ae71713f', valorDevolucao: '0.01', dataCriacao: '2022-10-28 10:02:25', status: 'pendente' },
  {
    vinculos: [
      {
        identificador: 'urn:efi:v',
        limiteDiario: '1000.00',
        limiteTransacao: '499.99',
        participante: { identificador: 'p', nome: 'Banco' },
      },
    ],
  },
  { ...payment, tipo: 'devolucao', identificadorDevolucao: 'D1', motivo: 'x' },
];
const reply = fc.oneof(
  jsonText.map((text) => JSON.parse(text) as unknown),
  // As the client reads answers: null-prototype objects, which have no toString for zod to call.
  fc.oneof(jsonText, pollutionJson).map(parseJsonSafely),
  fc.constantFrom(...shapes).chain((shape) => shapedJson(shape).map(parseJsonSafely)),
  pollutionJson.map((text) => JSON.parse(text) as unknown),
  fc.constantFrom(...shapes).chain((shape) => shapedJson(shape).map((text) => JSON.parse(text) as unknown)),
  fc.anything(),
);

function holdsPrototypeKey(value: unknown, depth = 0): boolean {
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.keys(value).some(
    (key) => (PROTOTYPE_KEYS as readonly string[]).includes(key) || holdsPrototypeKey((value as Record<string, unknown>)[key], depth + 1),
  );
}

const amountOk = (cents: number | null) => cents === null || (Number.isSafeInteger(cents) && cents >= 0);
const urlOk = (url: string) => url.startsWith('https:') || url.startsWith('http://127.0.0.1') || url.startsWith('http://localhost');

beforeAll(() => announceSeed('open-finance-parsers'));
afterAll(() => expectPrototypeUntouched());

describe("Efí Open Finance's replies", () => {
  it('reads any reply as our shapes or null, never throwing, never carrying a prototype key', () => {
    fc.assert(
      fc.property(reply, (input) => {
        const outputs = [
          parseOpenFinanceError(input),
          parseOpenFinanceConfig(input),
          parseParticipants(input),
          parseStartedPayment(input),
          parseStartedLink(input),
          parsePaymentPage(input),
          parseRefundAnswer(input),
          parseLinks(input),
          parseNotice(input),
        ];
        for (const output of outputs) expect(holdsPrototypeKey(output)).toBe(false);
        for (const participant of parseParticipants(input) ?? []) {
          expect(participant.id).toMatch(OPEN_FINANCE_ID);
          if (participant.logoUrl !== null) expect(participant.logoUrl.startsWith('https:')).toBe(true);
        }
        const started = parseStartedPayment(input);
        if (started) expect(urlOk(started.redirectUri)).toBe(true);
        for (const read of parsePaymentPage(input)?.payments ?? []) {
          expect(amountOk(read.amountCents)).toBe(true);
          expect(['pending', 'paid', 'failed', 'expired', 'cancelled', 'unknown']).toContain(read.state);
          for (const refund of read.refunds) expect(amountOk(refund.amountCents)).toBe(true);
        }
        for (const link of parseLinks(input) ?? []) expect(amountOk(link.perPaymentLimitCents)).toBe(true);
        expectPrototypeUntouched();
      }),
      params(600),
    );
  });

  it('verifies and reads any callback, refusing every unverified one before reading its body', () => {
    const body = fc.oneof(jsonText, pollutionJson, shapedJson(shapes.at(-1)!), hostileString);
    fc.assert(
      fc.property(body, fc.option(hostileString), fc.boolean(), (rawBody, hmac, verified) => {
        const url = new URL('https://loja.example/api/webhooks/efi-open-finance');
        if (hmac !== null) url.searchParams.set('hmac', hmac);
        const request = { url, headers: new Headers(), rawBody, clientAddress: '127.0.0.1', clientCertificateVerified: verified };
        try {
          const notice = verifyOpenFinanceWebhook(request, 'the-secret');
          expect(verified || hmac === 'the-secret').toBe(true);
          expect(holdsPrototypeKey(notice)).toBe(false);
        } catch (error) {
          expect(error).toBeInstanceOf(WebhookRejectedError);
          expect(verified).toBe(false);
        }
        expectPrototypeUntouched();
      }),
      params(400),
    );
  });

  it('reads the way back from any query, keeping only well-formed ids', () => {
    fc.assert(
      fc.property(queryString, (query) => {
        const back = readOpenFinanceReturn(new URL(`https://loja.example/pagamento/banco?${query}`));
        for (const id of [back.paymentId, back.linkId]) if (id !== null) expect(id).toMatch(OPEN_FINANCE_ID);
        if (back.error !== null) expect(back.error.length).toBeLessThanOrEqual(200);
      }),
      params(300),
    );
  });

  it('costs time in proportion to the input: a huge list or a long id is read in bounded CPU', () => {
    const long = { pagamentos: Array.from({ length: 5000 }, () => payment) };
    const hugeId = { identificadorPagamento: `urn:${'a'.repeat(100_000)}`, redirectURI: `https://x/${'b'.repeat(100_000)}` };
    expect(cpuMs(() => parsePaymentPage(long), 1500)).toBeLessThan(1500);
    expect(cpuMs(() => parseStartedPayment(hugeId), 50)).toBeLessThan(50);
    expect(parseStartedPayment(hugeId)).toBeNull();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BlockList } from 'node:net';
import fc from 'fast-check';
import { Hono } from 'hono';
import { parse as parseCookies } from 'hono/utils/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateFormMessages, affiliatePage, affiliateRequestMessages, affiliateTerms } from '../../src/content/affiliates.ts';
import { checkoutFormMessages } from '../../src/content/checkout.ts';
import { clientAddress } from '../../src/server/http/client-address.ts';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../src/server/config/config.ts';
import { describeEnvFile, loadEnvFile } from '../../src/server/config/env-file.ts';
import { parseCharge, parseTransactionRecord } from '../../src/server/gateway/providers/tribopay/parse-transaction.ts';
import { chooseOffer, parseProductPage } from '../../src/server/gateway/providers/tribopay/parse-products.ts';
import { parsePostback, unrecognisedPostbackStatus } from '../../src/server/gateway/providers/tribopay/postback.ts';
import { ABACATEPAY_EVENTS, readWebhookEvent } from '../../src/server/gateway/providers/abacatepay/parse-abacatepay.ts';
import { readPixNotification } from '../../src/server/gateway/providers/efi/pix-api-notifications.ts';
import {
  MERCADOPAGO_TOPICS,
  mercadoPagoNotificationNames,
  readMercadoPagoNotification,
} from '../../src/server/gateway/providers/mercadopago/mercadopago-webhook.ts';
import { parseInfractionPage } from '../../src/server/gateway/providers/efi/pix-api-infractions.ts';
import { parseDisputeReply } from '../../src/server/gateway/providers/woovi/woovi-parse.ts';
import { readWooviEvent, WOOVI_EVENTS } from '../../src/server/gateway/providers/woovi/woovi-webhook.ts';
import { maskPersonalData } from '../../src/server/lib/log-mask.ts';
import { copyFindings, sentenceClaims } from '../../src/shared/copy-claims.ts';
import { heicCodedDataWhole, isoBoxesWhole, jpegReachesEnd } from '../../src/server/offer/offer-images.ts';
import { parseSupplierCsv } from '../../src/server/suppliers/supplier-csv.ts';
import { ResendAccessSchema } from '../../src/shared/access.ts';
import { AdminBuyerDeleteSchema, AdminLoginSchema, AdminOrdersQuerySchema, AdminSupplierCsvSchema } from '../../src/shared/admin.ts';
import {
  affiliateFormSchema,
  affiliatePixKeySchema,
  affiliateRequestSchema,
  affiliateSignInSchema,
  affiliateTermsSchema,
  parsePixKey,
} from '../../src/shared/affiliates.ts';
import { HIDDEN_CHARACTERS } from '../../src/shared/zod.ts';
import { ATTRIBUTION_KEYS } from '../../src/shared/attribution.ts';
import { AddonAnswerSchema, createOrderSchema } from '../../src/shared/checkout.ts';
import { FunnelEventSchema } from '../../src/shared/events.ts';
import { PresenceBeatSchema } from '../../src/shared/presence.ts';
import { RefundDeclineSchema, RefundRequestSchema } from '../../src/shared/refunds.ts';
import { AdminReviewOrderSchema, ReviewInputSchema } from '../../src/shared/reviews.ts';
import { NOT_FOUND_KEY, routeKey } from '../../src/shared/route-lookup.ts';
import { routes } from '../../src/shared/routes.ts';
import { announceSeed, cpuMs, FUZZ_SEED, runs } from './fuzz-kit.ts';
import { isPortugueseApiMessage } from './portuguese-messages.ts';
import {
  deepJson,
  formBody,
  forwardedFor,
  cookieHeader,
  headerText,
  hostileKey,
  hostileString,
  hugeJson,
  jsonText,
  pathSegment,
  pollutionJson,
  PROTOTYPE_KEYS,
  shapedJson,
} from './hostile-input.ts';

/**
 * The parsers of outside input, called directly with many more cases than the HTTP fuzz can
 * afford: postbacks, the supplier CSV, log masking, X-Forwarded-For, cookies, the .env file and
 * the settings, the gateway's replies (a gateway stand-in may answer anything) and the shared zod
 * schemas. Each never throws where it promises not to, keeps Object.prototype as it was, and
 * costs CPU in proportion to its input (a budget per call, re-measured once before it counts).
 */

const params = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns: runs(numRuns) });

/** JSON text parsed as a gateway or a browser would hand it to us (`__proto__` becomes an own key). */
const anyJsonValue = fc.oneof(jsonText, pollutionJson).map((text) => JSON.parse(text) as unknown);

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

function expectPrototypeUntouched() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/** Whether any object in `value` has a prototype key of its own (what a later merge would act on). */
function holdsPrototypeKey(value: unknown, depth = 0): boolean {
  if (depth > 50 || value === null || typeof value !== 'object') return false;
  return Object.keys(value).some(
    (key) => (PROTOTYPE_KEYS as readonly string[]).includes(key) || holdsPrototypeKey((value as Record<string, unknown>)[key], depth + 1),
  );
}

beforeAll(() => announceSeed('parsers'));
afterAll(() => expectPrototypeUntouched());

describe('postback parser', () => {
  const body = fc.oneof(
    jsonText,
    pollutionJson,
    formBody,
    shapedJson({ hash: 'abc123', data: { hash: 'abc123' }, transaction: { id: 1 } }),
    deepJson(256 * 1024),
    hugeJson(256 * 1024),
    hostileString,
  );
  const type = fc.constantFrom(
    'application/json',
    'application/x-www-form-urlencoded',
    '',
    'text/plain',
    'application/json; charset=utf-8',
  );

  // A request's whole budget (the webhook takes up to 256 KB): a postback with the order's secret is parsed.
  it('reads any body as a list of short string ids, within 50 ms of CPU, leaving Object.prototype alone', () => {
    fc.assert(
      fc.property(body, type, (text, contentType) => {
        let candidateIds: unknown;
        let status: unknown;
        const spent = cpuMs(() => {
          ({ candidateIds } = parsePostback(text, contentType));
          status = unrecognisedPostbackStatus(text, contentType);
        }, 50);
        expect(spent, `${text.length} chars`).toBeLessThanOrEqual(50);
        if (status !== null) expect(typeof status === 'string' && status.length <= 100).toBe(true);
        expect(Array.isArray(candidateIds)).toBe(true);
        for (const id of candidateIds as unknown[]) {
          expect(typeof id).toBe('string');
          expect((id as string).length).toBeLessThanOrEqual(128);
        }
        expectPrototypeUntouched();
      }),
      params(400),
    );
  });
});

describe('supplier CSV parser', () => {
  const cell = fc.oneof(
    hostileString,
    fc.constantFrom('"', '""', '"a""b"', ' "x" ', '\r', '\n', '\r\n', ';', ',', '@usuario', 't.me/x', '(11) 98765-4321', '\uFEFF'),
  );
  const csv = fc.oneof(
    fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 40 }).map((rows) => rows.map((row) => row.join(',')).join('\n')),
    fc
      .array(fc.array(cell, { maxLength: 6 }), { maxLength: 40 })
      .map((rows) => `nome;categoria;whatsapp;telegram\n${rows.map((row) => row.join(';')).join('\r\n')}`),
    hostileString,
  );

  it('reads any text into rows or line-numbered errors, within 20 ms of CPU per 50 KB', () => {
    fc.assert(
      fc.property(csv, (text) => {
        let result: ReturnType<typeof parseSupplierCsv> | undefined;
        const spent = cpuMs(() => (result = parseSupplierCsv(text)), 20);
        expect(spent).toBeLessThanOrEqual(20 * Math.max(1, text.length / 50_000));
        for (const error of result!.errors) expect(error.line).toBeGreaterThanOrEqual(1);
        for (const row of result!.rows) {
          expect(row.whatsapp ?? row.telegram).not.toBeNull();
          expect(row.name).not.toBe('');
          expect(row.category).not.toBe('');
        }
      }),
      params(300),
    );
  });

  // The console's upload is the seller's own, not an anonymous request: the bound is linear time (a quadratic step would
  // take minutes here), not the 50 ms of a visitor's request: 3 s of CPU, or, on a machine slow enough that linear work
  // takes longer (2 MB of line breaks took 3.0 s on a slow day), at most 2.6 times the first half's cost (a quadratic step
  // costs 4 times), never over 15 s.
  it('reads the largest file the console accepts (2 MB) of quotes, delimiters or one long field in linear time', () => {
    const limit = 2_000_000;
    const header = 'nome,categoria,whatsapp\n';
    const inputs: ReadonlyArray<readonly [string, (size: number) => string]> = [
      ['quotes', (size) => `${header}${'"'.repeat(size - 30)}`],
      ['doubled quotes', (size) => `${header}"${'""'.repeat((size - 40) / 2)}"`],
      ['delimiters', (size) => `${header}${','.repeat(size - 30)}`],
      ['one field', (size) => `${header}${'a'.repeat(size - 30)}`],
      ['spaces then a quote', (size) => `${header}${' '.repeat(size - 31)}"`],
      ['line breaks', (size) => `${header}${'\n'.repeat(size - 30)}`],
    ];
    for (const [label, text] of inputs) {
      const whole = cpuMs(() => parseSupplierCsv(text(limit)), 3000);
      if (whole <= 3000) continue;
      const half = cpuMs(() => parseSupplierCsv(text(limit / 2)), 0);
      expect(whole, `${label}: ${whole.toFixed(0)} ms for 2 MB, ${half.toFixed(0)} ms for 1 MB`).toBeLessThanOrEqual(
        Math.min(2.6 * half, 15_000),
      );
    }
  });
});

describe('log masking', () => {
  const personal = fc.constantFrom('maria.souza@example.com', '529.982.247-25', '52998224725', '(11) 98765-4321', '+55 11 98765-4321');
  const around = fc.oneof(hostileString, fc.constantFrom(' ', ' path=/x ', ''));

  it('costs at most 5 ms of CPU for any 16 KB of text', () => {
    const text = fc.oneof(
      hostileString,
      fc
        .tuple(
          fc.constantFrom('a', '@', 'a@', 'a.', '1', '1.', '1-', ' 9', '.@', 'a@b', '@a.', '55 ', '(11)', '%40', 'x'),
          fc.integer({ min: 1000, max: 16_000 }),
        )
        .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
    );
    fc.assert(
      fc.property(text, (line) => {
        expect(
          cpuMs(() => maskPersonalData(line), 5),
          `${line.length} chars of ${JSON.stringify(line.slice(0, 8))}`,
        ).toBeLessThanOrEqual(5);
      }),
      params(300),
    );
  });

  it('masks an e-mail, a CPF or a phone between spaces wherever it sits in a line', () => {
    fc.assert(
      fc.property(around, personal, around, (before, value, after) => {
        const masked = maskPersonalData(`${before} ${value} ${after}`);
        expect(masked).not.toContain(value);
      }),
      params(300),
    );
  });
});

describe("an upload's container walk (JPEG markers, HEIF boxes)", () => {
  const jpegStart = Uint8Array.from([0xff, 0xd8]);
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 4096 }),
    // Marker-shaped noise: 0xFF and a marker byte, lengths of any size, scans that never end.
    fc
      .array(fc.oneof(fc.constantFrom(0xff, 0xda, 0xd9, 0xd0, 0x00, 0x01), fc.integer({ min: 0, max: 255 })), { maxLength: 4096 })
      .map((list) => Uint8Array.from(list)),
  );

  it('reads any bytes without throwing, as whole or not', () => {
    fc.assert(
      fc.property(bytes, (body) => {
        const jpeg = new Uint8Array(body.length + 2);
        jpeg.set(jpegStart);
        jpeg.set(body, 2);
        expect(typeof jpegReachesEnd(jpeg)).toBe('boolean');
        expect(typeof isoBoxesWhole(body)).toBe('boolean');
        expect(typeof heicCodedDataWhole(body)).toBe('boolean');
      }),
      params(300),
    );
  });

  it('walks the largest upload (25 MB) of one endless scan, or of zeros, in linear time', () => {
    const size = 25 * 1024 * 1024;
    const scan = new Uint8Array(size).fill(0x11);
    scan.set([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]);
    const zeros = new Uint8Array(size);
    zeros.set([0xff, 0xd8]);
    for (const input of [scan, zeros]) {
      const whole = cpuMs(() => jpegReachesEnd(input), 2_000);
      const half = cpuMs(() => jpegReachesEnd(input.subarray(0, size / 2)), 2_000);
      expect(jpegReachesEnd(input)).toBe(false);
      // Linear: twice the bytes, about twice the time (a slow machine's noise allowed), never the square.
      expect(whole).toBeLessThanOrEqual(Math.max(500, 3 * half));
    }
    expect(cpuMs(() => isoBoxesWhole(zeros), 50)).toBeLessThanOrEqual(50);
    expect(cpuMs(() => heicCodedDataWhole(zeros), 50)).toBeLessThanOrEqual(50);
  });
});

describe('client address', () => {
  const trustedProxies = new BlockList();
  trustedProxies.addSubnet('127.0.0.0', 8, 'ipv4');
  /** Answers the address, and the CPU its reading took in a header. */
  const appFor = (hops: number) =>
    new Hono().get('/', (c) => {
      let address = '';
      const spent = cpuMs(() => (address = clientAddress(c, { trustProxyHops: hops, trustedProxies })), 5);
      return c.text(address, 200, { 'X-Cpu-Ms': String(spent) });
    });

  it('reads any X-Forwarded-For as one of its IP entries or "unknown", within 5 ms of CPU', async () => {
    await fc.assert(
      fc.asyncProperty(forwardedFor, fc.integer({ min: 0, max: 3 }), async (header, hops) => {
        const response = await appFor(hops).request('/', { headers: { 'X-Forwarded-For': header } });
        const address = await response.text();
        expect(Number(response.headers.get('X-Cpu-Ms'))).toBeLessThanOrEqual(5);
        if (hops === 0) expect(address).toBe('unknown');
        else if (address !== 'unknown') {
          expect(header.split(',').map((entry) => entry.trim())).toContain(address);
          expect(address.length).toBeLessThanOrEqual(64);
        }
      }),
      params(300),
    );
  });
});

describe('cookie parsing', () => {
  it('reads any Cookie header without touching Object.prototype, within 5 ms of CPU', () => {
    fc.assert(
      fc.property(cookieHeader, fc.constantFrom(undefined, 'vitrine_admin', 'vitrine_access', '__proto__'), (header, name) => {
        let cookies: Record<string, string> = {};
        expect(cpuMs(() => (cookies = parseCookies(header, name)), 5)).toBeLessThanOrEqual(5);
        for (const value of Object.values(cookies)) expect(typeof value).toBe('string');
        expectPrototypeUntouched();
      }),
      params(400),
    );
  });
});

describe('.env file and settings', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-fuzz-env-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const name = fc.oneof(
    fc.constantFrom(...CONFIG_VARIABLES),
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.stringMatching(/^FUZZ_[A-Z0-9_]{1,20}$/),
  );
  const value = fc.oneof(
    hostileString,
    fc.constantFrom('0', '-1', '1e9', 'true', 'http://x', 'postgres://', 'sqlite:', '"a', "'b'", '`c`', '#', '${PATH}'),
  );
  const line = fc.oneof(
    fc.tuple(name, value).map(([key, text]) => `${key}=${text.replace(/\n/g, ' ')}`),
    fc.tuple(name, value).map(([key, text]) => `export ${key}="${text}"`),
    headerText(80),
    fc.constantFrom('#', '=', '==', 'A', 'A=', ' = ', '\\', '"'),
  );

  it('loads any .env without throwing; the environment keeps what it had', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const before = { ...process.env };
        fs.writeFileSync(path.join(dir, '.env'), lines.join('\n'));
        try {
          const loaded = loadEnvFile(dir);
          expect(loaded).toBeDefined();
          expect(typeof describeEnvFile(loaded!)).toBe('string');
          for (const [key, kept] of Object.entries(before)) expect(process.env[key]).toBe(kept);
        } finally {
          for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
        }
        expectPrototypeUntouched();
      }),
      params(200),
    );
  });

  it('answers any set of settings with a config or a ConfigError whose every line names a variable', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...CONFIG_VARIABLES), value, { maxKeys: 8 }), (env) => {
        try {
          loadConfig({ DATA_DIR: '/tmp/vitrine-unused', ...env });
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          for (const problem of (error as ConfigError).problems) {
            expect(
              CONFIG_VARIABLES.some((variable) => problem.includes(variable)),
              problem,
            ).toBe(true);
          }
        }
      }),
      params(300),
    );
  });
});

describe('gateway replies (a stand-in may answer anything)', () => {
  const transaction = {
    hash: 'abc123',
    payment_status: 'paid',
    amount: 1990,
    pix: { pix_qr_code: '000201…', pix_url: 'https://x', qr_code_base64: null },
    customer: { name: 'Maria', email: 'maria@example.com', document: '52998224725' },
    data: { hash: 'abc123' },
    items: [{ product_hash: 'p', offer_hash: 'o' }],
    expires_at: '2025-01-01 12:00:00',
  };
  const reply = fc.oneof(
    anyJsonValue,
    shapedJson(transaction).map((text) => JSON.parse(text) as unknown),
    fc.anything(),
  );
  const STATES = ['paid', 'pending', 'failed', 'reversed', 'unknown'];

  it('reads a charge or a transaction from any reply without throwing', () => {
    fc.assert(
      fc.property(reply, hostileString, (body, requestedHash) => {
        const charge = parseCharge(body);
        if (charge) {
          expect(typeof charge.transactionHash).toBe('string');
          expect(STATES).toContain(charge.state);
          if (charge.amountCents !== null) expect(Number.isSafeInteger(charge.amountCents)).toBe(true);
        }
        const record = parseTransactionRecord(body, requestedHash);
        if (record) {
          expect(typeof record.transactionHash).toBe('string');
          expect(STATES).toContain(record.state);
        }
        expectPrototypeUntouched();
      }),
      params(500),
    );
  });

  it('reads a dispute from any reply (Efí’s infractions, Woovi’s dispute, AbacatePay’s dispute events) without throwing', () => {
    const infracao = {
      idInfracao: '8ad75c93-6150-422c-929e-822f361c7a6b',
      endToEndId: 'E09089356202312181249APId91a6304',
      valor: '100',
      status: 'ABERTA',
      tipoSituacao: 'golpe',
      dadosAnalise: { abertura: '2023-12-22T16:01:35Z', prazoFinalizacao: '2023-12-22T16:01:35Z' },
      origem: { nome: 'Fulano de Tal', documento: '800000000000000' },
    };
    const dispute = { id: 'd1', status: 'OPENED', endToEndId: 'E3524a995bbd54034b6d07c1c36014557', value: 1000, name: 'Seu jorge' };
    const event = {
      event: 'transparent.disputed',
      data: {
        transparent: { id: 'char_xyz789', amount: 5000, paidAmount: 5000 },
        payerInformation: { PIX: { name: 'Maria', taxId: '12345678909' } },
      },
    };
    const body = fc.oneof(
      reply,
      shapedJson({ parametros: { paginacao: { paginaAtual: 0, quantidadeDePaginas: 2 } }, infracoes: [infracao] }).map(
        (text) => JSON.parse(text) as unknown,
      ),
      shapedJson({ dispute }).map((text) => JSON.parse(text) as unknown),
      shapedJson(event).map((text) => JSON.parse(text) as unknown),
    );
    const DISPUTE_STATES = ['open', 'defending', 'won', 'lost', 'cancelled'];
    fc.assert(
      fc.property(body, (input) => {
        const page = parseInfractionPage(input);
        for (const found of page?.disputes ?? []) {
          expect(typeof found.disputeId).toBe('string');
          expect(DISPUTE_STATES).toContain(found.state);
          if (found.amountCents !== null) expect(Number.isSafeInteger(found.amountCents)).toBe(true);
        }
        const woovi = parseDisputeReply(input);
        if (woovi?.amountCents != null) expect(Number.isSafeInteger(woovi.amountCents)).toBe(true);
        const read = readWebhookEvent(input);
        if (read.kind === 'dispute') expect(['open', 'lost']).toContain(read.dispute.state);
        expectPrototypeUntouched();
      }),
      params(500),
    );
  });

  it("reads any Woovi webhook body as one event, whatever its event's name or spelling, prototype keys included", () => {
    const documented = Object.keys(WOOVI_EVENTS).flatMap((name) => [name, `OPENPIX:${name}`, `woovi:${name}`]);
    const name = fc.oneof(fc.constantFrom(...documented), fc.constantFrom(...PROTOTYPE_KEYS), hostileString);
    const body = fc.oneof(
      fc
        .tuple(name, anyJsonValue, anyJsonValue)
        .map(([event, charge, dispute]) => JSON.stringify({ event, charge, dispute, originalTransaction: dispute })),
      name.map((event) => JSON.stringify({ event, charge: { correlationID: 'c' }, dispute: { endToEndId: 'E1' } })),
      shapedJson({ event: 'woovi:DISPUTE_CREATED', charge: { correlationID: 'c' }, originalTransaction: { endToEndId: 'E2' } }),
      shapedJson({
        event: 'OPENPIX:MOVEMENT_CONFIRMED',
        payment: { correlationID: 'vp1', status: 'CONFIRMED' },
        transaction: { endToEndId: 'E3' },
      }),
      jsonText,
    );
    const KINDS = ['charge', 'refund', 'paymentRefund', 'dispute', 'payout', 'unrecognised', 'ignored'];
    fc.assert(
      fc.property(body, (raw) => {
        const read = readWooviEvent(raw);
        expect(KINDS).toContain(read.kind);
        if (read.kind === 'unrecognised') expect(read.name.length).toBeLessThanOrEqual(100);
        expectPrototypeUntouched();
      }),
      params(500),
    );
  });

  it("reads any AbacatePay, Mercado Pago or Efí notification as events of the shop's kinds, unknown names short, prototype keys included", () => {
    const name = fc.oneof(
      fc.constantFrom(...Object.keys(ABACATEPAY_EVENTS), ...Object.keys(MERCADOPAGO_TOPICS), 'pix', 'recs', 'cobsr', 'teste_webhook'),
      fc.constantFrom(...PROTOTYPE_KEYS),
      hostileString,
    );
    const body = fc.oneof(
      fc.tuple(name, anyJsonValue).map(([event, data]) => JSON.stringify({ event, type: event, action: event, evento: event, data })),
      fc.tuple(name, anyJsonValue).map(([key, value]) => `{${JSON.stringify(key)}:${JSON.stringify(value ?? null)}}`),
      shapedJson({ event: 'transparent.disputed', data: { transparent: { id: 'char_1', amount: 100 } } }),
      shapedJson({ pix: [{ txid: 'txid0000000000000000000000001', devolucoes: [{ id: 'D1', status: 'DEVOLVIDO' }] }] }),
      shapedJson({ event: 'transfer.completed', data: { transfer: { id: 'tran_1', externalId: 'vp1', status: 'COMPLETE' } } }),
      shapedJson({ pix: [{ endToEndId: 'E4', tipo: 'SOLICITACAO', status: 'REALIZADO', gnExtras: { idEnvio: 'vp1' } }] }),
      jsonText,
    );
    const KINDS = ['charge', 'refund', 'dispute', 'payout', 'unrecognised', 'ignored'];
    const short = (events: Array<{ kind: string; name?: string }>) => {
      for (const event of events) {
        expect(KINDS).toContain(event.kind);
        if (event.kind === 'unrecognised') expect(event.name!.length).toBeLessThanOrEqual(100);
      }
    };
    fc.assert(
      fc.property(body, (raw) => {
        let json: unknown = null;
        try {
          json = JSON.parse(raw) as unknown;
        } catch {
          json = null;
        }
        short([readWebhookEvent(json)]);
        short(readMercadoPagoNotification(mercadoPagoNotificationNames(new URLSearchParams(), raw), '123'));
        short(readPixNotification(raw));
        expectPrototypeUntouched();
      }),
      params(500),
    );
  });

  it('reads a product page and chooses an offer from any reply without throwing', () => {
    const product = {
      hash: 'p',
      title: 'Produto',
      offers: [
        { hash: 'o', price: 1990, status: 1, title: null },
        { hash: 'o2', price: '990', status: '0' },
      ],
    };
    const page = fc.oneof(
      reply,
      shapedJson({ data: [product], links: { next: null } }).map((text) => JSON.parse(text) as unknown),
      shapedJson(product).map((text) => JSON.parse(`{"data":[${text}]}`) as unknown),
    );
    fc.assert(
      fc.property(page, (body) => {
        const parsed = parseProductPage(body);
        for (const found of parsed?.products ?? []) {
          const choice = chooseOffer(found, 'p');
          if (choice.ok) {
            expect(Number.isSafeInteger(choice.product.priceCents)).toBe(true);
            expect(choice.product.priceCents).toBeGreaterThan(0);
          }
        }
        expectPrototypeUntouched();
      }),
      params(500),
    );
  });
});

describe('funnel path keys', () => {
  // What POST /api/events stores for a page path: a route pattern, never the raw path.
  const patterns = new Set<string>([
    NOT_FOUND_KEY,
    ...Object.values(routes).flatMap((route) => [route.path.split('/:')[0]!, route.path.replace('?', '')]),
  ]);
  const eventPath = fc.oneof(
    fc
      .array(fc.oneof(pathSegment, fc.constantFrom('acesso', 'pedido', 'lembretes', 'termos', '')), { maxLength: 12 })
      .map((parts) => `/${parts.join('/')}`),
    fc
      .tuple(fc.constantFrom('/', '/a', '/pedido/x'), fc.integer({ min: 1, max: 511 }))
      .map(([start, count]) => `${start}${'/'.repeat(count)}x`.slice(0, 512)),
  );

  it('turns any path the events schema lets through (512 characters) into a route pattern within 5 ms of CPU', () => {
    fc.assert(
      fc.property(eventPath, (pathname) => {
        let key = '';
        expect(cpuMs(() => (key = routeKey(pathname)), 5)).toBeLessThanOrEqual(5);
        expect(patterns).toContain(key);
      }),
      params(500),
    );
  });
});

describe('shared schemas', () => {
  const createOrder = createOrderSchema(checkoutFormMessages);
  const validOrder = {
    name: 'Maria Souza',
    email: 'maria@example.com',
    phone: '(11) 98765-4321',
    document: '529.982.247-25',
    checkoutKey: 'fuzzcheckoutkey000000000',
    viewKey: 'v'.repeat(40),
    attribution: { utm_source: 'google' },
    affiliate: 'ab12cd34',
    tracking: { consent: 'granted', fbp: 'fb.1.1700000000000.123' },
  };
  const input = (valid: Record<string, unknown>) =>
    fc.oneof(
      { weight: 3, arbitrary: shapedJson(valid).map((text) => JSON.parse(text) as unknown) },
      { weight: 1, arbitrary: anyJsonValue },
    );

  it('checks any order body within 5 ms of CPU; what passes is clean (known attribution keys, digits-only phone, no prototype keys); what fails says why in Portuguese', () => {
    fc.assert(
      fc.property(input(validOrder), (body) => {
        let result: ReturnType<typeof createOrder.safeParse> | undefined;
        expect(cpuMs(() => (result = createOrder.safeParse(body)), 5)).toBeLessThanOrEqual(5);
        if (!result!.success) {
          // Each message reaches the buyer as a field's error (routes/orders.ts).
          for (const issue of result!.error.issues) expect(isPortugueseApiMessage(issue.message), issue.message).toBe(true);
          return;
        }
        const order = result!.data;
        expect(order.phone).toMatch(/^\d{10,11}$/);
        expect(order.name.length).toBeGreaterThanOrEqual(2);
        for (const key of Object.keys(order.attribution)) expect(ATTRIBUTION_KEYS).toContain(key);
        expect(order.affiliate === null || /^[a-z0-9]{4,16}$/.test(order.affiliate)).toBe(true);
        expect(['granted', 'denied', 'unset']).toContain(order.tracking.consent);
        expect(holdsPrototypeKey(order)).toBe(false);
      }),
      params(500),
    );
  });

  it('checks any affiliate form within 5 ms of CPU; what passes carries a valid PIX key; what fails says why in Portuguese', () => {
    const affiliateForm = affiliateFormSchema(affiliateFormMessages);
    const valid = {
      name: 'Ana Lima',
      email: 'ana@example.com',
      document: '529.982.247-25',
      pixKey: '(11) 98765-4321',
      promotes: 'Instagram',
    };
    fc.assert(
      fc.property(input(valid), (body) => {
        let result: ReturnType<typeof affiliateForm.safeParse> | undefined;
        expect(cpuMs(() => (result = affiliateForm.safeParse(body)), 5)).toBeLessThanOrEqual(5);
        if (!result!.success) {
          // A hidden character is named by its code, which the form's route words as the reviews' does (hiddenCharactersField).
          for (const { message } of result!.error.issues)
            expect(isPortugueseApiMessage(message) || message === HIDDEN_CHARACTERS, message).toBe(true);
          return;
        }
        expect(parsePixKey(result!.data.pixKey.value)).toEqual(result!.data.pixKey);
        expect(holdsPrototypeKey(result!.data)).toBe(false);
      }),
      params(500),
    );
  });

  it("checks any body of the affiliate's pages within 5 ms of CPU: a request passes only with the terms accepted, a key only valid, never a prototype key", () => {
    const request = affiliateRequestSchema(affiliateRequestMessages);
    const signIn = affiliateSignInSchema(affiliatePage.api.emailInvalid);
    const pixKey = affiliatePixKeySchema(affiliateFormMessages);
    const terms = affiliateTermsSchema(affiliatePage.api.termsOutdated);
    const validRequest = {
      name: 'Ana Lima',
      email: 'ana@example.com',
      document: '529.982.247-25',
      pixKey: '(11) 98765-4321',
      promotes: 'Instagram',
      acceptTerms: true,
      termsVersion: affiliateTerms.version,
    };
    const cases = [
      [request, validRequest],
      [signIn, { email: 'ana@example.com' }],
      [pixKey, { pixKey: 'ana@example.com' }],
      [terms, { termsVersion: affiliateTerms.version }],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...cases.keys()), input(validRequest), fc.constantFrom(...PROTOTYPE_KEYS), (index, body, key) => {
        const [schema, valid] = cases[index]!;
        const polluted = JSON.parse(
          `{${JSON.stringify(key)}:{"acceptTerms":true,"state":"active"},${JSON.stringify(valid).slice(1)}`,
        ) as unknown;
        for (const candidate of [body, { ...valid, ...(typeof body === 'object' && body !== null ? body : {}) }, polluted]) {
          let result: { success: boolean; data?: unknown; error?: { issues: ReadonlyArray<{ message: string }> } } | undefined;
          expect(cpuMs(() => (result = schema.safeParse(candidate)), 5)).toBeLessThanOrEqual(5);
          if (!result!.success) {
            for (const { message } of result!.error!.issues)
              expect(isPortugueseApiMessage(message) || message === HIDDEN_CHARACTERS, message).toBe(true);
            continue;
          }
          const data = result!.data as Record<string, unknown>;
          expect(holdsPrototypeKey(data)).toBe(false);
          if (schema === request) expect(data.acceptTerms).toBe(true);
          if ('pixKey' in data) {
            const parsed = data.pixKey as { value: string };
            expect(parsePixKey(parsed.value)).toEqual(data.pixKey);
          }
        }
      }),
      params(500),
    );
  });

  it('checks any body of the other public and console forms within 5 ms of CPU, never throwing', () => {
    const schemas = [
      [FunnelEventSchema, { name: 'page_view', path: '/' }],
      [PresenceBeatSchema, { visitorId: 'visitor_0123456789abcdef' }],
      [ResendAccessSchema, { email: 'maria@example.com' }],
      [AdminLoginSchema, { password: 'senha' }],
      [AdminBuyerDeleteSchema, { email: 'maria@example.com', confirmation: 'maria@example.com' }],
      [AdminSupplierCsvSchema, { csv: 'nome,categoria' }],
      [RefundRequestSchema, { reason: 'not_for_me', note: 'Não era o que eu esperava.', confirm: true }],
      [RefundDeclineSchema, { reason: 'Pedido feito fora do prazo da garantia.' }],
      [ReviewInputSchema, { rating: 5, text: 'A lista me ajudou a economizar todo mês.', displayName: 'Joana P.', consent: true }],
      [AdminReviewOrderSchema, { orderIds: ['ord_a', 'ord_b'] }],
      [AddonAnswerSchema, { accept: true }],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...schemas.keys()), input({ email: 'x', path: '/', visitorId: 'v', password: 'p' }), (index, body) => {
        const [schema, valid] = schemas[index]!;
        for (const candidate of [body, { ...valid, ...(typeof body === 'object' && body !== null ? body : {}) }]) {
          let result: { success: boolean } | undefined;
          expect(cpuMs(() => (result = schema.safeParse(candidate)), 5)).toBeLessThanOrEqual(5);
          expect(typeof result!.success).toBe('boolean');
        }
      }),
      params(500),
    );
  });

  it('refuses control and bidi-override characters in what buyers and the seller write; keeps tabs and line breaks in texts with lines', () => {
    const review = { rating: 5, text: 'A lista me ajudou a economizar todo mês.', displayName: 'Joana P.', city: 'Recife', consent: true };
    const fields = [
      { schema: RefundRequestSchema, body: { confirm: true }, field: 'note', value: 'Não era o que eu esperava.', lines: true },
      { schema: RefundDeclineSchema, body: {}, field: 'reason', value: 'Pedido feito fora do prazo da garantia.', lines: true },
      { schema: ReviewInputSchema, body: review, field: 'text', value: review.text, lines: true },
      { schema: ReviewInputSchema, body: review, field: 'displayName', value: review.displayName, lines: false },
      { schema: ReviewInputSchema, body: review, field: 'city', value: review.city, lines: false },
    ] as const;
    const c0 = [...Array(32).keys()].map((code) => String.fromCharCode(code));
    const hidden = fc.constantFrom(
      ...c0.filter((char) => !'\t\n\r'.includes(char)),
      '\u007f',
      '\u0085',
      '\u009f',
      ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'],
    );
    const parse = (index: number, value: string) => {
      const { schema, body, field } = fields[index]!;
      return schema.safeParse({ ...body, [field]: value });
    };
    const insert = (value: string, at: number, char: string) =>
      `${value.slice(0, at % value.length)}${char}${value.slice(at % value.length)}`;
    fc.assert(
      fc.property(fc.constantFrom(...fields.keys()), fc.nat(), hidden, fc.constantFrom('\t', '\n', '\r'), (index, at, char, lineChar) => {
        const { value, lines } = fields[index]!;
        expect(parse(index, value).success).toBe(true);
        expect(parse(index, insert(value, at, char)).success, JSON.stringify(char)).toBe(false);
        // Inside the text: a line break or a tab is a person's, where the text has lines.
        expect(parse(index, insert(value, Math.max(at, 1), lineChar)).success).toBe(lines);
      }),
      params(500),
    );
  });

  it('reads any console order query (repeated keys, wrong types) within 5 ms of CPU', () => {
    const query = fc.dictionary(
      fc.oneof(fc.constantFrom('status', 'from', 'to', 'q', 'page'), hostileKey),
      fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 }), fc.constantFrom('1e9', '-1', '0x10', '2025-02-30', 'paid')),
      { maxKeys: 6 },
    );
    fc.assert(
      fc.property(query, (values) => {
        let result: ReturnType<typeof AdminOrdersQuerySchema.safeParse> | undefined;
        expect(cpuMs(() => (result = AdminOrdersQuerySchema.safeParse(values)), 5)).toBeLessThanOrEqual(5);
        if (result!.success) {
          expect(Number.isSafeInteger(result!.data.page)).toBe(true);
          expect(result!.data.page).toBeGreaterThanOrEqual(1);
        }
      }),
      params(500),
    );
  });
});

describe("the copy's claims (shared/copy-claims.ts)", () => {
  const facts = { amountsCents: [1990, 990], referencePriceCents: 9700, priceCents: 1990, guaranteeDays: 7, itemPrices: [] };
  // Runs of what each rule's expression waits for next: digits, thousands, "R$", percentages, "garantia de", "nao tem".
  const units = [
    '1',
    '1.',
    '1.000',
    '1,',
    '9,9',
    'r$ ',
    'R$1',
    ' 9 ',
    '9 reais',
    '-9',
    '- 9 %',
    '9%',
    '9 % de ',
    'desconto de ',
    'garantia de ',
    'garantia de 9 ',
    '9 dias ',
    '9 dias para ',
    'não tem ',
    'sem ',
    'nao ',
    'a\n',
    'á',
    'a\u0301',
    '. ',
    '\n',
    ' ',
  ];
  const text = fc.oneof(
    hostileString,
    fc
      .tuple(fc.constantFrom(...units), fc.integer({ min: 1000, max: 16_000 }))
      .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
  );

  // A field holds at most 600 characters; 16 KB is the linear bound with room, 20 ms a quadratic step would overrun by far.
  it('reads any 16 KB of copy within 20 ms of CPU, never throwing', () => {
    fc.assert(
      fc.property(text, (copy) => {
        expect(
          cpuMs(() => copyFindings({ hero: { subheadline: copy } }, facts), 20),
          `${copy.length} chars of ${JSON.stringify(copy.slice(0, 12))}`,
        ).toBeLessThanOrEqual(20);
        expect(cpuMs(() => sentenceClaims(copy, facts), 20)).toBeLessThanOrEqual(20);
      }),
      params(300),
    );
  });
});

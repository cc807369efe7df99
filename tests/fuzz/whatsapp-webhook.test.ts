import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSignedByMeta, isStopWord, readWhatsappWebhook } from '../../src/server/whatsapp/webhook-payload.ts';
import { createSqliteDb, type TestDb } from '../integration/test-db.ts';
import { createTestApp } from '../support/test-server.ts';
import { whatsappLog, whatsappOptOuts } from '../support/db-reads.ts';
import { announceSeed, cpuMs, FUZZ_SEED, jsonReaderBudgetMs, runs } from './fuzz-kit.ts';
import { deepJson, headerText, hostileString, hugeJson, jsonText, pollutionJson, shapedJson } from './hostile-input.ts';

/**
 * Meta's WhatsApp webhook meets hostile JSON: prototype keys (`__proto__`, `constructor`,
 * `prototype`) at any depth, wrong types where statuses and messages belong, deep nesting and huge
 * strings up to the route's 1 MB. The reader never throws, returns only well-formed events (at most
 * 200), costs CPU in proportion to its input and leaves Object.prototype alone; signed with the app
 * secret and sent to the real route, any such body gets a 200 and changes nothing it should not.
 * Bounded runs with a printed seed (fuzz-kit.ts: FUZZ_SEED replays, FUZZ_RUNS scales).
 */
const params = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns: runs(numRuns) });
const LIMIT = 1024 * 1024;
const NOW = 1_764_115_200_000;

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
function expectPrototypeUntouched() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

const hostileValue = fc.oneof(jsonText, pollutionJson);
/** A status and a text message as Meta sends them, any field of which may be hostile. */
const status = shapedJson({
  id: 'wamid.HBgLNTUxMTk4NzY1NDMyMRUCABEYEjA',
  status: 'failed',
  timestamp: '1764115200',
  recipient_id: '5511987654321',
  biz_opaque_callback_data: 'wam_1',
  errors: [{ code: 131026, title: 'Message undeliverable' }],
});
const message = shapedJson({ from: '5511987654321', id: 'wamid.x', timestamp: '1764115200', type: 'text', text: { body: 'PARAR' } });
/** Meta's envelope with hostile statuses and messages (or a hostile value where a list belongs). */
const envelope = fc
  .tuple(
    fc.oneof(
      fc.array(fc.oneof(status, hostileValue), { maxLength: 6 }).map((items) => `[${items.join(',')}]`),
      hostileValue,
    ),
    fc.oneof(
      fc.array(fc.oneof(message, hostileValue), { maxLength: 6 }).map((items) => `[${items.join(',')}]`),
      hostileValue,
    ),
    fc.constantFrom('"messages"', '"__proto__"', '1', '"account_update"'),
  )
  .map(
    ([statuses, messages, field]) =>
      `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":${field},"value":{"statuses":${statuses},"messages":${messages},"__proto__":{"polluted":1}}}]}]}`,
  );
const body = fc.oneof(envelope, envelope, jsonText, pollutionJson, deepJson(LIMIT), hugeJson(LIMIT), hostileString);

beforeAll(() => announceSeed('WhatsApp webhook'));

describe('the WhatsApp webhook reader', () => {
  it('reads any body into at most 200 well-formed events, within 100 ms of CPU (or three JSON parses of a huge body), leaving Object.prototype alone', () => {
    fc.assert(
      fc.property(body, (text) => {
        let events: ReturnType<typeof readWhatsappWebhook> = [];
        const budget = jsonReaderBudgetMs(text, 100);
        const spent = cpuMs(() => (events = readWhatsappWebhook(text, NOW)), budget);
        expect(spent, `${text.length} chars`).toBeLessThanOrEqual(budget);
        expect(events.length).toBeLessThanOrEqual(200);
        for (const event of events) {
          expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
          expect(Number.isFinite(event.at)).toBe(true);
          if (event.kind === 'stop') {
            expect(typeof event.from).toBe('string');
            expect(event.from.length).toBeLessThanOrEqual(32);
            continue;
          }
          expect(event.kind).toBe('status');
          expect(['sent', 'delivered', 'read', 'failed']).toContain(event.status);
          expect(typeof event.messageId).toBe('string');
          expect(event.messageId.length).toBeLessThanOrEqual(512);
          expect(event.callbackData === null || (typeof event.callbackData === 'string' && event.callbackData.length <= 512)).toBe(true);
          expect(event.errorCode === null || Number.isSafeInteger(event.errorCode)).toBe(true);
        }
        expectPrototypeUntouched();
      }),
      params(300),
    );
  });

  it('finds the status and the stop a valid delivery holds, whatever hostile keys sit beside them', () => {
    const text = `{"object":"whatsapp_business_account","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"entry":[{"changes":[{"field":"messages","value":{"statuses":[{"id":"wamid.A","status":"read","timestamp":"1764115200","__proto__":{"status":"failed"}}],"messages":[{"from":"5511987654321","type":"text","text":{"body":" sáir! ","constructor":1}}]}}]}]}`;
    expect(readWhatsappWebhook(text, NOW)).toEqual([
      { kind: 'status', messageId: 'wamid.A', callbackData: null, status: 'read', at: 1_764_115_200_000, errorCode: null },
      { kind: 'stop', from: '5511987654321', at: NOW },
    ]);
    expectPrototypeUntouched();
  });

  it('tells a stop word from any other text in linear time', () => {
    fc.assert(
      fc.property(
        fc.oneof(hostileString, fc.constantFrom('PARAR', 'parar', ' Sair.', 'STOP!', 'stop stop', 'Parar?', 'SAÍ', 'pará')),
        (text) => {
          let stop = false;
          expect(cpuMs(() => (stop = isStopWord(text)), 5)).toBeLessThanOrEqual(5);
          if (stop)
            expect(['PARAR', 'SAIR', 'STOP']).toContain(
              text
                .normalize('NFD')
                .replace(/[\u0300-\u036f]/g, '')
                .trim()
                .toUpperCase()
                .replace(/[.!]+$/, ''),
            );
        },
      ),
      params(300),
    );
    expect(['PARAR', ' parar ', 'Sáir', 'STOP!', 'stop.'].map(isStopWord)).toEqual([true, true, true, true, true]);
    expect(['Parar?', 'parar agora', 'pará', 'SAÍ', ''].map(isStopWord)).toEqual([false, false, false, false, false]);
  });

  it('checks any X-Hub-Signature-256 header without throwing, accepting only the HMAC of the exact bytes', () => {
    const secret = 'f00dfacef00dfacef00dfacef00dface';
    fc.assert(
      fc.property(
        fc.oneof(
          headerText(300),
          fc.constant(undefined),
          fc.string().map((tail) => `sha256=${tail}`),
        ),
        body,
        (header, text) => {
          const bytes = new TextEncoder().encode(text);
          expect(isSignedByMeta(bytes, header, secret)).toBe(false);
          const signature = `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`;
          expect(isSignedByMeta(bytes, signature, secret)).toBe(true);
          expect(isSignedByMeta(bytes, signature.toUpperCase().replace('SHA256=', 'sha256='), secret)).toBe(true);
        },
      ),
      params(200),
    );
  });
});

describe('the WhatsApp webhook route, signed hostile bodies', () => {
  let db: TestDb;
  let app: ReturnType<typeof createTestApp>['app'];
  const secret = 'f00dfacef00dfacef00dfacef00dface';

  beforeAll(async () => {
    db = await createSqliteDb();
    app = createTestApp(db, {
      WHATSAPP_TOKEN: 'EAAGfuzzfuzzfuzzfuzzfuzz',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: secret,
      WHATSAPP_VERIFY_TOKEN: 'fuzz-verify-token-123',
    }).app;
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers 200 to any signed body (413 past 1 MB), stores no message it does not know and no number it was not told to stop', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const bytes = Buffer.from(text);
        const response = await app.request('/api/webhooks/whatsapp', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Hub-Signature-256': `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`,
          },
          body: bytes,
        });
        expect(response.status).toBe(bytes.length > LIMIT ? 413 : 200);
        expectPrototypeUntouched();
      }),
      params(100),
    );
    expect(await whatsappLog(db)).toEqual([]);
    // Only a "PARAR" / "SAIR" / "STOP" text of a shaped message can have stopped a number.
    for (const row of await whatsappOptOuts(db)) expect(row.source).toBe('reply');
  });
});

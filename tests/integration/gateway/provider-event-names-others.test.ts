import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminHealth } from '../../../src/shared/admin.ts';
import { ABACATEPAY_EVENTS, readWebhookEvent } from '../../../src/server/gateway/providers/abacatepay/parse-abacatepay.ts';
import { EFI_NOTIFICATIONS, readPixNotification } from '../../../src/server/gateway/providers/efi/pix-api-notifications.ts';
import {
  MERCADOPAGO_PAYMENT_ACTIONS,
  MERCADOPAGO_TOPICS,
  mercadoPagoNotificationNames,
  readMercadoPagoNotification,
} from '../../../src/server/gateway/providers/mercadopago/mercadopago-webhook.ts';
import { TRIBOPAY_POSTBACK_STATUSES, unrecognisedPostbackStatus } from '../../../src/server/gateway/providers/tribopay/postback.ts';
import { postOrder, newCheckoutKey, signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, wholeOutbox } from '../../support/db-reads.ts';
import { providersEnv } from '../../support/provider-rig.ts';
import { consoleCall, drainOutbox } from '../../support/purchase.ts';
import { abacatepayBody, abacatepayExamples, billingPaidNested } from '../../support/providers/abacatepay/abacatepay-event-fixtures.ts';
import {
  abacatepayVariables,
  ABACATEPAY_WEBHOOK_SECRET,
  signAbacateBody,
  startAbacatepayStandIn,
  type AbacatepayStandIn,
} from '../../support/providers/abacatepay/abacatepay-stand-in.ts';
import { efiBody, efiExamples } from '../../support/providers/efi/efi-event-fixtures.ts';
import { mercadoPagoBody, mercadoPagoExamples } from '../../support/providers/mercadopago/mercadopago-event-fixtures.ts';
import { formatA, formatB, tribopayBody, tribopayStatusSources } from '../../support/providers/tribopay/tribopay-event-fixtures.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * Every event Efí, Mercado Pago, AbacatePay and TriboPay document is read as the shop reads it, and a verified one of a
 * name the shop does not know is never silent (docs/payments.md#unrecognised-events; Woovi's in
 * provider-event-names.test.ts). The bodies are the documented examples, each fixture module naming its pages:
 * tests/support/providers/{efi,mercadopago,abacatepay,tribopay}/*-event-fixtures.ts.
 */

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
const sorted = (values: Iterable<string>) => [...values].sort();

describe("AbacatePay's documented events", () => {
  it('has an example for every event AbacatePay documents, and reads no name that is not documented', () => {
    expect(sorted(Object.keys(abacatepayExamples))).toEqual(sorted(Object.keys(ABACATEPAY_EVENTS)));
  });

  it('reads each example as its kind: a transparent charge paid or refunded, a dispute opened or lost, the rest known', () => {
    for (const [event, data] of Object.entries(abacatepayExamples)) {
      const read = readWebhookEvent(JSON.parse(abacatepayBody(event, data, 'char_1')) as unknown);
      const expected = {
        charge: { kind: 'charge', chargeId: 'char_1' },
        refund: { kind: 'refund', chargeId: 'char_1' },
        disputeOpen: { kind: 'dispute', dispute: { chargeId: 'char_1', state: 'open', event } },
        disputeLost: { kind: 'dispute', dispute: { chargeId: 'char_1', state: 'lost', event } },
        payoutSettled: { kind: 'payout', sendId: 'payout-ext-123', announced: 'settled' },
        payoutFailed: { kind: 'payout', sendId: 'payout-ext-123', announced: 'failed' },
        known: { kind: 'ignored' },
      }[ABACATEPAY_EVENTS[event as keyof typeof ABACATEPAY_EVENTS]];
      expect(read, event).toMatchObject(expected);
    }
    for (const data of billingPaidNested) {
      expect(readWebhookEvent(JSON.parse(abacatepayBody('billing.paid', data, 'pix_char_1')) as unknown)).toEqual({
        kind: 'charge',
        chargeId: 'pix_char_1',
      });
    }
  });

  it('a name it does not know is unrecognised, never taken for another, prototype keys included', () => {
    const data = abacatepayExamples['transparent.completed']!;
    for (const event of ['transparent.chargeback', 'Transparent.completed', 'billing.expired', ...PROTOTYPE_NAMES]) {
      expect(readWebhookEvent(JSON.parse(abacatepayBody(event, data, 'char_1')) as unknown), event).toEqual({
        kind: 'unrecognised',
        name: event,
      });
    }
  });
});

describe("Mercado Pago's documented notification topics", () => {
  const read = (example: Record<string, unknown>, query = '') =>
    readMercadoPagoNotification(mercadoPagoNotificationNames(new URLSearchParams(query), mercadoPagoBody(example, '123456')), '123456');

  it('has an example for every topic Mercado Pago documents, and reads no topic that is not documented', () => {
    expect(sorted(Object.keys(mercadoPagoExamples))).toEqual(sorted(Object.keys(MERCADOPAGO_TOPICS)));
    const actions = mercadoPagoExamples.payment!.map((example) => example.action as string);
    expect(sorted(actions)).toEqual(sorted(MERCADOPAGO_PAYMENT_ACTIONS));
  });

  it("reads each example as its kind: a payment's is read back, whether `type` comes in the body or the query; the rest are known", () => {
    for (const [topic, examples] of Object.entries(mercadoPagoExamples)) {
      for (const example of examples) {
        const expected =
          MERCADOPAGO_TOPICS[topic as keyof typeof MERCADOPAGO_TOPICS] === 'payment'
            ? [{ kind: 'charge', chargeId: '123456' }]
            : [{ kind: 'ignored', reason: `notification type ${topic}` }];
        expect(read(example), topic).toEqual(expected);
        const { type: _type, ...withoutType } = example;
        expect(read(withoutType, `data.id=123456&type=${encodeURIComponent(topic)}`), `${topic} in the query`).toEqual(expected);
      }
    }
  });

  it('a topic it does not know is unrecognised, and a payment of an unknown action is read back and counted', () => {
    const payment = mercadoPagoExamples.payment![0]!;
    for (const type of ['point_integration_wh', 'Payment', 'topic_fraud_wh', ...PROTOTYPE_NAMES]) {
      expect(read({ ...payment, type }), type).toEqual([{ kind: 'unrecognised', name: type }]);
    }
    for (const action of ['payment.deleted', ...PROTOTYPE_NAMES]) {
      expect(read({ ...payment, action }), action).toEqual([
        { kind: 'charge', chargeId: '123456' },
        { kind: 'unrecognised', name: action },
      ]);
    }
  });
});

describe("Efí's documented notifications (the Pix standard's)", () => {
  it('has an example for every notification the standard documents, and reads no other', () => {
    expect(sorted(Object.keys(efiExamples))).toEqual(sorted(Object.keys(EFI_NOTIFICATIONS)));
  });

  it('reads each example as its kind: a pix names its charges (and its devoluções), the rest are known', () => {
    const [withRefund, plain, sent, rejected] = efiExamples.pix!;
    // A Pix the seller sent names our idEnvio, to be read back whatever its status says.
    expect(readPixNotification(efiBody(sent!, 'x'))).toEqual([{ kind: 'payout', sendId: '123ABC', announced: 'settled' }]);
    expect(readPixNotification(efiBody(rejected!, 'x'))).toEqual([{ kind: 'payout', sendId: '123ABC', announced: 'failed' }]);
    expect(readPixNotification(efiBody(withRefund!, 'txid0000000000000000000000001'))).toEqual([
      { kind: 'charge', chargeId: 'txid0000000000000000000000001' },
      { kind: 'refund', chargeId: 'txid0000000000000000000000001', refundId: '123ABC' },
    ]);
    expect(readPixNotification(efiBody(plain!, 'txid0000000000000000000000002'))).toEqual([
      { kind: 'charge', chargeId: 'txid0000000000000000000000002' },
    ]);
    for (const name of ['recs', 'cobsr', 'evento:teste_webhook']) {
      for (const example of efiExamples[name]!) {
        expect(readPixNotification(efiBody(example, 'x')), name).toEqual([{ kind: 'ignored', reason: `notification ${name}` }]);
      }
    }
  });

  it('a body of no documented shape is unrecognised by what it holds, prototype names included', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cobs: [{ txid: 'a' }] }, 'cobs'],
      [{ evento: 'webhook_removido' }, 'evento:webhook_removido'],
      [{ Pix: [] }, 'Pix'],
      [{ toString: [] }, 'toString'],
      [{ hasOwnProperty: [] }, 'hasOwnProperty'],
      ...PROTOTYPE_NAMES.map((value): [Record<string, unknown>, string] => [{ evento: value }, `evento:${value}`]),
    ];
    for (const [body, name] of cases) {
      expect(readPixNotification(JSON.stringify(body)), name).toEqual([{ kind: 'unrecognised', name }]);
    }
    // The safe parser drops prototype keys (server/lib/safe-parse.ts): such a body holds nothing, and is never a pix.
    for (const body of ['{}', '{"__proto__":{"pix":[{"txid":"t"}]}}', '{"constructor":[]}']) {
      expect(readPixNotification(body), body).toEqual([{ kind: 'ignored', reason: 'empty body' }]);
    }
  });
});

describe("TriboPay's postback statuses", () => {
  it('has a source for every status it reads, and reads no other as known', () => {
    expect(sorted(Object.keys(tribopayStatusSources))).toEqual(sorted(TRIBOPAY_POSTBACK_STATUSES));
  });

  it('reads each status in both formats, JSON or form, as known', () => {
    for (const status of TRIBOPAY_POSTBACK_STATUSES) {
      for (const example of [formatA(status), formatB(status)]) {
        expect(unrecognisedPostbackStatus(tribopayBody(example, 'tx1'), 'application/json'), status).toBeNull();
      }
      expect(unrecognisedPostbackStatus(`hash=tx1&payment_status=${status}`, 'application/x-www-form-urlencoded')).toBeNull();
    }
    expect(unrecognisedPostbackStatus(tribopayBody(formatA('PAID'), 'tx1'), 'application/json')).toBeNull();
  });

  it('a status it does not know is named, prototype keys included', () => {
    for (const status of ['em_analise', 'paid_out', ...PROTOTYPE_NAMES]) {
      expect(unrecognisedPostbackStatus(tribopayBody(formatA(status), 'tx1'), 'application/json'), status).toBe(status);
      expect(unrecognisedPostbackStatus(tribopayBody(formatB(status), 'tx1'), 'application/json'), status).toBe(status);
    }
  });
});

const PASSWORD = 'senha-do-painel-eventos';

async function seller(url: string) {
  const cookie = await signInToConsole(url, PASSWORD);
  const call = async <T>(path: string) => (await (await consoleCall(url, cookie, path)).json()) as T;
  return async () => (await call<AdminHealth>('/health')).checks.find((check) => check.key === 'events');
}

for (const database of databases) {
  describe(`AbacatePay's events through the shop, on ${database.name}`, () => {
    let standIn: AbacatepayStandIn;
    beforeAll(async () => {
      standIn = await startAbacatepayStandIn();
    });
    afterAll(() => standIn?.stop());
    const running = useTestServer(
      database,
      () => ({
        ...providersEnv(['abacatepay'], abacatepayVariables(standIn)),
        ADMIN_PASSWORD: PASSWORD,
        SUPPORT_EMAIL: 'ajuda@example.com',
        MAIL_TRANSPORT: 'smtp',
      }),
      { ownPublicUrl: true, smtp: true },
    );

    async function post(event: string, options: { signature?: string } = {}) {
      const body = abacatepayBody(event, abacatepayExamples['transparent.completed']!, 'char_desconhecida');
      const url = new URL(`${running.server.url}/api/webhooks/abacatepay`);
      url.searchParams.set('webhookSecret', ABACATEPAY_WEBHOOK_SECRET);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Webhook-Signature': options.signature ?? signAbacateBody(body) },
        body,
      });
      await response.body?.cancel();
      return response.status;
    }

    it('a signed event of an unknown name is counted in Saúde with its last time, and the seller is e-mailed once', async () => {
      const { server, db } = running;
      const eventsCheck = await seller(server.url);
      expect(await eventsCheck()).toMatchObject({ ok: true });

      for (let i = 0; i < 3; i++) expect(await post('transparent.chargeback')).toBe(200);
      await drainOutbox(server);
      expect(await post('transparent.chargeback')).toBe(200);
      await drainOutbox(server);

      const check = await eventsCheck();
      expect(check?.ok).toBe(false);
      expect(check?.detail).toMatch(/AbacatePay “transparent\.chargeback”, 4 vezes, o último em \S/);
      const alerts = (await wholeOutbox(db)).filter((row) => row.kind.startsWith('unrecognised_event:'));
      expect(alerts.map((row) => [row.kind, row.sent_at !== null])).toEqual([
        ['unrecognised_event:abacatepay:transparent.chargeback', true],
      ]);
      const mails = running.smtp.received.filter((mail) => mail.raw.includes('transparent.chargeback'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual(['ajuda@example.com']);

      // A documented name is no warning, and a forged body is a rejection, never an event.
      expect(await post('subscription.renewed')).toBe(200);
      expect(await post('transparent.forged', { signature: signAbacateBody('{}') })).toBeGreaterThanOrEqual(400);
      const after = await eventsCheck();
      expect(after?.detail).not.toContain('subscription.renewed');
      expect(after?.detail).not.toContain('forged');
    });
  });

  describe(`TriboPay's postbacks through the shop, on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: 'now', ownPublicUrl: true });

    async function postback(order: { id: string; postback_secret: string }, status: string, secret = order.postback_secret) {
      const response = await fetch(`${running.server.url}/api/webhooks/gateway?t=${order.id}.${secret}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: tribopayBody(formatA(status), order.id),
      });
      await response.body?.cancel();
      return response.status;
    }

    it("a status it does not know is counted once the order's token checks out, and never from a wrong one", async () => {
      const { server, db } = running;
      const created = await postOrder<{ orderId?: string }>(server.url, { ...uniqueBuyer('Teodoro Lima'), checkoutKey: newCheckoutKey() });
      expect(created.status).toBe(201);
      const order = await orderRow(db, created.body.orderId!);

      expect(await postback(order, 'em_analise_forjada', 'segredo-errado')).toBeGreaterThanOrEqual(400);
      expect(await postback(order, 'em_analise')).toBe(200);
      await server.background.idle();

      const check = await (await seller(server.url))();
      expect(check?.ok).toBe(false);
      expect(check?.detail).toContain('“em_analise”, 1 vez');
      expect(check?.detail).not.toContain('forjada');
      // The order is only read back: an unknown status changes nothing about it.
      expect((await orderRow(db, order.id)).status).toBe('pending');
    });
  });
}

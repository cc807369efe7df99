import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminHealth } from '../../../src/shared/admin.ts';
import type { AdminDisputeList } from '../../../src/shared/disputes.ts';
import { readWooviEvent, WOOVI_EVENTS, wooviEventName } from '../../../src/server/gateway/providers/woovi/woovi-webhook.ts';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, wholeOutbox } from '../../support/db-reads.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { askRefund, consoleCall, drainOutbox, memberVisit } from '../../support/purchase.ts';
import { exampleBody, spellings, wooviExamples } from '../../support/providers/woovi/woovi-event-fixtures.ts';
import { startWooviStandIn, type WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * Every event a provider documents is read however its documents spell it (docs/payments.md#unrecognised-events), and a
 * verified event the shop does not know is never silent. Woovi's documents spell each event two ways: `OPENPIX:` on its
 * events page, `woovi:` in its dispute examples and as its panel sends them; its refund confirmations come with no prefix.
 * The bodies are its documented examples (tests/support/providers/woovi/woovi-event-fixtures.ts names each page).
 */

const PASSWORD = 'senha-do-painel-eventos';
const ids = { chargeId: 'charge-1', endToEndId: 'E23114447202611281830abcdefghijk' };

describe("Woovi's documented events, each spelling", () => {
  it('has an example for every event Woovi documents, and reads no name that is not documented', () => {
    expect(Object.keys(wooviExamples).sort()).toEqual(Object.keys(WOOVI_EVENTS).sort());
  });

  it('reads each example as its kind, spelled OPENPIX:, woovi: or bare', () => {
    for (const [name, kind] of Object.entries(WOOVI_EVENTS)) {
      for (const event of spellings(name)) {
        expect(wooviEventName(event), event).toBe(name);
        const read = readWooviEvent(exampleBody(name, event, ids));
        const expected = {
          charge: { kind: 'charge', chargeId: ids.chargeId },
          refund: name.startsWith('PIX_')
            ? { kind: 'paymentRefund', endToEndId: ids.endToEndId }
            : { kind: 'refund', chargeId: ids.chargeId },
          dispute: { kind: 'dispute', endToEndId: ids.endToEndId },
          payoutSettled: { kind: 'payout', sendId: 'payment-1', announced: 'settled' },
          payoutFailed: { kind: 'payout', sendId: 'payment-1', announced: 'failed' },
        }[kind];
        expect(read, event).toMatchObject(expected);
      }
    }
  });

  it('a signed name it does not know is unrecognised, never taken for another, whatever its case or prefix', () => {
    for (const event of ['woovi:DISPUTE_ESCALATED', 'OPENPIX:CHARGE_REFUNDED', 'PIX_TRANSACTION_RECEIVED', '__proto__', 'constructor']) {
      expect(readWooviEvent(JSON.stringify({ event, charge: { correlationID: 'c' } })), event).toEqual({
        kind: 'unrecognised',
        name: event,
      });
    }
    expect(readWooviEvent(JSON.stringify({ event: 'Woovi:charge_completed', charge: { correlationID: 'c' } }))).toEqual({
      kind: 'charge',
      chargeId: 'c',
    });
  });
});

for (const database of databases) {
  describe(`Woovi's events through the shop, on ${database.name}`, () => {
    let standIn: WooviStandIn;
    beforeAll(async () => {
      standIn = await startWooviStandIn();
      standIn.refundsConfirm = 'in_answer';
    });
    afterAll(() => standIn?.stop());
    const running = useTestServer(
      database,
      () => ({
        ...providersEnv(['woovi'], {
          WOOVI_APP_ID: standIn.appId,
          WOOVI_WEBHOOK_PUBLIC_KEY: standIn.publicKey,
          WOOVI_API_URL: standIn.url,
        }),
        ADMIN_PASSWORD: PASSWORD,
        SUPPORT_EMAIL: 'ajuda@example.com',
        REFUND_MODE: 'auto',
        GATEWAY_REFUNDS: '1',
        MAIL_TRANSPORT: 'smtp',
      }),
      { ownPublicUrl: true, smtp: true },
    );

    async function paid(name: string) {
      const { server, db } = running;
      standIn.webhookUrl = `${server.url}/api/webhooks/woovi`;
      const created = await checkout(server.url, { buyer: uniqueBuyer(name) });
      expect(created.status).toBe(201);
      const orderId = created.body.orderId!;
      const chargeId = (await orderRow(db, orderId)).charge_id!;
      await standIn.pay(chargeId);
      await drainOutbox(server);
      expect((await orderRow(db, orderId)).status).toBe('paid');
      return { orderId, chargeId };
    }

    async function seller() {
      const cookie = await signInToConsole(running.server.url, PASSWORD);
      return async <T>(path: string) => (await (await consoleCall(running.server.url, cookie, path)).json()) as T;
    }

    it('a contestação sent as woovi:DISPUTE_CREATED is recorded: no refund meanwhile, and accepted it leaves the revenue', async () => {
      const { server, db } = running;
      standIn.eventPrefix = 'woovi:';
      try {
        const { orderId, chargeId } = await paid('Iolanda Prates');
        const { cookie } = await memberVisit(server.url, db, orderId, Date.now());
        await standIn.dispute(chargeId);
        expect(standIn.deliveries.at(-1)).toMatchObject({ event: 'woovi:DISPUTE_CREATED', status: 200 });
        await drainOutbox(server);
        const call = await seller();
        const opened = (await call<AdminDisputeList>('/disputes')).disputes.filter((dispute) => dispute.orderId === orderId);
        expect(opened.map((dispute) => [dispute.provider, dispute.state])).toEqual([['woovi', 'open']]);

        // The buyer's bank is deciding: the guarantee refund is refused with the truth, and nothing goes back twice.
        expect((await askRefund(server.url, cookie)).status).toBe(409);
        expect(standIn.charges.get(chargeId)!.refunds).toEqual([]);

        await standIn.endDispute(chargeId, 'ACCEPTED');
        expect(standIn.deliveries.at(-1)).toMatchObject({ event: 'woovi:DISPUTE_ACCEPTED', status: 200 });
        await drainOutbox(server);
        const closed = (await call<AdminDisputeList>('/disputes')).disputes.find((dispute) => dispute.orderId === orderId);
        expect(closed?.state).toBe('lost');
        expect((await orderRow(db, orderId)).status).not.toBe('paid');
      } finally {
        standIn.eventPrefix = 'OPENPIX:';
      }
    });

    it('a signed event of an unknown name is counted in Saúde by name, and the seller is e-mailed once', async () => {
      const { server, db } = running;
      const post = async (event: string) => {
        const body = JSON.stringify({ event, charge: { correlationID: 'desconhecida' } });
        const response = await fetch(`${server.url}/api/webhooks/woovi`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-webhook-signature': standIn.sign(body) },
          body,
        });
        expect(response.status).toBe(200);
      };
      const call = await seller();
      const eventsCheck = async () => (await call<AdminHealth>('/health')).checks.find((check) => check.key === 'events');
      expect(await eventsCheck()).toMatchObject({ ok: true });

      for (let i = 0; i < 3; i++) await post('woovi:DISPUTE_ESCALATED');
      await drainOutbox(server);
      await post('woovi:DISPUTE_ESCALATED');
      await drainOutbox(server);

      const check = await eventsCheck();
      expect(check?.ok).toBe(false);
      expect(check?.detail).toContain('Woovi “woovi:DISPUTE_ESCALATED”, 4 vezes');
      expect(check?.fix).toBeTruthy();
      const alerts = (await wholeOutbox(db)).filter((row) => row.kind.startsWith('unrecognised_event:'));
      expect(alerts.map((row) => [row.kind, row.sent_at !== null])).toEqual([['unrecognised_event:woovi:woovi:DISPUTE_ESCALATED', true]]);
      const mails = running.smtp.received.filter((mail) => mail.raw.includes('DISPUTE_ESCALATED'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual(['ajuda@example.com']);
      // A forged one (a bad signature) is a rejection, never counted as an event.
      const forged = await fetch(`${server.url}/api/webhooks/woovi`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-webhook-signature': standIn.sign('{}') },
        body: JSON.stringify({ event: 'woovi:FORGED' }),
      });
      expect(forged.status).toBeGreaterThanOrEqual(400);
      expect((await eventsCheck())?.detail).not.toContain('FORGED');
    });
  });
}

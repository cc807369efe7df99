import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../../src/server/access/access-service.ts';
import type { Db } from '../../../src/server/db/database.ts';
import type { AdminOrderDetail } from '../../../src/shared/admin.ts';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, outboxRows } from '../../support/db-reads.ts';
import { standInGatewayClient, type ChargeLedger, type RefundBehaviour } from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { startHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';
import { buyAndPay, consoleCall } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { openSameDatabase, startTestServer, useTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * A refund made at the gateway (GATEWAY_REFUNDS=1, docs/refunds.md#at-the-gateway) is asked for
 * once and always finishes, whatever the gateway answers, however often the outbox runs, and with
 * two instances on one database. The real server, over real HTTP, against the gateway stand-in's
 * refund behaviours, on SQLite and PostgreSQL; the outbox is driven by hand with a test clock. What
 * is checked is what the seller and the buyer see: the order, the console's refund panel, the
 * access link, "Reembolso feito", the seller's webhook, and the refund calls the gateway received.
 */
const PASSWORD = 'senha-do-painel-reembolso-gateway';
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const SELLER = 'vendas@example.com';
/** The browser's origin for the console: the stand-in env's PUBLIC_URL. */
const ORIGIN = 'http://127.0.0.1';
/** The console's warning, and the retry's refusal without the seller's word, when a refund asked for was never seen. */
const CHECK_THE_PANEL_FIRST =
  'Antes de tentar de novo, confira no painel do gateway se o reembolso já foi feito: tentar de novo pode devolver duas vezes.';
/** Past the gateway refund row's longest backoff (15 min), so the next run finds it due. */
const PAST_BACKOFF_MS = 16 * 60_000;

type Running = ReturnType<typeof useTestServer<(typeof databases)[number]>> & {
  ledger: ChargeLedger;
  hooks: HttpReceiver;
  dataDir: string;
  admin: string;
};

function useGatewayRefundServer(database: (typeof databases)[number]): Running {
  /** The seller's webhook receiver and the server's DATA_DIR, made before the server that names them. */
  const before = {} as Pick<Running, 'hooks' | 'dataDir'>;
  beforeAll(async () => {
    before.hooks = await startHttpReceiver();
    before.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-gw-refund-'));
  });
  afterAll(async () => {
    await before.hooks?.stop();
    if (before.dataDir) fs.rmSync(before.dataDir, { recursive: true, force: true });
  });
  const running = useTestServer(
    database,
    () => ({
      GATEWAY_REFUNDS: '1',
      ADMIN_PASSWORD: PASSWORD,
      SUPPORT_EMAIL: SELLER,
      WEBHOOK_URL: before.hooks.url,
      WEBHOOK_SECRET,
      DATA_DIR: before.dataDir,
    }),
    // A gateway client quick to give up (300 ms).
    { gateway: (standIn) => standInGatewayClient(standIn), clock: Date.UTC(2026, 10, 2, 15, 0, 0) },
  ) as Running;
  beforeAll(async () => {
    Object.assign(running, before);
    running.ledger = running.gateway.rememberCharges();
    running.admin = await signInToConsole(running.server.url, PASSWORD, ORIGIN);
  });
  beforeEach(() => running.ledger.answerRefunds({ kind: 'refunds' }));
  return running;
}

/** Another server instance on `db`, as the running one is: the test's clock, a gateway client quick to give up (300 ms). */
function startInstance(running: Running, db: Db): Promise<TestServer> {
  return startTestServer(db, running.env, { gateway: standInGatewayClient(running.gateway), now: () => running.clock.now });
}

/** A buyer checks out, pays at the gateway, and its postback reaches the server; returns the order, its charge and an access link's token. */
async function buyPaidOrder(running: Running, buyer = uniqueBuyer('Lia Moraes')) {
  const { orderId, order } = await buyAndPay(running, { buyer, ledger: running.ledger });
  expect(order.paid_at).not.toBeNull();
  const token = await issueAccessToken(running.db.db, orderId, running.clock.now);
  return { orderId, hash: running.ledger.byOrder.get(orderId)!.hash, token };
}

/** A call to the console's API as the signed-in seller. */
function sellerCall(running: Running, path: string, body?: object): Promise<Response> {
  return consoleCall(running.server.url, running.admin, path, body, { origin: ORIGIN });
}

/** "Reembolsar" and its confirmation in the console; resolves with the HTTP status once the work it started is done. */
async function pressRefund(running: Running, orderId: string, body: object = {}): Promise<number> {
  const response = await sellerCall(running, `/orders/${orderId}/refund/start`, body);
  await response.body?.cancel();
  await running.server.background.idle();
  return response.status;
}

async function orderDetail(running: Running, orderId: string): Promise<AdminOrderDetail> {
  const response = await sellerCall(running, `/orders/${orderId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AdminOrderDetail;
}

/** `rounds` outbox runs, the clock moved `stepMs` before each. */
async function runOutbox(running: Running, rounds: number, stepMs = PAST_BACKOFF_MS) {
  for (let round = 0; round < rounds; round++) {
    running.clock.now += stepMs;
    await running.server.outbox.runOnce();
    await running.server.background.idle();
  }
}

/**
 * The gateway's reads of `hash` lag behind its refund: they answer `paid` (as the transaction was)
 * until the returned function is called. A re-read then cannot tell that the refund was asked for.
 */
function lagReadsOf(running: Running, hash: string): () => void {
  const { gateway, ledger } = running;
  const read = gateway.onRead;
  gateway.onRead = (c, readHash, request) => {
    const transaction = ledger.transactions.get(readHash);
    if (readHash !== hash || !transaction) return read(c, readHash, request);
    return c.json({ ...ledger.toJson(transaction), payment_status: 'paid' });
  };
  return () => {
    gateway.onRead = read;
  };
}

/** Where the member's access link leads: the member page, or "Acesso encerrado". */
async function accessLinkGoesTo(running: Running, token: string): Promise<string | null> {
  const visit = await fetch(`${running.server.url}/acesso/${token}`, { redirect: 'manual' });
  await visit.body?.cancel();
  return visit.headers.get('location');
}

async function expectStillPaid(running: Running, order: { orderId: string; token: string }) {
  const detail = await orderDetail(running, order.orderId);
  expect(detail).toMatchObject({ status: 'paid', hasAccess: true, refund: { status: 'approved' } });
  expect(await accessLinkGoesTo(running, order.token)).not.toBe('/acesso?encerrado');
  expect(await outboxRows(running.db, order.orderId, 'refund_done')).toEqual([]);
  return detail;
}

/** The gateway attempt ended without the money moving: the console shows why (and the steps by hand); one call was made. */
async function expectFailedAtGateway(running: Running, order: { orderId: string; hash: string; token: string }, error: string) {
  const detail = await expectStillPaid(running, order);
  expect(detail.refund?.gateway).toMatchObject({ state: 'failed', error });
  expect(detail.manualRefund).toMatchObject({ amountCents: 1990, charges: [{ transactionHash: order.hash, amountCents: 1990 }] });
  expect(running.gateway.refundCalls(order.hash)).toBe(1);
}

/** "Marcar como reembolsado" while the gateway refunds: refused by the server, the order untouched. */
async function expectMarkRefusedInFlight(running: Running, order: { orderId: string; token: string }) {
  const mark = await sellerCall(running, `/orders/${order.orderId}/refund`, {});
  expect(mark.status).toBe(409);
  expect(await mark.json()).toEqual({
    error: 'O reembolso deste pedido já está em andamento no gateway. Aguarde a confirmação antes de marcar como reembolsado.',
  });
  await running.server.background.idle();
  await expectStillPaid(running, order);
}

/** The refund is done, and everyone heard of it once: the order, the access, "Reembolso feito", the seller's webhook. */
async function expectRefundedOnce(running: Running, order: { orderId: string; hash: string; token: string }, calls = 1) {
  const detail = await orderDetail(running, order.orderId);
  expect(detail).toMatchObject({ status: 'reversed', hasAccess: false, refundStatus: 'refunded', refund: { status: 'refunded' } });
  expect(running.gateway.refundCalls(order.hash)).toBe(calls);
  expect(await accessLinkGoesTo(running, order.token)).toBe('/acesso?encerrado');
  const done = await outboxRows(running.db, order.orderId, 'refund_done');
  expect(done).toHaveLength(1);
  expect(done[0]!.sent_at).not.toBeNull();
  expect(fs.existsSync(path.join(running.dataDir, 'outbox', `refund_done-${order.orderId}@vitrine.eml`))).toBe(true);
  const hooks = await outboxRows(running.db, order.orderId, 'webhook:order.refunded');
  expect(hooks).toHaveLength(1);
  expect(hooks[0]!.sent_at).not.toBeNull();
  const { public_ref: reference } = await orderRow(running.db, order.orderId);
  const received = running.hooks.requests
    .map((request) => JSON.parse(request.body) as { type: string; data: { reference: string } })
    .filter((body) => body.type === 'order.refunded' && body.data.reference === reference);
  expect(received).toHaveLength(1);
}

for (const database of databases) {
  describe(`gateway refunds through the stand-in on ${database.name}`, () => {
    const running = useGatewayRefundServer(database);

    it('the gateway refunds: order reversed, access ended, one call, one "Reembolso feito", one webhook', async () => {
      const order = await buyPaidOrder(running);
      expect(await pressRefund(running, order.orderId)).toBe(202);
      await runOutbox(running, 3);
      await expectRefundedOnce(running, order);
      expect((await orderDetail(running, order.orderId)).refund?.gateway.error).toBeNull();
    });

    it('a definite refusal (422): the seller reads the gateway message, the order stays paid; "Reembolsar" again calls once more', async () => {
      running.ledger.answerRefunds({ kind: 'fails', status: 422, message: 'Saldo insuficiente para o reembolso.' });
      const order = await buyPaidOrder(running);
      expect(await pressRefund(running, order.orderId)).toBe(202);
      await runOutbox(running, 3);
      await expectFailedAtGateway(running, order, 'O gateway recusou o reembolso (HTTP 422): Saldo insuficiente para o reembolso.');
      // A refusal refunded nothing: trying again cannot pay twice, so no check in the panel is asked for.
      expect((await orderDetail(running, order.orderId)).refund?.gateway.mayHaveRefunded).toBe(false);

      // The gateway's balance is back; the seller presses "Reembolsar" again: a new attempt.
      running.ledger.answerRefunds({ kind: 'refunds' });
      expect(await pressRefund(running, order.orderId)).toBe(202);
      await runOutbox(running, 3);
      await expectRefundedOnce(running, order, 2);
    });

    const uncertain: Array<[string, RefundBehaviour]> = [
      ['a 500', { kind: 'fails', status: 500, message: 'Server Error', refundsAnyway: true }],
      ['no answer in time', { kind: 'hangs', ms: 1_000, refundsAnyway: true }],
    ];
    for (const [name, behaviour] of uncertain) {
      it(`an uncertain failure (${name}) after the money moved: the next run reads "refunded" and finishes without a second call`, async () => {
        running.ledger.answerRefunds(behaviour);
        const order = await buyPaidOrder(running);
        expect(await pressRefund(running, order.orderId)).toBe(202);
        // The console's own run asked once and got no usable answer: still paid, as far as we know.
        await expectStillPaid(running, order);
        expect(running.gateway.refundCalls(order.hash)).toBe(1);
        await runOutbox(running, 3);
        await expectRefundedOnce(running, order);
      });
    }

    it('the refund went through but reads lag behind it: no second call while they do, and it finishes once they show it', async () => {
      running.ledger.answerRefunds({ kind: 'fails', status: 502, refundsAnyway: true });
      const order = await buyPaidOrder(running);
      const caughtUp = lagReadsOf(running, order.hash);
      try {
        expect(await pressRefund(running, order.orderId)).toBe(202);
        // Within the 30 minutes an accepted call is given to show up: the transaction reads paid each time.
        await runOutbox(running, 4, 5 * 60_000);
        await expectStillPaid(running, order);
        expect(running.gateway.refundCalls(order.hash)).toBe(1);
        // Asked and not yet seen ("calling"): a refund by hand now would pay the buyer twice.
        expect((await orderDetail(running, order.orderId)).refund?.gateway.state).toBe('calling');
        await expectMarkRefusedInFlight(running, order);
      } finally {
        caughtUp();
      }
      await runOutbox(running, 1, 5 * 60_000);
      await expectRefundedOnce(running, order);
    });

    it('an accepted call whose refund is still not seen after 30 minutes: the seller is asked to check the panel, and nothing is called again', async () => {
      const order = await buyPaidOrder(running);
      const caughtUp = lagReadsOf(running, order.hash);
      try {
        expect(await pressRefund(running, order.orderId)).toBe(202);
        await runOutbox(running, 4);
        await expectFailedAtGateway(
          running,
          order,
          'O reembolso foi pedido ao gateway, mas a transação continua paga depois de 30 minutos (o pedido pode não ter chegado). Confira no painel do gateway antes de tentar de novo.',
        );
      } finally {
        caughtUp();
      }
      // The call may have gone through: the console warns, and the server wants the seller's word that they looked.
      expect((await orderDetail(running, order.orderId)).refund?.gateway.mayHaveRefunded).toBe(true);
      const unchecked = await sellerCall(running, `/orders/${order.orderId}/refund/start`, {});
      expect(unchecked.status).toBe(409);
      expect(await unchecked.json()).toEqual({ error: CHECK_THE_PANEL_FIRST });
      await running.server.background.idle();
      expect(running.gateway.refundCalls(order.hash)).toBe(1);
      // The seller finds it refunded in the panel and presses "Reembolsar" again: the new attempt reads first.
      expect(await pressRefund(running, order.orderId, { gatewayChecked: true })).toBe(202);
      await runOutbox(running, 1);
      await expectRefundedOnce(running, order);
    });

    it('a call still unseen after 30 minutes, retried once the seller checked the panel: the gateway is asked again, once', async () => {
      const order = await buyPaidOrder(running);
      const caughtUp = lagReadsOf(running, order.hash);
      try {
        // The first call never arrived (the gateway answered, but refunded nothing): the panel shows it still paid.
        running.ledger.answerRefunds({ kind: 'fails', status: 502 });
        expect(await pressRefund(running, order.orderId)).toBe(202);
        await runOutbox(running, 4);
        expect((await orderDetail(running, order.orderId)).refund?.gateway).toMatchObject({ state: 'failed', mayHaveRefunded: true });
        expect(await pressRefund(running, order.orderId)).toBe(409);
      } finally {
        caughtUp();
      }
      running.ledger.answerRefunds({ kind: 'refunds' });
      expect(await pressRefund(running, order.orderId, { gatewayChecked: true })).toBe(202);
      await runOutbox(running, 2);
      await expectRefundedOnce(running, order, 2);
    });

    it('pending_refund: "em processamento", no further calls while it waits, then refunded once the gateway finishes', async () => {
      running.ledger.answerRefunds({ kind: 'pending' });
      const order = await buyPaidOrder(running);
      expect(await pressRefund(running, order.orderId)).toBe(202);
      await runOutbox(running, 4);
      const detail = await expectStillPaid(running, order);
      expect(detail.refund?.gateway).toMatchObject({ state: 'pending', error: null });
      expect(running.gateway.refundCalls(order.hash)).toBe(1);
      // Pressing "Reembolsar" while it is under way starts nothing.
      expect(await pressRefund(running, order.orderId)).toBe(409);
      // Nor does "Marcar como reembolsado": the gateway is returning the money already.
      await expectMarkRefusedInFlight(running, order);

      running.ledger.finishRefund(order.hash);
      await runOutbox(running, 1);
      await expectRefundedOnce(running, order);
    });

    it('retries: a double "Reembolsar" and many outbox runs still make one call', async () => {
      const order = await buyPaidOrder(running);
      const statuses = await Promise.all([pressRefund(running, order.orderId), pressRefund(running, order.orderId)]);
      expect(statuses.sort()).toEqual([202, 409]);
      await runOutbox(running, 10, 30_000);
      expect(await pressRefund(running, order.orderId)).toBe(409);
      await runOutbox(running, 5);
      await expectRefundedOnce(running, order);
    });

    it('two instances on one database running their outboxes at once: one call', async () => {
      const other = openSameDatabase(running.db);
      const second = await startInstance(running, other);
      const first = running.server;
      // Each instance's own runs after a console action or a payment are held: the test runs them, together.
      const runs = [first, second].map((instance) => {
        const runOnce = instance.outbox.runOnce.bind(instance.outbox);
        instance.outbox.runOnce = async () => 0;
        return runOnce;
      });
      try {
        // Slow but in time (the client waits 300 ms): the call is in flight while the other instance's run looks.
        running.ledger.answerRefunds({ kind: 'hangs', ms: 150, refundsAnyway: true });
        const order = await buyPaidOrder(running);
        expect(await pressRefund(running, order.orderId)).toBe(202);
        for (let round = 0; round < 6; round++) {
          running.clock.now += round === 0 ? 0 : PAST_BACKOFF_MS;
          await Promise.all(runs.map((runOnce) => runOnce()));
          await Promise.all([first.background.idle(), second.background.idle()]);
        }
        await expectRefundedOnce(running, order);
      } finally {
        first.outbox.runOnce = runs[0]!;
        await second.stop();
        await other.close();
      }
    });

    it("a buyer's second payment within 48 h is refunded at the gateway on its own, the first untouched, and the seller is told", async () => {
      const buyer = uniqueBuyer('Otávio Reis');
      const original = await buyPaidOrder(running, buyer);
      running.clock.now += 60 * 60_000;
      const duplicate = await buyPaidOrder(running, { ...buyer, phone: '(41) 99654-3210' });
      await runOutbox(running, 3);

      expect((await orderRow(running.db, duplicate.orderId)).duplicate_of).toBe(original.orderId);
      await expectRefundedOnce(running, duplicate);
      expect((await orderDetail(running, duplicate.orderId)).refund).toMatchObject({ origin: 'duplicate', decidedBy: 'auto' });
      expect(running.gateway.refundCalls(original.hash)).toBe(0);
      expect(await orderDetail(running, original.orderId)).toMatchObject({ status: 'paid', hasAccess: true, refund: null });
      expect(await accessLinkGoesTo(running, original.token)).not.toBe('/acesso?encerrado');
      const alert = await outboxRows(running.db, duplicate.orderId, 'duplicate_alert');
      expect(alert).toHaveLength(1);
      expect(alert[0]!.sent_at).not.toBeNull();
      const alertFile = fs.readFileSync(path.join(running.dataDir, 'outbox', `duplicate-${duplicate.orderId}@vitrine.eml`), 'utf8');
      expect(alertFile).toContain(`To: ${SELLER}`);
    });
  });
}

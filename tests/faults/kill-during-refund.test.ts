import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { signInToConsole, uniqueBuyer } from '../support/clients.ts';
import { createScratchDatabase } from '../support/cluster.ts';
import { findRefundRow, orderRow, outboxRows } from '../support/db-reads.ts';
import { checkout, postback } from '../support/fault-kit.ts';
import { standInEnv, startGatewayStandIn } from '../support/providers/tribopay/tribopay-stand-in.ts';
import { startHttpReceiver } from '../support/http-receiver.ts';
import { startServer, withServerDb, type RunningServer } from '../support/server-process.ts';
import { waitFor } from '../support/wait.ts';
import { decodeHeader, parseMail } from '../integration/mime.ts';
import { startSmtpServer } from '../integration/smtp-test-server.ts';

/**
 * The crash docs/refunds.md promises to survive: the server asked the gateway for the refund
 * (GATEWAY_REFUNDS=1), the gateway made it, and the server is killed (SIGKILL) before the answer
 * and the re-read. Restarted on the same data, it must finish the refund without asking again: once
 * the dead process's outbox lease (90 s on the database clock) runs out, the next try reads
 * `refunded`. On SQLite and PostgreSQL.
 */
const PASSWORD = 'senha-do-painel-kill-refund';
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
/** The browser's origin for the console: the stand-in env's PUBLIC_URL. */
const ORIGIN = 'http://127.0.0.1';
/** The outbox lease (90 s, src/server/outbox/outbox-worker.ts; no setting overrides it), a poll and slack. */
const LEASE_AND_SLACK_MS = 150_000;

/** The server's data, read by the test on its own connection (the server may be dead). */
interface Store {
  env: Record<string, string>;
  read<T>(use: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const stores: Record<'sqlite' | 'postgres', (dataDir: string) => Promise<Store>> = {
  async sqlite(dataDir) {
    return { env: {}, read: (use) => withServerDb(dataDir, use), close: async () => undefined };
  },
  async postgres() {
    const scratch = await createScratchDatabase();
    const db = openDatabase({ kind: 'postgres', url: scratch.url });
    return {
      env: { DATABASE_URL: scratch.url },
      read: (use) => use(db),
      async close() {
        await db.close();
        await scratch.drop();
      },
    };
  },
};

describe.concurrent('kill -9 between the gateway refund call and its re-read', () => {
  for (const kind of ['sqlite', 'postgres'] as const) {
    it(`on ${kind}: after the restart the refund finishes with one call, one "Reembolso feito" and one webhook`, async ({ expect }) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-fault-refund-${kind}-`));
      const gateway = await startGatewayStandIn();
      const ledger = gateway.rememberCharges();
      const smtp = await startSmtpServer();
      const hooks = await startHttpReceiver();
      const store = await stores[kind](dataDir);
      const env = standInEnv(gateway, {
        ...store.env,
        GATEWAY_REFUNDS: '1',
        ADMIN_PASSWORD: PASSWORD,
        SMTP_URL: smtp.url,
        MAIL_TRANSPORT: 'smtp',
        WEBHOOK_URL: hooks.url,
        WEBHOOK_SECRET,
      });
      let server: RunningServer | undefined;
      try {
        server = await startServer(env, { dataDir });
        const buyer = uniqueBuyer('Rui Tavares');
        const created = await checkout(server.url, buyer);
        expect(created.status).toBe(201);
        const orderId = created.body.orderId!;
        const order = await store.read((db) => orderRow(db, orderId));
        const hash = order.charge_id!;
        ledger.pay(hash);
        expect(await postback(server.url, order, { hash, payment_status: 'paid' })).toBe(200);
        const state = () =>
          store.read(async (db) => ({
            order: (await orderRow(db, orderId)).status,
            refund: (await findRefundRow(db, orderId))?.status ?? null,
          }));
        await waitFor('the order to be paid', async () => (await state()).order === 'paid', 30_000, 100);

        // The gateway makes the refund the moment it is asked, and holds its answer: the server is
        // killed while it waits, before it could read the transaction back.
        ledger.answerRefunds({ kind: 'hangs', ms: 30_000, refundsAnyway: true });
        const admin = await signInToConsole(server.url, PASSWORD, ORIGIN);
        const started = await fetch(`${server.url}/api/admin/orders/${orderId}/refund/start`, {
          method: 'POST',
          headers: { Cookie: admin, Origin: ORIGIN, 'Content-Type': 'application/json' },
          body: '{}',
        });
        expect(started.status).toBe(202);
        await waitFor('the refund call at the gateway', () => gateway.refundCalls(hash) === 1, 30_000, 20);
        await server.kill('SIGKILL');
        expect(ledger.transactions.get(hash)!.status).toBe('refunded');
        expect(await state()).toEqual({ order: 'paid', refund: 'approved' });

        const killedAt = Date.now();
        server = await startServer(env, { dataDir });
        await waitFor(
          'the order reversed and its refund done',
          async () => {
            const now = await state();
            return now.order === 'reversed' && now.refund === 'refunded';
          },
          LEASE_AND_SLACK_MS,
          1_000,
        );
        const finishedMs = Date.now() - killedAt;
        const refundedSubjects = () =>
          smtp.received
            .filter((mail) => mail.to.includes(buyer.email))
            .map((mail) => decodeHeader(parseMail(mail.raw).headers.get('subject') ?? ''))
            .filter((subject) => subject === 'Reembolso feito');
        const refundedHooks = () =>
          hooks.requests.filter((request) => (JSON.parse(request.body) as { type: string }).type === 'order.refunded');
        await waitFor('"Reembolso feito" and the webhook', () => refundedSubjects().length > 0 && refundedHooks().length > 0, 30_000, 250);
        // Another poll or two changes nothing.
        await new Promise((resolve) => setTimeout(resolve, 6_000));

        expect(gateway.refundCalls(hash)).toBe(1);
        // Finished by the refund's own outbox row reading the transaction back (not by the reconciler's sweep).
        expect(server.logs.some((line) => line.includes('Refund confirmed by the gateway; access ended'))).toBe(true);
        expect(refundedSubjects()).toHaveLength(1);
        expect(refundedHooks()).toHaveLength(1);
        // Per kind queued, how many of its rows were sent.
        const outbox = await store.read((db) => outboxRows(db, orderId));
        const queued = ['refund_done', 'webhook:order.refunded'].filter((kind) => outbox.some((row) => row.kind === kind));
        const sent = (kind: string) => outbox.filter((row) => row.kind === kind && row.sent_at !== null).length;
        expect(queued.map((kind) => [kind, sent(kind)])).toEqual([
          ['refund_done', 1],
          ['webhook:order.refunded', 1],
        ]);
        // The access link the buyer was e-mailed now says "Acesso encerrado".
        const link = smtp.received.map((mail) => /\/acesso\/([A-Za-z0-9_-]{20,})/.exec(parseMail(mail.raw).text)?.[1]).find(Boolean);
        expect(link).toBeDefined();
        const visit = await fetch(`${server.url}/acesso/${link}`, { redirect: 'manual' });
        expect(visit.headers.get('location')).toBe('/acesso?encerrado');
        expect(finishedMs).toBeLessThan(LEASE_AND_SLACK_MS);
      } finally {
        await server?.stop();
        await store.close();
        await hooks.stop();
        await smtp.stop();
        await gateway.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});

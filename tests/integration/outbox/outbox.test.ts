import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/database.ts';
import { renderAccessEmail } from '../../../src/server/access/access-email.ts';
import { createMailer, type MailMessage, type Mailer } from '../../../src/server/mail/mailer.ts';
import { claimNextMessage, markFailed, type OutboxMessage } from '../../../src/server/outbox/outbox-repository.ts';
import { emailHandler } from '../../../src/server/mail/email-handler.ts';
import { createOutboxKinds, type OutboxHandler } from '../../../src/server/outbox/outbox-kinds.ts';
import { backoffDelay, createOutboxWorker } from '../../../src/server/outbox/outbox-worker.ts';
import { captureLogger } from '../mail-test-support.ts';
import { parseMail } from '../mime.ts';
import { startSmtpServer, type TestSmtpServer } from '../smtp-test-server.ts';
import { databases, type TestDb } from '../test-db.ts';
import { readOutboxRow, wholeOutbox } from '../../support/db-reads.ts';
import { openSameDatabase } from '../../support/test-server.ts';
import { enqueueOutboxMessage } from '../../../src/server/outbox/outbox-queue.ts';

/** What the orders code will put in the row; the test render reads it back instead of an order. */
interface AccessPayload {
  email: string;
  name: string;
  token: string;
}

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

async function renderFromPayload(message: OutboxMessage): Promise<MailMessage> {
  const payload = message.payload as AccessPayload;
  const accessUrl = `http://localhost:3000/acesso/${payload.token}`;
  return {
    to: payload.email,
    messageId: `<order-${message.orderId}@vitrine>`,
    demoLink: accessUrl,
    ...renderAccessEmail({ buyerName: payload.name, accessUrl, supportEmail: 'suporte@example.com', productName: 'Lista' }),
  };
}

const payloadFor = (orderId: string): AccessPayload => ({
  email: `buyer-${orderId}@example.com`,
  name: `Comprador ${orderId}`,
  token: `tok_${orderId}`,
});

const messageIds = (smtp: TestSmtpServer) => smtp.received.map((mail) => parseMail(mail.raw).headers.get('message-id'));

/** Claims every due row one by one, as a worker would over one run. */
async function claimAll(db: Db['db'], options: { now: number; leaseMs: number }) {
  const claimed = [];
  for (let message = await claimNextMessage(db, options); message; message = await claimNextMessage(db, options)) claimed.push(message);
  return claimed;
}

for (const database of databases) {
  describe(`outbox on ${database.name}`, () => {
    let smtp: TestSmtpServer;
    let db: TestDb & { file?: string; url?: string };
    let mailer: Mailer;
    let clock: number;
    let logLines: string[];
    let logger: ReturnType<typeof captureLogger>['logger'];

    beforeAll(async () => {
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await smtp.stop();
    });

    // A fresh database per test: each one counts the messages of its own rows.
    beforeEach(async () => {
      db = await database.create();
      smtp.received.length = 0;
      clock = T0;
      ({ logger, lines: logLines } = captureLogger());
      mailer = createMailer({ smtpUrl: smtp.url, from: 'Vitrine <suporte@example.com>', dataDir: '/nonexistent', logger });
    });
    afterEach(async () => {
      smtp.rejectWith = undefined;
      mailer.close();
      await db.close();
    });

    /** The kinds as a consumer registers them: each name with its handler. */
    const kindsOf = (handlers: Record<string, OutboxHandler>) => {
      const kinds = createOutboxKinds();
      for (const [kind, handler] of Object.entries(handlers)) kinds.register(kind, handler);
      return kinds;
    };
    /** The worker with the access e-mail's kind only; a test may swap the mailer or the render. */
    type WorkerOverrides = Partial<Parameters<typeof createOutboxWorker>[0]> & {
      mailer?: Mailer;
      render?: (message: OutboxMessage) => Promise<MailMessage>;
    };
    const worker = ({ mailer: useMailer = mailer, render = renderFromPayload, ...overrides }: WorkerOverrides = {}) =>
      createOutboxWorker({
        db: db.db,
        logger,
        kinds: kindsOf({ access_email: emailHandler(useMailer, render) }),
        now: () => clock,
        ...overrides,
      });

    it('keeps one row per order and kind, and only rows whose transaction committed', async () => {
      expect(await enqueueOutboxMessage(db.db, { orderId: 'ord_1', kind: 'access_email', payload: payloadFor('ord_1'), now: T0 })).toBe(
        true,
      );
      await db.db.transaction().execute(async (trx) => {
        expect(await enqueueOutboxMessage(trx, { orderId: 'ord_1', kind: 'access_email', payload: payloadFor('x'), now: T0 })).toBe(false);
      });
      await expect(
        db.db.transaction().execute(async (trx) => {
          await enqueueOutboxMessage(trx, { orderId: 'ord_2', kind: 'access_email', payload: payloadFor('ord_2'), now: T0 });
          throw new Error('the paid transition failed');
        }),
      ).rejects.toThrow('the paid transition failed');

      const rows = (await wholeOutbox(db)).map((row) => ({ order_id: row.order_id, payload: row.payload }));
      expect(rows).toEqual([{ order_id: 'ord_1', payload: JSON.stringify(payloadFor('ord_1')) }]);

      expect(await worker().runOnce()).toBe(1);
      expect(smtp.received).toHaveLength(1);
    });

    it('sends exactly one message per row to the SMTP server, and nothing more on the next run', async () => {
      for (const id of ['ord_a', 'ord_b', 'ord_c']) {
        await enqueueOutboxMessage(db.db, { orderId: id, kind: 'access_email', payload: payloadFor(id), now: T0 });
      }
      const outbox = worker();
      expect(await outbox.runOnce()).toBe(3);
      expect(await outbox.runOnce()).toBe(0);

      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([
        'buyer-ord_a@example.com',
        'buyer-ord_b@example.com',
        'buyer-ord_c@example.com',
      ]);
      expect(messageIds(smtp).sort()).toEqual(['<order-ord_a@vitrine>', '<order-ord_b@vitrine>', '<order-ord_c@vitrine>']);
      const mail = parseMail(smtp.received.find((item) => item.to[0] === 'buyer-ord_b@example.com')!.raw);
      expect(mail.text).toContain('http://localhost:3000/acesso/tok_ord_b');

      const row = await readOutboxRow(db, 'ord_b', 'access_email');
      expect(row).toMatchObject({ sentAt: T0, attempts: 0, lockedUntil: null, lastError: null });

      const log = logLines.join('\n');
      expect(log).toContain('e-mail sent');
      expect(log).not.toContain('buyer-ord_b@example.com');
      expect(log).not.toContain('Comprador');
      expect(log).not.toContain('tok_ord_b');
    });

    it('keeps the row while SMTP is down, backs off, and delivers it once when the server is back', async () => {
      await enqueueOutboxMessage(db.db, { orderId: 'ord_down', kind: 'access_email', payload: payloadFor('ord_down'), now: T0 });
      const outbox = worker();

      await smtp.stop();
      try {
        expect(await outbox.runOnce()).toBe(0);
      } finally {
        await smtp.start();
      }
      const afterFirst = await readOutboxRow(db, 'ord_down', 'access_email');
      expect(afterFirst).toMatchObject({ sentAt: null, attempts: 1, nextAttemptAt: T0 + 30_000, lockedUntil: null });
      expect(afterFirst!.lastError).toMatch(/SMTP delivery failed/);
      expect(logLines.join('\n')).toContain('e-mail not sent; will retry');

      // Not due yet: the server is back but the row waits for its backoff.
      clock = T0 + 10_000;
      expect(await outbox.runOnce()).toBe(0);
      expect(smtp.received).toHaveLength(0);

      // A refusing server (451) is a failure too; the next wait doubles.
      clock = T0 + 30_000;
      smtp.rejectWith = 'try again later';
      expect(await outbox.runOnce()).toBe(0);
      smtp.rejectWith = undefined;
      expect(await readOutboxRow(db, 'ord_down', 'access_email')).toMatchObject({
        attempts: 2,
        nextAttemptAt: T0 + 30_000 + 60_000,
        sentAt: null,
      });

      clock = T0 + 90_000;
      expect(await outbox.runOnce()).toBe(1);
      expect(await outbox.runOnce()).toBe(0);
      expect(messageIds(smtp)).toEqual(['<order-ord_down@vitrine>']);
      expect(await readOutboxRow(db, 'ord_down', 'access_email')).toMatchObject({ sentAt: T0 + 90_000, attempts: 2 });
    });

    it('delivers each message once when two workers on two connections run at the same time', async () => {
      const ids = Array.from({ length: 8 }, (_, index) => `ord_race_${index}`);
      for (const id of ids) {
        await enqueueOutboxMessage(db.db, { orderId: id, kind: 'access_email', payload: payloadFor(id), now: T0 });
      }
      const second = openSameDatabase(db);
      try {
        const first = worker({ batchSize: 3 });
        const other = worker({ db: second.db, batchSize: 3 });
        const results = await Promise.all([
          first.runOnce(),
          other.runOnce(),
          first.runOnce(),
          other.runOnce(),
          first.runOnce(),
          other.runOnce(),
        ]);
        const total = results.reduce((sum, count) => sum + count, 0);
        // Whatever the interleaving, nothing twice; then whatever is left goes out on a later run.
        expect(new Set(messageIds(smtp)).size).toBe(smtp.received.length);
        expect(total).toBe(smtp.received.length);
        expect(total + (await first.runOnce()) + (await other.runOnce())).toBe(ids.length);
        expect(messageIds(smtp).sort()).toEqual(ids.map((id) => `<order-${id}@vitrine>`).sort());
      } finally {
        await second.close();
      }
    });

    it('never lets two connections claim the same row, and hands a row over only when its lease ran out', async () => {
      for (let index = 0; index < 10; index += 1) {
        await enqueueOutboxMessage(db.db, { orderId: `ord_claim_${index}`, kind: 'access_email', payload: {}, now: T0 });
      }
      const second = openSameDatabase(db);
      try {
        const [mine, theirs] = await Promise.all([
          claimAll(db.db, { now: T0, leaseMs: 60_000 }),
          claimAll(second.db, { now: T0, leaseMs: 60_000 }),
        ]);
        const claimed = [...mine, ...theirs].map((row) => row.orderId);
        expect(claimed).toHaveLength(10);
        expect(new Set(claimed).size).toBe(10);

        // Within the lease nobody else gets them; after it (a crashed worker) they are claimable again.
        expect(await claimAll(second.db, { now: T0 + 59_999, leaseMs: 60_000 })).toEqual([]);
        const takenOver = await claimAll(second.db, { now: T0 + 60_001, leaseMs: 60_000 });
        expect(takenOver).toHaveLength(10);

        // The crashed worker's late failure report must not clobber the new holder's lease.
        const stale = [...mine, ...theirs][0]!;
        expect(await markFailed(db.db, stale, T0 + 999_999, 'late')).toBe(false);
        const row = await readOutboxRow(db, stale.orderId, 'access_email');
        expect(row).toMatchObject({ attempts: 0, lockedUntil: T0 + 60_001 + 60_000, lastError: null });
      } finally {
        await second.close();
      }
    });

    it('claims each row right before sending it: a slow send cannot outlast the lease of rows still waiting', async () => {
      for (const id of ['ord_slow_1', 'ord_slow_2']) {
        await enqueueOutboxMessage(db.db, { orderId: id, kind: 'access_email', payload: payloadFor(id), now: T0 });
      }
      const leases: number[] = [];
      const slowMailer: Mailer = {
        mode: 'smtp',
        async send(message) {
          const rows = await wholeOutbox(db);
          // While the first message is being sent, the second is not held by anyone yet.
          leases.push(rows.filter((row) => row.locked_until !== null).length);
          clock += 2 * 60_000; // each send takes two minutes
          await mailer.send(message);
        },
        close() {},
      };
      const outbox = worker({ mailer: slowMailer, leaseMs: 3 * 60_000, sendDeadlineMs: 60_000 });
      expect(await outbox.runOnce()).toBe(2);
      expect(leases).toEqual([1, 1]);
      expect(messageIds(smtp).sort()).toEqual(['<order-ord_slow_1@vitrine>', '<order-ord_slow_2@vitrine>']);
    });

    it('cuts a send off at the hard deadline, before the lease ends, and retries it later', async () => {
      await enqueueOutboxMessage(db.db, { orderId: 'ord_hung', kind: 'access_email', payload: payloadFor('ord_hung'), now: T0 });
      let aborted = false;
      const hungMailer: Mailer = {
        mode: 'smtp',
        send: (_message, options) =>
          new Promise((_, reject) => {
            options?.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('connection closed'));
            });
          }),
        close() {},
      };
      const outbox = worker({ mailer: hungMailer, leaseMs: 2_000, sendDeadlineMs: 300 });
      expect(await outbox.runOnce()).toBe(0);
      expect(aborted).toBe(true);
      expect(await readOutboxRow(db, 'ord_hung', 'access_email')).toMatchObject({ attempts: 1, lockedUntil: null, sentAt: null });
    });

    it('re-sends with the same Message-ID after a worker died mid-send (at least once)', async () => {
      await enqueueOutboxMessage(db.db, { orderId: 'ord_crash', kind: 'access_email', payload: payloadFor('ord_crash'), now: T0 });
      // A worker claims the row, its message reaches the server, and it dies before markSent.
      const claimed = await claimNextMessage(db.db, { now: T0, leaseMs: 5 * 60_000 });
      await mailer.send(await renderFromPayload(claimed!));

      const survivor = worker();
      clock = T0 + 60_000;
      expect(await survivor.runOnce()).toBe(0); // the lease still holds
      clock = T0 + 5 * 60_000 + 1;
      expect(await survivor.runOnce()).toBe(1);
      expect(messageIds(smtp)).toEqual(['<order-ord_crash@vitrine>', '<order-ord_crash@vitrine>']);
    });

    it('records render failures with addresses masked and retries with growing waits up to the cap', async () => {
      await enqueueOutboxMessage(db.db, { orderId: 'ord_render', kind: 'access_email', payload: payloadFor('ord_render'), now: T0 });
      const failing = worker({
        maxBackoffMs: 90_000,
        render: async () => {
          throw new Error('order of buyer-ord_render@example.com not found');
        },
      });
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect(await failing.runOnce()).toBe(0);
        const row = await readOutboxRow(db, 'ord_render', 'access_email');
        expect(row!.attempts).toBe(attempt);
        waits.push(row!.nextAttemptAt - clock);
        clock = row!.nextAttemptAt;
      }
      expect(waits).toEqual([30_000, 60_000, 90_000, 90_000]);
      const row = await readOutboxRow(db, 'ord_render', 'access_email');
      expect(row!.lastError).toBe('order of b***@example.com not found');
      expect(logLines.join('\n')).not.toContain('buyer-ord_render@example.com');
    });

    it('sends at most `concurrency` messages at once however many payments ask, and misses no row queued meanwhile', async () => {
      const ids = Array.from({ length: 5 }, (_, index) => `ord_burst_${index}`);
      for (const id of ids) await enqueueOutboxMessage(db.db, { orderId: id, kind: 'access_email', payload: payloadFor(id), now: T0 });
      let sending = 0;
      let mostAtOnce = 0;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const gatedMailer: Mailer = {
        mode: 'smtp',
        async send(message) {
          sending += 1;
          mostAtOnce = Math.max(mostAtOnce, sending);
          await released;
          await mailer.send(message);
          sending -= 1;
        },
        close() {},
      };
      const outbox = worker({ mailer: gatedMailer, concurrency: 2 });
      // Five payments commit at once, each asking for a run: two start, the other three find them busy
      // and wait for them, so a caller that awaits its run knows its row is handled when it resolves.
      const runs = ids.map(() => outbox.runOnce());
      let busyDone = false;
      void Promise.all(runs.slice(2)).then(() => (busyDone = true));
      await expect.poll(() => sending).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(busyDone).toBe(false);
      release();
      await expect(Promise.all(runs.slice(2))).resolves.toEqual([0, 0, 0]);
      expect(messageIds(smtp)).toHaveLength(5);
      const sent = await Promise.all(runs.slice(0, 2));
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(5);
      expect(mostAtOnce).toBe(2);
      expect(messageIds(smtp).sort()).toEqual(ids.map((id) => `<order-${id}@vitrine>`).sort());

      // The only run is looking for rows and finds none just as a payment commits one and asks for
      // a run, which finds it busy: the run looks once more instead of leaving it for the next poll.
      await enqueueOutboxMessage(db.db, { orderId: 'ord_late', kind: 'access_email', payload: payloadFor('ord_late'), now: T0 + 60_000 });
      let looks = 0;
      const single = worker({
        concurrency: 1,
        now: () => {
          looks += 1;
          if (looks === 1) void single.runOnce(); // arrives while the run is busy looking
          return looks === 1 ? T0 : T0 + 60_000; // the row is due from the second look on
        },
      });
      expect(await single.runOnce()).toBe(1);
      expect(messageIds(smtp)).toContain('<order-ord_late@vitrine>');
    });

    it("lets each row's kind pick the handler its consumer registered (exact or by family), and keeps a kind this version does not know for a newer instance", async () => {
      await enqueueOutboxMessage(db.db, { orderId: 'ord_mix', kind: 'access_email', payload: payloadFor('ord_mix'), now: T0 });
      await enqueueOutboxMessage(db.db, { orderId: 'ord_mix', kind: 'webhook:order.paid', payload: {}, now: T0 });
      await enqueueOutboxMessage(db.db, { orderId: 'ord_mix', kind: 'conversion:tiktok', payload: {}, now: T0 });
      const calls: string[] = [];
      const http: OutboxHandler = {
        channel: 'webhook',
        async deliver(message) {
          calls.push(message.kind);
          return { recipient: 'hooks.example' };
        },
      };
      const outbox = worker({ kinds: kindsOf({ access_email: emailHandler(mailer, renderFromPayload), 'webhook:': http }) });
      expect(await outbox.runOnce()).toBe(2);
      expect(messageIds(smtp)).toEqual(['<order-ord_mix@vitrine>']);
      expect(calls).toEqual(['webhook:order.paid']);
      // Not dropped: retried with the usual backoff, as when an older instance meets a newer row.
      const unknown = await readOutboxRow(db, 'ord_mix', 'conversion:tiktok');
      expect(unknown).toMatchObject({ sentAt: null, attempts: 1, nextAttemptAt: T0 + 30_000 });
      expect(unknown!.lastError).toContain('no handler for outbox kind "conversion:tiktok"');
      expect(logLines.join('\n')).toContain('webhook sent');
    });

    it("parks a row once its handler's lifetime is over, and keeps retrying before that", async () => {
      await enqueueOutboxMessage(db.db, { orderId: 'ord_old', kind: 'webhook:order.paid', payload: {}, now: T0 });
      const failing: OutboxHandler = {
        channel: 'webhook',
        retry: { baseBackoffMs: 60_000, maxBackoffMs: 60_000, giveUpAfterMs: 150_000 },
        deliver: async () => {
          throw new Error('receiver down');
        },
      };
      const outbox = worker({ kinds: kindsOf({ 'webhook:': failing }) });
      const states: Array<number | null> = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        await outbox.runOnce();
        const row = await readOutboxRow(db, 'ord_old', 'webhook:order.paid');
        states.push(row!.nextAttemptAt === Number.MAX_SAFE_INTEGER ? null : row!.nextAttemptAt - T0);
        clock = Math.min(row!.nextAttemptAt, clock + 60_000);
      }
      // Tried at 0 s and 60 s; the try at 120 s would leave the next one past 150 s: given up.
      expect(states).toEqual([60_000, 120_000, null]);
      expect((await readOutboxRow(db, 'ord_old', 'webhook:order.paid'))!.lastError).toBe('gave up after 3 attempts: receiver down');
    });

    it("sends a row queued on the app's clock in the run right after, by the database's clock", async () => {
      // A feature queues with Date.now(); the worker claims with the database's clock. Read back from
      // SQLite's julianday, that clock was a millisecond behind half the time, so a row queued in the
      // same millisecond as the claim waited for the next poll (an e-mail a poll interval late).
      const sent: string[] = [];
      const recorder: OutboxHandler = {
        channel: 'webhook',
        async deliver(message) {
          sent.push(message.orderId);
          return {};
        },
      };
      const outbox = worker({ kinds: kindsOf({ 'webhook:': recorder }), now: undefined, dialect: database.name });
      const late: string[] = [];
      for (let order = 0; order < 200; order++) {
        const orderId = `ord_now_${order}`;
        await enqueueOutboxMessage(db.db, { orderId, kind: 'webhook:order.paid', payload: {} });
        if ((await outbox.runOnce()) !== 1) late.push(orderId);
      }
      expect(late).toEqual([]);
      expect(sent).toHaveLength(200);
    });

    it('polls on start, and stop() waits for the message being sent', async () => {
      await enqueueOutboxMessage(db.db, { orderId: 'ord_stop', kind: 'access_email', payload: payloadFor('ord_stop'), now: T0 });
      let release!: () => void;
      const sendStarted = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slowMailer: Mailer = {
        mode: 'smtp',
        async send(message) {
          release();
          await new Promise((resolve) => setTimeout(resolve, 300));
          await mailer.send(message);
        },
        close() {},
      };
      const outbox = worker({ mailer: slowMailer, intervalMs: 50 });
      outbox.start();
      await sendStarted;
      await outbox.stop();
      expect(smtp.received).toHaveLength(1);
      expect(await readOutboxRow(db, 'ord_stop', 'access_email')).toMatchObject({ sentAt: T0 });
    });
  });
}

describe('backoffDelay', () => {
  it('never waits more than 10 minutes with the defaults', () => {
    expect(backoffDelay(50, 30_000, 10 * 60_000)).toBe(600_000);
  });

  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((failures) => backoffDelay(failures, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

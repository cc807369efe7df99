import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAccessEmail } from '../../src/server/access/access-email.ts';
import { createMailer, type MailMessage } from '../../src/server/mail/mailer.ts';
import type { OutboxMessage } from '../../src/server/outbox/outbox-repository.ts';
import { emailHandler } from '../../src/server/mail/email-handler.ts';
import { createOutboxKinds } from '../../src/server/outbox/outbox-kinds.ts';
import { createOutboxWorker } from '../../src/server/outbox/outbox-worker.ts';
import { captureLogger } from '../integration/mail-test-support.ts';
import { parseMail } from '../integration/mime.ts';
import { startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import { databases } from '../integration/test-db.ts';
import { readOutboxRow } from '../support/db-reads.ts';
import { enqueueOutboxMessage } from '../../src/server/outbox/outbox-queue.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

async function render(message: OutboxMessage): Promise<MailMessage> {
  const accessUrl = `https://loja.example/acesso/tok_${message.orderId}`;
  return {
    to: `buyer-${message.orderId}@example.com`,
    messageId: `<access-${message.orderId}-access_email@vitrine>`,
    ...renderAccessEmail({ buyerName: 'Ana', accessUrl, supportEmail: 'suporte@example.com', productName: 'Lista' }),
  };
}

for (const database of databases) {
  describe(`SMTP down for 10 minutes on ${database.name}`, () => {
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await smtp.stop();
    });

    it('every e-mail queued during the outage is delivered within 10 minutes after the server returns', async () => {
      const db = await database.create();
      let clock = T0;
      const { logger } = captureLogger();
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Loja <loja@example.com>', dataDir: '/nonexistent', logger });
      // The worker as the server runs it (its defaults), on a fake clock the test moves.
      const kinds = createOutboxKinds();
      kinds.register('access_email', emailHandler(mailer, render));
      const worker = createOutboxWorker({ db: db.db, logger, kinds, now: () => clock });
      const deliveredAt = new Map<string, number>();
      const collect = () => {
        for (const mail of smtp.received) {
          const id = parseMail(mail.raw).headers.get('message-id')!;
          if (!deliveredAt.has(id)) deliveredAt.set(id, clock);
        }
      };
      try {
        await smtp.stop();
        // Payments keep arriving during the outage: one e-mail queued every 2 minutes.
        const outageEnds = T0 + 10 * MINUTE;
        const queued: string[] = [];
        for (; clock < outageEnds; clock += 30_000) {
          if ((clock - T0) % (2 * MINUTE) === 0) {
            const orderId = `ord_outage_${queued.length}`;
            await enqueueOutboxMessage(db.db, { orderId, kind: 'access_email', payload: {}, now: clock });
            queued.push(orderId);
          }
          expect(await worker.runOnce()).toBe(0);
        }
        expect(queued).toHaveLength(5);
        const attempts = await Promise.all(queued.map((id) => readOutboxRow(db, id, 'access_email')));
        expect(Math.max(...attempts.map((row) => row!.attempts))).toBeGreaterThanOrEqual(4);

        await smtp.start();
        for (; clock <= outageEnds + 10 * MINUTE; clock += 15_000) {
          await worker.runOnce();
          collect();
        }
        expect([...deliveredAt.keys()].sort()).toEqual(queued.map((id) => `<access-${id}-access_email@vitrine>`).sort());
        for (const at of deliveredAt.values()) expect(at - outageEnds).toBeLessThanOrEqual(10 * MINUTE);
        expect(smtp.received).toHaveLength(queued.length);
      } finally {
        smtp.received.length = 0;
        mailer.close();
        await worker.stop();
        await db.close();
      }
    });
  });
}

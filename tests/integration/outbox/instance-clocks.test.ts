import { describe, expect, it } from 'vitest';
import type { AdminHealth } from '../../../src/shared/admin.ts';
import { signInToConsole } from '../../support/clients.ts';
import { buyAndPay, consoleCall } from '../../support/purchase.ts';
import { openSameDatabase, startTestServer, useTestServer } from '../../support/test-server.ts';
import { parseMail } from '../mime.ts';
import { databases } from '../test-db.ts';

// Two instances on one database, the second's clock two minutes ahead (as `faketime -f +120s`
// made it). Rows it queued were stamped by its clock and claimed by the database's, so every e-mail it queued
// waited two minutes, on every instance.
const AHEAD_MS = 120_000;
const PASSWORD = 'senha-do-painel-relogio';

for (const database of databases) {
  describe(`one clock between instances on ${database.name}`, () => {
    const running = useTestServer(database, { MAIL_FROM: 'Loja <loja@example.com>', ADMIN_PASSWORD: PASSWORD }, { smtp: true });

    async function startAheadInstance() {
      const second = openSameDatabase(running.db);
      const ahead = await startTestServer(second, running.env, { systemClock: () => Date.now() + AHEAD_MS });
      // Its own worker sends nothing: what it queues is the other instance's to send.
      ahead.outbox.runOnce = async () => 0;
      return {
        ahead,
        async stop() {
          await ahead.stopJobs();
          await ahead.stop();
          await second.close();
        },
      };
    }

    it('an instance whose clock runs 2 minutes ahead queues the access e-mail, and another instance sends it at once', async () => {
      const { ahead, stop } = await startAheadInstance();
      try {
        const { orderId } = await buyAndPay({ server: ahead, db: running.db });
        running.smtp.received.length = 0;
        await running.server.outbox.runOnce();
        const sent = running.smtp.received.map((mail) => parseMail(mail.raw).headers.get('message-id'));
        expect(sent).toContain(`<access-${orderId}-access_email@vitrine>`);
      } finally {
        await stop();
      }
    });

    it('Saúde names the instance whose clock is off the database’s, and only it', async () => {
      const { stop } = await startAheadInstance();
      try {
        const cookie = await signInToConsole(running.server.url, PASSWORD);
        const health = (await (await consoleCall(running.server.url, cookie, '/health')).json()) as AdminHealth;
        const clocks = health.checks.find((check) => check.key === 'clocks')!;
        expect(clocks.ok).toBe(false);
        expect(clocks.detail).toMatch(/^Relógio diferente do banco de dados: [^;]+, 2 min adiantado$/);
        expect(clocks.fix).toMatch(/NTP/);
      } finally {
        await stop();
      }
    });
  });
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchFrom, newClientAddress, uniqueBuyer } from '../support/clients.ts';
import { decodeHeader, parseMail } from './mime.ts';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';
import { databases } from './test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const run = promisify(execFile);
const SELLER = 'vendas@example.com';
let keys = 0;
const key = () => `dup${Date.now()}${keys++}`.padEnd(20, 'x');

for (const database of databases) {
  describe(`duplicate payments on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    let smtp: TestSmtpServer;
    let server: TestServer;

    beforeAll(async () => {
      db = await database.create();
      smtp = await startSmtpServer();
      server = await startTestServer(db, { SMTP_URL: smtp.url, SUPPORT_EMAIL: SELLER });
    });
    beforeEach(() => {
      smtp.received.length = 0;
    });
    afterAll(async () => {
      await server.stop();
      await smtp.stop();
      await db.close();
    });

    async function order(buyer: { name: string; email: string; phone: string; document?: string }) {
      const response = await fetchFrom(newClientAddress())(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...buyer, checkoutKey: key() }),
      });
      expect(response.status).toBe(201);
      const { orderId } = (await response.json()) as { orderId: string };
      return db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    }

    /** The gateway marks the charge paid and posts back, as the sandbox's "Simular pagamento" does. */
    async function pay(row: { id: string; transaction_hash: string | null; postback_secret: string }) {
      await db.db.updateTable('sandbox_transactions').set({ payment_status: 'paid' }).where('hash', '=', row.transaction_hash!).execute();
      const response = await fetch(`${server.url}/api/webhooks/gateway?t=${row.id}.${row.postback_secret}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hash: row.transaction_hash, payment_status: 'paid' }),
      });
      expect(response.status).toBe(200);
    }

    async function settle() {
      await server.background.idle();
      await server.outbox.runOnce();
    }

    const alerts = () => smtp.received.filter((mail) => mail.to.includes(SELLER));
    const stored = (id: string) => db.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('a buyer who pays twice keeps both, the second is flagged, the seller gets one alert and the report lists it', async () => {
      const buyer = uniqueBuyer('Joana Prado');
      const first = await order(buyer);
      await pay(first);
      await settle();
      // The buyer did not see the e-mail and bought again with the same e-mail (another phone).
      const second = await order({ ...buyer, phone: '(21) 99876-5432' });
      expect(second.id).not.toBe(first.id);
      await pay(second);
      await pay(second); // a replayed postback changes nothing
      await settle();

      expect((await stored(first.id)).status).toBe('paid');
      expect((await stored(first.id)).duplicate_of).toBeNull();
      const flagged = await stored(second.id);
      expect(flagged.status).toBe('paid');
      expect(flagged.duplicate_of).toBe(first.id);
      // Both buyers got their access e-mail; the seller got exactly one alert naming what to refund.
      // (Besides the two "Seu PIX está pronto", which pix-emails.test.ts covers.)
      expect(smtp.received.filter((mail) => mail.to.includes(buyer.email) && !isPixEmail(mail))).toHaveLength(2);
      expect(alerts()).toHaveLength(1);
      const alert = parseMail(alerts()[0]!.raw);
      expect(decodeHeader(alert.headers.get('subject')!)).toBe(`Pagamento em duplicidade: reembolsar o pedido ${second.id}`);
      expect(alert.text).toContain(`Reembolsar:\n  Pedido: ${second.id}\n  Transação no gateway: ${second.transaction_hash}`);
      expect(alert.text).toContain(`Manter (primeiro pagamento):\n  Pedido: ${first.id}`);
      expect(alert.text).toMatch(/Valor: R\$\s19,90/);

      const env = {
        ...process.env,
        DATABASE_URL:
          database.name === 'sqlite' ? `sqlite:${(db as unknown as { file: string }).file}` : (db as unknown as { url: string }).url,
      };
      const report = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/report.ts'], { env });
      expect(report.stdout).toContain('Open duplicate payments: 1');
      expect(report.stdout).toMatch(new RegExp(`refund ${second.id}  transaction ${second.transaction_hash}  R\\$\\s19,90`));

      // Once refunded, it is no longer open.
      await db.db.updateTable('orders').set({ status: 'reversed' }).where('id', '=', second.id).execute();
      const after = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/report.ts'], { env });
      expect(after.stdout).toContain('Open duplicate payments: none');
    }, 90_000);

    it('two payments of one buyer (same CPF) confirmed at the same moment: exactly one is flagged, one alert', async () => {
      const cpf = '52998224725';
      const a = await order({ ...uniqueBuyer('Rui Lopes'), document: cpf });
      const b = await order({ ...uniqueBuyer('Rui Lopes'), document: cpf });
      await Promise.all([pay(a), pay(b)]);
      await settle();
      const rows = [await stored(a.id), await stored(b.id)];
      expect(rows.map((row) => row.status)).toEqual(['paid', 'paid']);
      expect(rows.filter((row) => row.duplicate_of !== null)).toHaveLength(1);
      expect(alerts()).toHaveLength(1);
    });

    it('a different buyer paying is no duplicate', async () => {
      const first = await order(uniqueBuyer());
      const second = await order(uniqueBuyer());
      await pay(first);
      await pay(second);
      await settle();
      expect((await stored(second.id)).duplicate_of).toBeNull();
      expect(alerts()).toHaveLength(0);
    });
  });
}

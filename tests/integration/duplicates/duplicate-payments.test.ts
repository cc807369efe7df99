import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { uniqueBuyer } from '../../support/clients.ts';
import { orderRow, setOrderColumns } from '../../support/db-reads.ts';
import { buy, payBySandboxPostback } from '../../support/purchase.ts';
import { decodeHeader, parseMail } from '../mime.ts';
import { isPixEmail } from '../smtp-test-server.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

const run = promisify(execFile);
const SELLER = 'vendas@example.com';

for (const database of databases) {
  describe(`duplicate payments on ${database.name}`, () => {
    const running = useTestServer(database, { SUPPORT_EMAIL: SELLER }, { smtp: true });
    beforeEach(() => {
      running.smtp.received.length = 0;
    });

    async function order(buyer: { name: string; email: string; phone: string; document?: string }) {
      const { orderId } = await buy(running.server, { buyer });
      return orderRow(running.db, orderId);
    }

    /** The gateway marks the charge paid and posts back, as the sandbox's "Simular pagamento" does. */
    async function pay(row: { id: string }) {
      expect(await payBySandboxPostback(running.server, running.db, row.id)).toBe(200);
    }

    async function settle() {
      await running.server.background.idle();
      await running.server.outbox.runOnce();
    }

    const alerts = () => running.smtp.received.filter((mail) => mail.to.includes(SELLER));
    const stored = (id: string) => orderRow(running.db, id);

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
      const { smtp, db } = running;
      expect(smtp.received.filter((mail) => mail.to.includes(buyer.email) && !isPixEmail(mail))).toHaveLength(2);
      expect(alerts()).toHaveLength(1);
      const alert = parseMail(alerts()[0]!.raw);
      expect(decodeHeader(alert.headers.get('subject')!)).toBe(`Pagamento em duplicidade: reembolsar o pedido ${second.id}`);
      expect(alert.text).toContain(`Reembolsar:\n  Pedido: ${second.id}\n  Transação no gateway: ${second.charge_id}`);
      expect(alert.text).toContain(`Manter (primeiro pagamento):\n  Pedido: ${first.id}`);
      expect(alert.text).toMatch(/Valor: R\$\s19,90/);

      const env = {
        ...process.env,
        DATABASE_URL:
          database.name === 'sqlite' ? `sqlite:${(db as unknown as { file: string }).file}` : (db as unknown as { url: string }).url,
      };
      const report = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/report.ts'], { env });
      expect(report.stdout).toContain('Open duplicate payments: 1');
      expect(report.stdout).toMatch(new RegExp(`refund ${second.id}  transaction ${second.charge_id}  R\\$\\s19,90`));

      // Once refunded, it is no longer open.
      await setOrderColumns(db, second.id, { status: 'reversed' });
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

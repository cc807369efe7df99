import { describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/clients.ts';
import { auditRows, insertOrderRow } from '../../support/db-reads.ts';
import { consoleCall } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * A console correction of a buyer's address keeps both addresses in its audit row, so a mistake can be undone; the
 * buyer's erasure empties that row's detail in its own transaction (admin/ hears `erased`), on SQLite and PostgreSQL.
 */
const PASSWORD = 'senha-do-painel-auditoria';
const NOW = Date.UTC(2026, 5, 2, 15, 0, 0);
const TYPED = 'joana.typo@exampel.com';
const CORRECTED = 'joana.prado@example.com';

for (const database of databases) {
  describe(`the audit of an erased buyer on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: NOW });
    const auditOfOrder = async () => (await auditRows(running.db)).filter((row) => row.order_id === 'ord_audit_paid');

    it('keeps both addresses of a correction until the buyer is erased, then neither', async () => {
      await insertOrderRow(running.db, {
        id: 'ord_audit_paid',
        status: 'paid',
        buyer_name: 'Joana Prado',
        buyer_email: TYPED,
        created_at: NOW - 3_600_000,
        updated_at: NOW - 3_600_000,
        paid_at: NOW - 3_000_000,
      });
      const url = running.server.url;
      const cookie = await signInToConsole(url, PASSWORD);
      expect((await consoleCall(url, cookie, '/orders/ord_audit_paid/email', { email: CORRECTED })).status).toBe(200);
      const corrected = (await auditOfOrder()).find((row) => row.action === 'correct_email');
      expect(JSON.parse(corrected!.detail!)).toEqual({ from: TYPED, to: CORRECTED });

      expect((await consoleCall(url, cookie, '/buyer/delete', { email: CORRECTED, confirmation: CORRECTED })).status).toBe(200);
      const rows = await auditOfOrder();
      expect(rows.map((row) => row.action).sort()).toEqual(['correct_email', 'delete_buyer']);
      expect(rows.find((row) => row.action === 'correct_email')?.detail).toBeNull();
      expect(JSON.stringify(rows)).not.toContain('joana');
    });
  });
}

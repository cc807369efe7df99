import { describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/clients.ts';
import { parseSupplierCsv } from '../../../src/server/suppliers/supplier-csv.ts';
import { auditRows, supplierRows } from '../../support/db-reads.ts';
import { consoleCall } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * The console's supplier list export, opened in a spreadsheet: a supplier whose name or notes start
 * like a formula (`=`, `+`, `-`, `@`) must arrive as text, not run. The list goes in through the
 * console's import, as a seller (or a supplier sending their own line) would put it there, and the
 * exported file imports back to the same list.
 */
const PASSWORD = 'senha-do-painel-fornecedores';
const HOSTILE = ['=HYPERLINK("https://evil.example/x","Clique")', '+1', '-2', '@SUM(A1:A9)'];

for (const database of databases) {
  describe(`suppliers CSV export on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD });

    /** The signed-in console's calls: a GET, or a POST of `body`. */
    async function signedInConsole() {
      const { url } = running.server;
      const cookie = await signInToConsole(url, PASSWORD);
      return (path: string, body?: unknown) => consoleCall(url, cookie, path, body);
    }

    it('exports formula-like cells with a leading apostrophe, and the export imports back unchanged', async () => {
      const call = await signedInConsole();
      const lines = HOSTILE.map(
        (name, n) => `"${name.replace(/"/g, '""')}",Streaming,Oferta ${n},55119876543${n}0,,${n === 0 ? '=1+1' : ''}`,
      );
      const csv = ['nome,categoria,oferta,whatsapp,telegram,observacoes', ...lines].join('\n');
      const imported = await call('/suppliers', { csv });
      expect(imported.status).toBe(200);

      const exported = await call('/suppliers.csv');
      expect(exported.status).toBe(200);
      const file = await exported.text();
      const rows = file.trim().split('\n').slice(1);
      // What a spreadsheet reads as the first cell of each row: text starting with an apostrophe.
      expect(rows.map((line) => line.slice(0, 14))).toEqual([`"'=HYPERLINK("`, "'+1,Streaming,", "'-2,Streaming,", "'@SUM(A1:A9),S"]);
      for (const row of parseSupplierCsv(file).rows) {
        for (const value of [row.name, row.category, row.offer, row.notes ?? '']) expect(value).not.toMatch(/^[=+\-@]/);
      }
      expect(parseSupplierCsv(file).rows[0]!.notes).toBe("'=1+1");

      // Imported back as it is, the list is the same list (the apostrophes come off).
      const again = await call('/suppliers', { csv: file });
      expect(again.status).toBe(200);
      const reexported = await (await call('/suppliers.csv')).text();
      expect(reexported).toBe(file);
      const stored = await supplierRows(running.db, 'suppliers');
      expect(stored.map((row) => row.name)).toEqual(HOSTILE);
      expect(stored[0]!.notes).toBe('=1+1');
    });

    it("?list=recharge reads, imports and exports the bump's list alone; an unknown list is a 404", async () => {
      const api = await signedInConsole();
      const mainBefore = await (await api('/suppliers')).json();
      expect(await (await api('/suppliers?list=recharge')).json()).toEqual({ count: 0, updatedAt: null, example: false });

      const csv = 'nome,categoria,oferta,whatsapp,telegram,observacoes\nRecarga Já,Operadoras,Vivo,11987654321,,\n';
      const imported = await api('/suppliers?list=recharge', { csv });
      expect(imported.status).toBe(200);
      expect(await imported.json()).toMatchObject({ count: 1, example: false });
      expect(await (await api('/suppliers?list=recharge')).json()).toMatchObject({ count: 1, example: false });
      expect(await (await api('/suppliers')).json()).toEqual(mainBefore);

      const exported = await api('/suppliers.csv?list=recharge');
      expect(exported.headers.get('content-disposition')).toBe('attachment; filename="fornecedores-recarga.csv"');
      expect(parseSupplierCsv(await exported.text()).rows.map((row) => row.name)).toEqual(['Recarga Já']);
      const audit = (await auditRows(running.db)).filter((row) => row.action === 'import_suppliers');
      expect(audit.map((row) => JSON.parse(row.detail ?? '{}') as unknown)).toContainEqual({ count: 1, list: 'recharge' });

      for (const path of ['/suppliers?list=outra', '/suppliers.csv?list=outra']) expect((await api(path)).status).toBe(404);
      expect((await api('/suppliers?list=outra', { csv })).status).toBe(404);
    });
  });
}

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/database.ts';
import type { Supplier } from '../../../src/shared/suppliers.ts';
import { replaceSupplierList } from '../../../src/server/suppliers/suppliers-repository.ts';
import { databases } from '../test-db.ts';
import { getSupplierListMeta, listSuppliers } from '../../../src/server/suppliers/supplier-lists.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const SAMPLE = path.join(root, 'samples/fornecedores-exemplo.csv');
const RECHARGE_SAMPLE = path.join(root, 'samples/fornecedores-recarga-exemplo.csv');
const HEADER = 'nome,categoria,oferta,whatsapp,telegram,observacoes';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the import CLI as the seller would, against the database the environment names. */
function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'src/server/cli/import-suppliers.ts', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        // npx's own warnings about the machine's npm config are not the CLI's output.
        resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n?/gm, '') });
      },
    );
  });
}

const supplier = (name: string, category: string, whatsapp: string | null = '5511900000001'): Supplier => ({
  name,
  category,
  offer: `oferta de ${name}`,
  whatsapp,
  telegram: whatsapp ? null : 'https://t.me/exemplo_contato',
  notes: null,
});

for (const database of databases) {
  describe(`supplier list on ${database.name}`, () => {
    let db: Db & { dir?: string; url?: string };
    let tmp: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      db = await database.create();
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-suppliers-'));
      // The CLI finds the database exactly as the server does: DATA_DIR, or DATABASE_URL.
      env = db.url ? { DATA_DIR: tmp, DATABASE_URL: db.url } : { DATA_DIR: db.dir! };
    });
    afterAll(async () => {
      await db.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('replaces the whole list atomically and lists it by category, then file order', async () => {
      expect(await getSupplierListMeta(db.db, 'suppliers')).toBeUndefined();
      await replaceSupplierList(db.db, 'suppliers', [supplier('Z velho', 'streaming')], 1_000);

      const rows = [supplier('S1', 'streaming'), supplier('M1', 'Música'), supplier('S2', 'streaming', null), supplier('I1', 'IPTV')];
      expect(await replaceSupplierList(db.db, 'suppliers', rows, 2_000)).toEqual({ updatedAt: 2_000, count: 4, example: false });
      const listed = await listSuppliers(db.db, 'suppliers');
      expect(listed.map((row) => `${row.category}/${row.name}`)).toEqual(['IPTV/I1', 'Música/M1', 'streaming/S1', 'streaming/S2']);
      expect(listed[3]).toMatchObject({ position: 3, whatsapp: null, telegram: 'https://t.me/exemplo_contato', offer: 'oferta de S2' });
      expect(await getSupplierListMeta(db.db, 'suppliers')).toEqual({ updatedAt: 2_000, count: 4, example: false });

      // A replacement that fails half-way (a row the database refuses) leaves the old list whole.
      const broken = [supplier('Novo', 'jogos'), { ...supplier('Sem nome', 'jogos'), name: null as unknown as string }];
      await expect(replaceSupplierList(db.db, 'suppliers', broken, 3_000)).rejects.toThrow();
      expect((await listSuppliers(db.db, 'suppliers')).map((row) => row.name)).toEqual(['I1', 'M1', 'S1', 'S2']);
      expect(await getSupplierListMeta(db.db, 'suppliers')).toEqual({ updatedAt: 2_000, count: 4, example: false });
    });

    it('imports the sample file from the command line', { timeout: 60_000 }, async () => {
      const before = Date.now();
      const result = await runCli([SAMPLE], env);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Imported 12 suppliers in 5 categories/);

      const listed = await listSuppliers(db.db, 'suppliers');
      expect(listed).toHaveLength(12);
      expect(listed.every((row) => row.name.startsWith('Fornecedor Exemplo'))).toBe(true);
      expect(listed.find((row) => row.name === 'Fornecedor Exemplo Prime 4')?.whatsapp).toBe('5511900000004');
      const meta = await getSupplierListMeta(db.db, 'suppliers');
      expect(meta?.count).toBe(12);
      expect(meta!.updatedAt).toBeGreaterThanOrEqual(before);
    });

    it('imports the recharge list with --list recarga, leaving the main list as it was', { timeout: 60_000 }, async () => {
      const main = await listSuppliers(db.db, 'suppliers');
      const mainMeta = await getSupplierListMeta(db.db, 'suppliers');
      const result = await runCli(['--list', 'recarga', RECHARGE_SAMPLE], env);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Imported 12 suppliers in 5 categories into the list "recarga"/);

      const recharge = await listSuppliers(db.db, 'recharge');
      expect(recharge).toHaveLength(12);
      expect(recharge.every((row) => row.list === 'recharge' && row.name.startsWith('Exemplo — '))).toBe(true);
      expect(await getSupplierListMeta(db.db, 'recharge')).toMatchObject({ count: 12, example: false });
      expect(await listSuppliers(db.db, 'suppliers')).toEqual(main);
      expect(await getSupplierListMeta(db.db, 'suppliers')).toEqual(mainMeta);

      // And replacing the main list leaves the recharge list alone.
      await replaceSupplierList(db.db, 'suppliers', [supplier('Só um', 'Jogos')], 5_000);
      expect(await listSuppliers(db.db, 'recharge')).toEqual(recharge);
      await replaceSupplierList(db.db, 'suppliers', main, mainMeta!.updatedAt);
    });

    it('rejects a file with one bad row, naming its line, and keeps the previous list', { timeout: 60_000 }, async () => {
      const before = await listSuppliers(db.db, 'suppliers');
      const metaBefore = await getSupplierListMeta(db.db, 'suppliers');
      const file = path.join(tmp, 'ruim.csv');
      fs.writeFileSync(
        file,
        [
          HEADER,
          'Novo A,Jogos,Xbox,5511900000001,,',
          'Novo B,Jogos,PS,5511900000002,,',
          'Novo C,Jogos,Steam,123,,',
          'Novo D,IPTV,Canais,,@novo_d,',
        ].join('\n'),
      );
      const result = await runCli([file], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('nothing was imported');
      expect(result.stderr).toMatch(/line 4: whatsapp "123" must have 10 to 13 digits/);
      expect(result.stderr).not.toMatch(/line [235]:/);
      expect(await listSuppliers(db.db, 'suppliers')).toEqual(before);
      expect(await getSupplierListMeta(db.db, 'suppliers')).toEqual(metaBefore);
    });

    it('--dry-run shows what would be imported and writes nothing', { timeout: 60_000 }, async () => {
      const before = await listSuppliers(db.db, 'suppliers');
      const metaBefore = await getSupplierListMeta(db.db, 'suppliers');
      const file = path.join(tmp, 'novo.csv');
      fs.writeFileSync(file, `${HEADER}\nNovo Exemplo,Recargas,Recarga,5511900000099,,\n`);
      const result = await runCli([file, '--dry-run'], env);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Novo Exemplo');
      expect(result.stdout).toContain('Dry run: 1 suppliers in 1 categories would replace the list "fornecedores". Nothing was written.');
      expect(await listSuppliers(db.db, 'suppliers')).toEqual(before);
      expect(await getSupplierListMeta(db.db, 'suppliers')).toEqual(metaBefore);
    });
  });
}

describe('import CLI usage', () => {
  it('answers usage errors with exit code 2, and a dry run creates no database', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-suppliers-'));
    try {
      const env = { DATA_DIR: dataDir };
      const [noFile, badOption, missing, dryRun, badList] = await Promise.all([
        runCli([], env),
        runCli([SAMPLE, '--force'], env),
        runCli([path.join(dataDir, 'nao-existe.csv')], env),
        runCli([SAMPLE, '--dry-run'], env),
        runCli(['--list', 'outra', SAMPLE], env),
      ]);
      expect(noFile).toMatchObject({ code: 2, stderr: expect.stringContaining('no CSV file given') });
      expect(badOption).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown option --force') });
      expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read') });
      expect(dryRun.code).toBe(0);
      expect(badList).toMatchObject({ code: 2, stderr: expect.stringContaining('--list takes fornecedores or recarga (got "outra")') });
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

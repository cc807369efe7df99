import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** eslint.config.js's layers, read from the folder tree (docs/architecture.md "Layers"). */
interface Tree {
  src: string[];
  client: string[];
  server: string[];
  serverFiles: string[];
}
interface Layers {
  clientFeatures: string[];
  serverFeatures: string[];
  serverEdges: string[];
}
const root = path.resolve(import.meta.dirname, '../..');
const configPath = path.join(root, 'eslint.config.js');
const { readTree, deriveLayers, otherRepositories } = (await import(configPath)) as {
  readTree: (root: string) => Tree;
  deriveLayers: (tree: Tree) => Layers;
  otherRepositories: (folder: string) => { regex: string; allowTypeImports: boolean };
};

let scratch: string | undefined;
afterEach(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A copy of the repository's folders under src/ (no files but the server's root ones), plus `extra`. */
function treeCopy(extra: string[]): string {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-zones-'));
  const tree = readTree(root);
  const folders = [
    ...tree.src.map((name) => `src/${name}`),
    ...tree.client.map((name) => `src/client/${name}`),
    ...tree.server.map((name) => `src/server/${name}`),
    ...extra,
  ];
  for (const folder of folders) fs.mkdirSync(path.join(scratch, folder), { recursive: true });
  for (const file of tree.serverFiles) fs.writeFileSync(path.join(scratch, 'src/server', file), '');
  return scratch;
}

describe('the lint zones', () => {
  it('cover every folder of the tree, and the server root files as edges', () => {
    const tree = readTree(root);
    const layers = deriveLayers(tree);
    expect(layers.serverEdges).toEqual(expect.arrayContaining(['run-server.ts', 'subscribers.ts', 'compose.ts', 'routes']));
    expect(layers.serverFeatures).toEqual(expect.arrayContaining(['admin', 'refunds', 'whatsapp']));
    expect(layers.serverFeatures).not.toContain('orders');
    expect(layers.clientFeatures).toEqual(expect.arrayContaining(['checkout', 'admin']));
    expect(layers.clientFeatures).not.toContain('ui');
  });

  it('make a new server or client folder a feature', () => {
    const layers = deriveLayers(readTree(treeCopy(['src/server/coupons', 'src/client/coupons'])));
    expect(layers.serverFeatures).toContain('coupons');
    expect(layers.clientFeatures).toContain('coupons');
  });

  it('fail on a folder no zone covers, naming it', () => {
    expect(() => deriveLayers(readTree(treeCopy(['src/scratch'])))).toThrow('src/scratch is in no lint zone');
  });

  it('fail on a layer that names a folder gone', () => {
    const copy = treeCopy([]);
    fs.rmSync(path.join(copy, 'src/server/outbox'), { recursive: true });
    expect(() => deriveLayers(readTree(copy))).toThrow('src/server/outbox is named by a lint zone but does not exist');
  });

  it("keep each server folder out of another folder's repositories, its own and a row's type allowed", () => {
    const rule = otherRepositories('refunds');
    const forbidden = new RegExp(rule.regex);
    expect(forbidden.test('../orders/orders-repository.ts')).toBe(true);
    expect(forbidden.test('../../../orders/orders-repository.ts')).toBe(true);
    expect(forbidden.test('./refunds-repository.ts')).toBe(false);
    expect(forbidden.test('../refunds/refunds-repository.ts')).toBe(false);
    expect(forbidden.test('../orders/order-lookup.ts')).toBe(false);
    expect(rule.allowTypeImports).toBe(true);
  });

  it("let the core's folders call the orders table's repositories, and no feature", () => {
    const core = new RegExp(otherRepositories('checkout').regex);
    expect(core.test('../orders/checkout-repository.ts')).toBe(false);
    expect(core.test('../refunds/refunds-repository.ts')).toBe(true);
    expect(new RegExp(otherRepositories('funnel').regex).test('../orders/orders-repository.ts')).toBe(true);
  });
});

describe('the walls, linted', () => {
  /**
   * Real files in the real tree, linted with the real config: a rule that silently checks nothing (as
   * no-cycle did while the plugin parsed only .js) fails here.
   */
  it('fail on a deliberate import cycle and on an import across a forbidden boundary', async () => {
    const { ESLint } = await import('eslint');
    const dir = path.join(root, `src/server/orders/lint-scratch-${process.pid}`);
    fs.mkdirSync(dir, { recursive: true });
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\n\nexport const a = (): number => b() + 1;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\n\nexport const b = (): number => a() - 1;\n");
      const across = path.join(root, `src/shared/lint-scratch-${process.pid}.ts`);
      fs.writeFileSync(across, "import { loadConfig } from '../server/config/config.ts';\n\nexport const loaded = loadConfig;\n");
      try {
        const eslint = new ESLint({ cwd: root });
        const results = await eslint.lintFiles([path.join(dir, 'a.ts'), across]);
        const rules = (file: string) => results.find((result) => result.filePath === file)?.messages.map((m) => m.ruleId);
        expect(rules(path.join(dir, 'a.ts'))).toContain('import-x/no-cycle');
        expect(rules(across)).toContain('import-x/no-restricted-paths');
      } finally {
        fs.rmSync(across, { force: true });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

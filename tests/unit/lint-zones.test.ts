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
});

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's folders import each other without a loop (docs/architecture.md "The server"). ESLint's
 * import-x/no-cycle sees loops between files only: orders → access → orders through two different
 * files each way was a loop of folders it let through. Imports are read by TypeScript's own
 * pre-processor, static and dynamic, type-only ones included (a type loop ties the folders too).
 */

const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'src/server');
const ROOT_FILES = '(composition root)';

type Graph = Map<string, Map<string, string[]>>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The folder right under src/server a file belongs to; the files at its root are the composition root. */
function folderOf(file: string): string {
  const parts = path.relative(serverDir, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : ROOT_FILES;
}

/** Folder → folder it imports → the imports that make the edge (`from.ts → to.ts`). */
function serverGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(serverDir)) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const imported of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), imported.fileName);
      if (!target.startsWith(serverDir + path.sep)) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const edge = `${path.relative(serverDir, file)} → ${path.relative(serverDir, target)}`;
      edges.set(to, [...(edges.get(to) ?? []), edge]);
    }
  }
  return graph;
}

/** Every loop of folders, as its strongly connected components of two or more (Tarjan's algorithm). */
function folderLoops(graph: Graph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    lowLinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node)!, lowLinks.get(next)!));
      } else if (onStack.has(next)) {
        lowLinks.set(node, Math.min(lowLinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return loops;
}

/** A loop as the imports that close it, for the failure message. */
function describeLoop(graph: Graph, loop: string[]): string {
  const members = new Set(loop);
  const lines = loop.flatMap((from) =>
    [...(graph.get(from) ?? [])].filter(([to]) => members.has(to)).map(([to, imports]) => `  ${from} → ${to}: ${imports[0]}`),
  );
  return [`folders ${loop.join(', ')} import each other:`, ...lines].join('\n');
}

describe('the server folders', () => {
  it('import each other without a loop', () => {
    const graph = serverGraph();
    // The graph is real: the folders are there and the core is imported.
    expect(graph.size).toBeGreaterThan(15);
    expect(graph.get('routes')?.has('orders')).toBe(true);
    const loops = folderLoops(graph);
    expect(loops.map((loop) => describeLoop(graph, loop))).toEqual([]);
  });

  it('would report a loop of folders that no single file closes', () => {
    const graph: Graph = new Map([
      ['orders', new Map([['access', ['orders/checkout.ts → access/token.ts']]])],
      ['access', new Map([['mail', ['access/email.ts → mail/mailer.ts']]])],
      ['mail', new Map([['orders', ['mail/outbox.ts → orders/repository.ts']]])],
      ['db', new Map()],
    ]);
    expect(folderLoops(graph)).toEqual([['access', 'mail', 'orders']]);
    expect(describeLoop(graph, ['access', 'mail', 'orders'])).toContain('orders → access: orders/checkout.ts → access/token.ts');
  });
});

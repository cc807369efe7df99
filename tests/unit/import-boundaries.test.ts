import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house's boundaries (STYLE.md "The shape of the house"): client and server never import each
 * other; shared/ and content/ stay free of the DOM, node: and env; client features never import
 * each other. Checked on the real import statements of every source file.
 */
const root = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)];
  return found.map((match) => match[1] ?? match[2]!).map((spec) => (spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec));
}

const area = (target: string) => path.relative(root, target).split(path.sep)[0];

describe('import boundaries', () => {
  it('reads the real imports (the scan itself works)', () => {
    const clientImports = sourceFiles(path.join(root, 'client')).flatMap(importsOf);
    expect(clientImports.length).toBeGreaterThan(100);
    expect(clientImports).toContain('react');
    expect(importsOf(path.join(root, 'client', 'routes.ts'))).toContain(path.join(root, 'client', 'pages', 'terms-page.tsx'));
  });

  it('client and server never import each other', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(path.join(root, 'client'))) {
      for (const target of importsOf(file)) if (area(target) === 'server' || target.startsWith('node:')) offenders.push(`${file} → ${target}`);
    }
    for (const file of sourceFiles(path.join(root, 'server'))) {
      for (const target of importsOf(file)) if (area(target) === 'client') offenders.push(`${file} → ${target}`);
    }
    expect(offenders).toEqual([]);
  });

  it('shared/ and content/ use neither node:, the DOM, env, client nor server code', () => {
    const offenders: string[] = [];
    for (const file of [...sourceFiles(path.join(root, 'shared')), ...sourceFiles(path.join(root, 'content'))]) {
      const text = fs.readFileSync(file, 'utf8');
      if (/process\.env|\bdocument\.|\bwindow\./.test(text)) offenders.push(`${file} uses env or the DOM`);
      for (const target of importsOf(file)) {
        if (target.startsWith('node:') || ['client', 'server'].includes(area(target) ?? '')) offenders.push(`${file} → ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('client features never import each other', () => {
    const features = ['landing', 'checkout', 'popups', 'members', 'consent'];
    const offenders: string[] = [];
    for (const feature of features) {
      const dir = path.join(root, 'client', feature);
      if (!fs.existsSync(dir)) continue;
      for (const file of sourceFiles(dir)) {
        for (const target of importsOf(file)) {
          const parts = path.relative(path.join(root, 'client'), target).split(path.sep);
          if (features.includes(parts[0]!) && parts[0] !== feature) offenders.push(`${file} → ${target}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

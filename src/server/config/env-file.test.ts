import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');

describe('.env.example', () => {
  it('lists every variable the server reads, each with a comment above it', () => {
    const lines = example.split('\n');
    for (const name of CONFIG_VARIABLES) {
      const index = lines.findIndex((line) => line.startsWith(`# ${name}=`));
      expect(index, name).toBeGreaterThan(0);
      expect(lines[index - 1], name).toMatch(/^# /);
    }
  });

  it('starts a valid demo as shipped, and every example value passes validation once uncommented', () => {
    expect(() => loadConfig(parseEnv(example))).not.toThrow();
    const uncommented = parseEnv(example.replace(/^# ([A-Z_]+=)/gm, '$1'));
    // Every example value together: a real gateway, an https address and SMTP, as production needs.
    const values = Object.fromEntries(Object.entries(uncommented).filter(([, value]) => value !== ''));
    expect(() => loadConfig({ ...values, DEMO_MODE: '', PROVIDER_TOKEN: 'tok', PRODUCT_HASH: 'prd' })).not.toThrow();
  });

  it('is what git tracks, while .env itself is ignored', () => {
    const ignored = fs.readFileSync(path.join(root, '.gitignore'), 'utf8').split('\n');
    expect(ignored).toContain('.env');
    expect(ignored).toContain('!.env.example');
  });
});

describe('docs/configuration.md settings table', () => {
  const doc = fs.readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
  const tableRows = doc.split('\n').filter((line) => line.startsWith('| `'));

  it('has a row naming every variable the server reads and every variable .env.example shows', () => {
    const exampleNames = [...example.matchAll(/^# ([A-Z_]+)=/gm)].map((match) => match[1]);
    for (const name of new Set([...CONFIG_VARIABLES, ...exampleNames])) {
      expect(
        tableRows.some((row) => row.includes(`\`${name}\``)),
        name,
      ).toBe(true);
    }
  });

  it('is what the README links to for every setting', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('(docs/configuration.md)');
  });
});

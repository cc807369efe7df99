import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '../..');
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

describe('README configuration table', () => {
  it('names every variable', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const name of CONFIG_VARIABLES) expect(readme, name).toContain(`\`${name}\``);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeTestPki } from '../../../tests/support/providers/efi/efi-stand-in.ts';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';
import { PROVIDER_IDS } from '../gateway/provider-registry.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
/** The secrets .env.example leaves blank, as a seller's .env would fill them. */
const providerSecrets = {
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123',
  MERCADOPAGO_WEBHOOK_SECRET: 'mp-secret',
  EFI_CLIENT_ID: 'Client_Id_1',
  EFI_CLIENT_SECRET: 'Client_Secret_1',
  ABACATEPAY_API_KEY: 'abc_prod_1',
  ABACATEPAY_WEBHOOK_SECRET: 'abacate-secret',
  WOOVI_APP_ID: 'Q2xpZW50X0lkXzE=',
};

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
    // Every provider listed (the example lists two), so each provider's example values count, with a certificate that exists.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-env-'));
    try {
      const pki = makeTestPki();
      const certificate = path.join(folder, 'efi.p12');
      fs.copyFileSync(pki.sellerP12Path, certificate);
      pki.cleanup();
      const config = loadConfig({
        ...values,
        DEMO_MODE: '',
        PROVIDER_TOKEN: 'tok',
        PRODUCT_HASH: 'prd',
        ...providerSecrets,
        PAYMENT_PROVIDERS: PROVIDER_IDS.join(','),
        EFI_CERTIFICATE: certificate,
      });
      expect(config.payments.map((provider) => provider.id)).toEqual(PROVIDER_IDS);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
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

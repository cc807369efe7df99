import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { OpenFinanceCapability } from '../../src/server/gateway/open-finance.ts';
import { bankListing, bankPaymentProvider, openFinanceProviders } from '../../src/server/gateway/open-finance-providers.ts';
import { createPayments } from '../../src/server/gateway/payments.ts';
import type { PixProvider, ProviderId } from '../../src/server/gateway/pix-provider.ts';
import { PROVIDER_IDS } from '../../src/server/gateway/provider-registry.ts';

/**
 * A provider is its folder (docs/architecture.md "Adding a PIX provider"): no file outside `gateway/` imports
 * `gateway/providers/<id>/`, Open Finance included, and a provider with the Open Finance capability is reached through
 * `gateway/open-finance.ts` alone, with no production file naming it beside the registry and its copy.
 */

const root = path.resolve(import.meta.dirname, '../..');
const gatewayDir = path.join(root, 'src/server/gateway');
const providersDir = path.join(gatewayDir, 'providers');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** `from → provider file` for each import (static, dynamic or type-only) of a provider's folder from outside gateway/. */
function providerImports(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) => {
    const full = path.join(root, file);
    if (full.startsWith(gatewayDir + path.sep)) return [];
    return ts
      .preProcessFile(text, true, true)
      .importedFiles.map((imported) => path.resolve(path.dirname(full), imported.fileName))
      .filter((target) => target.startsWith(providersDir + path.sep))
      .map((target) => `${file} → ${relative(target)}`);
  });
}

/** Production server files outside gateway/ that speak of Open Finance and name a provider by its id in a string. */
function openFinanceNamingProviders(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([file]) => file.startsWith('src/server/') && !file.startsWith('src/server/gateway/') && !file.endsWith('.test.ts'))
    .filter(([, text]) => /open.?finance/i.test(text) && PROVIDER_IDS.some((id) => new RegExp(`['"\`]${id}['"\`]`).test(text)))
    .map(([file]) => file);
}

const readAll = (dirs: string[]) =>
  Object.fromEntries(
    dirs.flatMap((dir) => sourceFiles(path.join(root, dir))).map((file) => [relative(file), fs.readFileSync(file, 'utf8')]),
  );

describe("a provider's folder", () => {
  const files = readAll(['src/server', 'src/shared', 'src/content']);

  it('is imported only from gateway/', () => {
    expect(Object.keys(files).length).toBeGreaterThan(300);
    expect(providerImports(files)).toEqual([]);
  });

  it('would be found imported by an Open Finance step, a route or a command, type-only and dynamic ones too', () => {
    const found = providerImports({
      'src/server/open-finance/open-finance-rails.ts': "import type { EfiProvider } from '../gateway/providers/efi/efi-provider.ts';",
      'src/server/cli/acme.ts': "const { x } = await import('../gateway/providers/acme/index.ts');",
      'src/server/gateway/provider-registry.ts': "import { efiProvider } from './providers/efi/index.ts';",
      'src/server/routes/open-finance.ts': "import { openFinanceBanks } from '../open-finance/open-finance-service.ts';",
    });
    expect(found).toEqual([
      'src/server/open-finance/open-finance-rails.ts → src/server/gateway/providers/efi/efi-provider.ts',
      'src/server/cli/acme.ts → src/server/gateway/providers/acme/index.ts',
    ]);
  });

  it('is what Open Finance knows of a provider: no step, route or setting outside gateway/ names one', () => {
    expect(openFinanceNamingProviders(files)).toEqual([]);
    const before = "if (row.participant_id === 'mercadopago') return 'mercadopago'; // Open Finance";
    expect(openFinanceNamingProviders({ 'src/server/open-finance/open-finance-rails.ts': before })).toEqual([
      'src/server/open-finance/open-finance-rails.ts',
    ]);
  });
});

describe('a scratch provider with the Open Finance capability', () => {
  /** What a new provider's folder would declare: banks listed, payments read and given back; nothing else edited. */
  function scratchProvider(id: string, mode: OpenFinanceCapability['mode']): PixProvider {
    const openFinance: OpenFinanceCapability = {
      mode,
      participants: () => Promise.resolve([{ id: 'urn:acme:bank', name: 'Banco Acme', description: null, logoUrl: null }]),
      startPayment: () => Promise.resolve({ paymentId: 'pay-1', redirectUri: 'https://bank.example/pay-1' }),
      readPayment: () => Promise.resolve(null),
      returnPayment: () => Promise.resolve({ refundId: null, amountCents: null, state: 'pending', rawStatus: null }),
      readReturn: () => ({ paymentId: null, linkId: null, error: false }),
      readCallback: () => Promise.resolve(null),
    };
    const unused = () => Promise.reject(new Error('not in this test'));
    return {
      id: id as ProviderId,
      capabilities: { refunds: true, partialRefunds: true, cart: false, expiry: true, webhook: 'signed', idempotentCreate: true },
      openFinance,
      createCharge: unused,
      getCharge: unused,
      parseWebhook: unused,
      refund: unused,
      getRefund: unused,
    };
  }

  it('is the one the checkout lists banks of, and reads its payments back, from its folder alone', () => {
    const acme = scratchProvider('acme', 'banks');
    const plain = { ...scratchProvider('zeta', 'banks'), openFinance: undefined };
    const payments = createPayments([plain, acme]);
    expect(openFinanceProviders(payments).map((provider) => provider.id)).toEqual(['acme']);
    expect(bankListing(payments)?.openFinance).toBe(acme.openFinance);
    expect(bankPaymentProvider(payments, 'urn:acme:bank')?.id).toBe('acme');
  });

  it("keeps a provider page's payment with that provider, never the bank list's", () => {
    const banks = scratchProvider('acme', 'banks');
    const page = scratchProvider(PROVIDER_IDS[0]!, 'provider');
    const payments = createPayments([banks, page]);
    expect(bankPaymentProvider(payments, PROVIDER_IDS[0]!)?.openFinance).toBe(page.openFinance);
    expect(bankPaymentProvider(createPayments([banks]), PROVIDER_IDS[0]!)).toBeNull();
  });
});

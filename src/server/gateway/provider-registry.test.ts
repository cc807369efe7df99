import { beforeAll, describe, expect, it } from 'vitest';
import { configProblems as problemsOf, siteEnv as site, useProviderEnv } from '../../../tests/support/provider-env.ts';
import { providerNames } from '../../content/providers.ts';
import { loadConfig } from '../config/config.ts';
import { SECRET_VARIABLES } from '../config/env-schema.ts';
import { createLogger } from '../lib/logger.ts';
import { createProviders, PROVIDER_SECRET_VARIABLES, providerRegistry, providerVariablesById, webhookPaths } from './provider-registry.ts';

/** What the registry derives, checked against what a seller would be hurt by: a secret in a log, a webhook lost. */

describe('the provider registry', () => {
  const env = useProviderEnv();
  let credentials: Record<string, string>;
  beforeAll(() => {
    credentials = { ...env.tribopay, ...env.mercadopago, ...env.efi, EFI_WEBHOOK_HMAC: 'efi-hmac-8b9c0d', ...env.abacatepay };
  });

  it('lists each provider once, with its name from content/providers.ts, and each webhook path reaching one of them', () => {
    const ids = providerRegistry.map((descriptor) => descriptor.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const descriptor of providerRegistry) expect(descriptor.displayName).toBe(providerNames[descriptor.id]);
    const paths = webhookPaths().map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    // The paths sellers registered before the one door, each still reaching its provider.
    expect(Object.fromEntries(webhookPaths().map(({ path, id }) => [path, id]))).toMatchObject({
      gateway: 'tribopay',
      tribopay: 'tribopay',
      mercadopago: 'mercadopago',
      abacatepay: 'abacatepay',
      efi: 'efi',
      'efi/pix': 'efi',
    });
  });

  it("derives the secret list from each provider's settings, and keeps the plain ones out of it", () => {
    // The credentials of the first providers, as a floor: a new provider adds its own through its descriptor.
    expect(PROVIDER_SECRET_VARIABLES).toEqual(
      expect.arrayContaining([
        'PROVIDER_TOKEN',
        'MERCADOPAGO_ACCESS_TOKEN',
        'MERCADOPAGO_WEBHOOK_SECRET',
        'EFI_CLIENT_SECRET',
        'EFI_WEBHOOK_HMAC',
        'ABACATEPAY_API_KEY',
        'ABACATEPAY_WEBHOOK_SECRET',
      ]),
    );
    for (const name of PROVIDER_SECRET_VARIABLES) expect(SECRET_VARIABLES.has(name)).toBe(true);
    for (const name of ['PROVIDER_URL', 'PRODUCT_HASH', 'EFI_PIX_KEY', 'EFI_CERTIFICATE', 'MERCADOPAGO_API_URL']) {
      expect(SECRET_VARIABLES.has(name)).toBe(false);
    }
  });

  it("never prints a secret's value in a startup error, whatever else is wrong", () => {
    for (const [id, variables] of providerVariablesById) {
      for (const variable of variables.filter((entry) => entry.secret)) {
        const value = credentials[variable.name]!;
        const cases = [
          // Set while the list leaves its provider out.
          { ...site, [variable.name]: value, PAYMENT_PROVIDERS: id === 'mercadopago' ? 'abacatepay' : 'mercadopago' },
          // Its provider listed with the rest of its settings missing, and no public address.
          { [variable.name]: value, PAYMENT_PROVIDERS: id },
          // Beside a value that is wrong.
          { ...site, [variable.name]: value, PAYMENT_PROVIDERS: id, EFI_API_URL: 'ftp://x', MERCADOPAGO_API_URL: 'nope' },
        ];
        for (const env of cases) {
          const problems = problemsOf(env);
          expect(problems.length).toBeGreaterThan(0);
          for (const problem of problems) {
            expect(problem).not.toContain(value);
            // One line, naming a variable first.
            expect(problem).toMatch(/^[A-Z][A-Z0-9_]+[ ,]/);
            expect(problem).not.toContain('\n');
          }
        }
      }
    }
  });

  it('masks every secret setting in the logs once the providers are made', () => {
    const lines: string[] = [];
    const logger = createLogger({ sink: { write: (_level, line) => lines.push(line) } });
    const config = loadConfig({ ...site, ...credentials, PAYMENT_PROVIDERS: 'tribopay,mercadopago,efi,abacatepay' });
    const providers = createProviders(config.payments, { logger, localUrl: () => 'http://127.0.0.1:9' });
    expect(providers.map((provider) => provider.id)).toEqual(['tribopay', 'mercadopago', 'efi', 'abacatepay']);
    const secrets = PROVIDER_SECRET_VARIABLES.map((name) => credentials[name]!);
    logger.warn(`an adapter echoing what it was given: ${secrets.join(' ')}`, { reply: secrets.join(',') });
    expect(lines).toHaveLength(1);
    for (const value of secrets) expect(lines[0]).not.toContain(value);
  });

  it('declares the capabilities its adapter answers with', () => {
    const config = loadConfig({ ...site, ...credentials, PAYMENT_PROVIDERS: 'tribopay,mercadopago,efi,abacatepay' });
    const logger = createLogger({ sink: { write: () => undefined } });
    for (const provider of createProviders(config.payments, { logger, localUrl: () => 'http://127.0.0.1:9' })) {
      const descriptor = providerRegistry.find((entry) => entry.id === provider.id)!;
      expect(provider.capabilities).toEqual(descriptor.capabilities);
    }
  });
});

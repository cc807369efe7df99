import { afterAll, beforeAll } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config/config.ts';
import { makeTestPki, type TestPki } from './providers/efi/efi-stand-in.ts';

/** What any live provider needs beside its own settings: the site's public address and its mail. */
export const siteEnv = { PUBLIC_URL: 'https://loja.com.br', SMTP_URL: 'smtp://mail:587' };

/** loadConfig's problems, one a line; none when the environment starts. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/**
 * The first four providers' settings, made before the suite's tests. Values no message holds by chance, so a test can
 * tell a secret echoed; Efí's certificate is real (openssl), since the start loads it and proves the key is its own.
 */
export function useProviderEnv() {
  const env = {
    tribopay: { PROVIDER_URL: 'https://api.tribopay.com.br/api', PROVIDER_TOKEN: 'tribopay-token-9f8e7d', PRODUCT_HASH: 'prd' },
    mercadopago: { MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-mp-token-4c3b2a', MERCADOPAGO_WEBHOOK_SECRET: 'mp-webhook-secret-1a2b3c' },
    abacatepay: { ABACATEPAY_API_KEY: 'abc_prod_key_2d3e4f', ABACATEPAY_WEBHOOK_SECRET: 'abacate-webhook-secret-6a7b8c' },
    efi: {} as Record<'EFI_CLIENT_ID' | 'EFI_CLIENT_SECRET' | 'EFI_CERTIFICATE' | 'EFI_PIX_KEY', string>,
    pki: undefined as unknown as TestPki,
  };
  beforeAll(() => {
    env.pki = makeTestPki();
    env.efi = {
      EFI_CLIENT_ID: 'Client_Id_1',
      EFI_CLIENT_SECRET: 'Client_Secret_5e6f7a',
      EFI_CERTIFICATE: env.pki.sellerPemPath,
      EFI_PIX_KEY: 'pix@loja.com.br',
    };
  });
  afterAll(() => env.pki.cleanup());
  return env;
}

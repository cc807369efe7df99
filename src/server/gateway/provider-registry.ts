import type { Logger } from '../lib/logger.ts';
import { createGatewayClient } from './gateway-client.ts';
import type { PixProvider } from './pix-provider.ts';
import type { ProviderSettings } from '../config/provider-settings.ts';
import { createAbacatepayProvider } from './providers/abacatepay/abacatepay-provider.ts';
import { createEfiProvider } from './providers/efi/efi-provider.ts';
import { createMercadoPagoProvider } from './providers/mercadopago/mercadopago-provider.ts';
import { createTribopayProvider } from './providers/tribopay/tribopay-provider.ts';
import { SANDBOX_PRODUCT_HASH } from './sandbox.ts';
import type { GatewayClient } from './types.ts';

/** The sandbox needs a token like the real API; it guards nothing of value, so it is fixed. */
export const SANDBOX_TOKEN = 'sandbox-token';

/** The sandbox is reached over real HTTP on loopback, exactly like a remote gateway; every credential is masked in logs. */
export function createProviders(
  settings: readonly ProviderSettings[],
  options: {
    logger: Logger;
    sandboxUrl: () => string;
    /** Tests may swap TriboPay's client (e.g. one pointed at a stand-in). */
    tribopayClient?: GatewayClient;
    /** Tests may trust a stand-in's CA for Efí's API (in place of the system's). */
    efiCa?: string;
  },
): PixProvider[] {
  const { logger } = options;
  return settings.map((entry): PixProvider => {
    switch (entry.id) {
      case 'tribopay': {
        const target = entry.target;
        const client =
          options.tribopayClient ??
          (target.kind === 'remote'
            ? createGatewayClient({ baseUrl: target.url, token: target.token, productHash: target.productHash, logger })
            : createGatewayClient({ baseUrl: options.sandboxUrl, token: SANDBOX_TOKEN, productHash: SANDBOX_PRODUCT_HASH, logger }));
        return createTribopayProvider(client, target.kind === 'remote' ? target.productHash : SANDBOX_PRODUCT_HASH);
      }
      case 'mercadopago':
        logger.addSecret(entry.accessToken);
        logger.addSecret(entry.webhookSecret);
        return createMercadoPagoProvider({ accessToken: entry.accessToken, webhookSecret: entry.webhookSecret, apiUrl: entry.apiUrl });
      case 'efi':
        logger.addSecret(entry.clientSecret);
        if (entry.webhookHmacSecret) logger.addSecret(entry.webhookHmacSecret);
        return createEfiProvider(
          {
            clientId: entry.clientId,
            clientSecret: entry.clientSecret,
            certificatePath: entry.certificatePath,
            pixKey: entry.pixKey,
            apiUrl: entry.apiUrl,
            webhookHmacSecret: entry.webhookHmacSecret,
          },
          options.efiCa ? { ca: options.efiCa } : {},
        );
      case 'abacatepay':
        logger.addSecret(entry.apiKey);
        logger.addSecret(entry.webhookSecret);
        return createAbacatepayProvider({ apiKey: entry.apiKey, webhookSecret: entry.webhookSecret, apiUrl: entry.apiUrl });
    }
  });
}

import { z } from 'zod';
import { providerNames } from '../../../../content/providers.ts';
import { httpUrl } from '../../../lib/env-fields.ts';
import { plain, secret, type ProviderDescriptor } from '../../provider-descriptor.ts';
import { SANDBOX_PRODUCT_HASH, SANDBOX_TOKEN } from '../../demo-sandbox.ts';
import type { GatewayClient } from './tribopay-types.ts';
import { createGatewayClient } from './tribopay-client.ts';
import { createTribopayProvider, tribopayCapabilities } from './tribopay-provider.ts';

const settings = z.object({
  PROVIDER_URL: plain(httpUrl),
  PROVIDER_TOKEN: secret(z.string()),
  PRODUCT_HASH: plain(z.string()),
});

/** TriboPay (docs/gateway.md): the seller's product and offer live there; postbacks carry the order's own token. */
export const tribopayProvider: ProviderDescriptor<'tribopay', typeof settings> = {
  id: 'tribopay',
  displayName: providerNames.tribopay,
  settings,
  create(values, deps) {
    const client =
      (deps.apiClient as GatewayClient | undefined) ??
      createGatewayClient({
        baseUrl: values.PROVIDER_URL,
        token: values.PROVIDER_TOKEN,
        productHash: values.PRODUCT_HASH,
        logger: deps.logger,
      });
    return createTribopayProvider(client, values.PRODUCT_HASH);
  },
  // The demo's charges go to the fake TriboPay this server mounts at /sandbox, over real HTTP on loopback.
  demo: {
    create(deps) {
      const client =
        (deps.apiClient as GatewayClient | undefined) ??
        createGatewayClient({
          baseUrl: () => `${deps.localUrl()}/sandbox`,
          token: SANDBOX_TOKEN,
          productHash: SANDBOX_PRODUCT_HASH,
          logger: deps.logger,
        });
      return createTribopayProvider(client, SANDBOX_PRODUCT_HASH);
    },
  },
  catalogue: true,
  // Before PAYMENT_PROVIDERS, PROVIDER_URL alone chose TriboPay; those deployments keep working unchanged.
  chosenWithoutList: true,
  // `gateway`: the path of every postback URL TriboPay was given before the door took provider ids.
  webhook: { route: 'tribopay', aliases: ['gateway'] },
  capabilities: tribopayCapabilities,
};

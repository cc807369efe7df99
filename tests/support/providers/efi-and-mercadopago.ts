import { afterAll, beforeAll } from 'vitest';
import { providersEnv } from '../provider-rig.ts';
import { useTestServer, type TestServerParts } from '../test-server.ts';
import { databases } from '../../integration/test-db.ts';
import { makeTestPki, EfiStandIn, type TestPki } from './efi/efi-stand-in.ts';
import { type MercadoPagoStandIn, mercadoPagoVariables, startMercadoPagoStandIn } from './mercadopago/mercadopago-stand-in.ts';

/** Inside a describe: a shop at Mercado Pago and Efí, each through its stand-in (PAYMENT_PROVIDERS's order set by restart). */
export function useEfiAndMercadoPagoShop<Kind extends (typeof databases)[number]>(
  database: Kind,
  efiCredentials: { clientId: string; clientSecret: string; pixKey: string },
  parts: TestServerParts = {},
) {
  const stands = {} as { mp: MercadoPagoStandIn; efi: EfiStandIn; pki: TestPki };
  beforeAll(async () => {
    stands.mp = await startMercadoPagoStandIn();
    stands.pki = makeTestPki();
    stands.efi = new EfiStandIn({ pki: stands.pki, ...efiCredentials });
    await stands.efi.start();
  });
  afterAll(async () => {
    await stands.mp?.stop();
    await stands.efi?.stop();
    stands.pki?.cleanup();
  });
  const running = useTestServer(
    database,
    () =>
      providersEnv(['efi', 'mercadopago'], mercadoPagoVariables(stands.mp), {
        EFI_CLIENT_ID: efiCredentials.clientId,
        EFI_CLIENT_SECRET: efiCredentials.clientSecret,
        EFI_CERTIFICATE: stands.pki.sellerP12Path,
        EFI_PIX_KEY: efiCredentials.pixKey,
        EFI_API_URL: stands.efi.url,
      }),
    {
      ownPublicUrl: true,
      clock: 'now',
      ...parts,
      get efiCa() {
        return stands.pki.caCert;
      },
    },
  );
  return { running, stands };
}

// Lives in config/ (which gateway/ depends on), so the ids repeat gateway/pix-provider.ts's ProviderId.
export type ProviderSettings =
  | { id: 'tribopay'; target: { kind: 'sandbox' } | { kind: 'remote'; url: string; token: string; productHash: string } }
  | { id: 'mercadopago'; accessToken: string; webhookSecret: string; apiUrl: string }
  | {
      id: 'efi';
      clientId: string;
      clientSecret: string;
      certificatePath: string;
      pixKey: string;
      apiUrl: string;
      /** Efí's alternative to mTLS on webhooks: the `?hmac=` value of the registered URL. */
      webhookHmacSecret: string | null;
    }
  | { id: 'abacatepay'; apiKey: string; webhookSecret: string; apiUrl: string };

export { PROVIDER_IDS } from '../../shared/providers.ts';

export const DEFAULT_API_URLS = {
  mercadopago: 'https://api.mercadopago.com',
  efi: 'https://pix.api.efipay.com.br',
  abacatepay: 'https://api.abacatepay.com',
} as const;

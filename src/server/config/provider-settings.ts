/**
 * The PIX providers a seller configured, in the order they are tried (PAYMENT_PROVIDERS,
 * docs/payments.md#pix-providers). Config builds this list; compose.ts turns each entry into a
 * PixProvider. TriboPay's entry is the sandbox in the demo. It sits in config/ because gateway/
 * already depends on config/ (through db/ and http/), so config/ imports nothing from gateway/:
 * the ids are gateway/pix-provider.ts's ProviderId, spelled here once more.
 */
export type ProviderSettings =
  | { id: 'tribopay'; target: { kind: 'sandbox' } | { kind: 'remote'; url: string; token: string; productHash: string } }
  | { id: 'mercadopago'; accessToken: string; webhookSecret: string; apiUrl: string }
  | {
      id: 'efi';
      clientId: string;
      clientSecret: string;
      /** Path of the seller's `.p12` or `.pem` (certificate and key). */
      certificatePath: string;
      pixKey: string;
      apiUrl: string;
      /** Efí's alternative to mTLS on webhooks: the `?hmac=` value of the registered URL (EFI_WEBHOOK_HMAC). */
      webhookHmacSecret: string | null;
    }
  | { id: 'abacatepay'; apiKey: string; webhookSecret: string; apiUrl: string };

export { PROVIDER_IDS } from '../../shared/providers.ts';

export const DEFAULT_API_URLS = {
  mercadopago: 'https://api.mercadopago.com',
  efi: 'https://pix.api.efipay.com.br',
  abacatepay: 'https://api.abacatepay.com',
} as const;

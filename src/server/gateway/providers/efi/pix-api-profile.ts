import type { ProviderId } from '../../pix-provider.ts';

/**
 * One bank's flavour of the Banco Central's "API Pix" (github.com/bacen/pix-api, openapi.yaml):
 * the paths and bodies are the standard's, so a bank that follows it (Sicredi, Sicoob, PagSeguro)
 * is a profile like `efiProfile`, not a new adapter. What differs between banks lives here.
 */
export interface PixApiProfile {
  id: ProviderId;
  /** The bank's name, for logs and the console. */
  name: string;
  productionUrl: string;
  sandboxUrl: string;
  /** The OAuth2 client-credentials endpoint (the standard's `securitySchemes.OAuth2.tokenUrl`). */
  tokenPath: string;
  /**
   * How the token request carries `grant_type`: RFC 6749 says a form; Efí's SDKs send JSON
   * (sdk-node-apis-efi src/methods/pix.js), and Efí accepts both.
   */
  tokenBody: 'json' | 'form';
  /** Scopes to ask for; null when the bank grants what the application was given in its panel (Efí). */
  scopes: readonly string[] | null;
  /** The bank's extension that returns the copy-and-paste code for a location, when the cob reply lacks `pixCopiaECola`. */
  qrcodePath: ((locationId: string) => string) | null;
  /** Where the bank's webhooks come from, for the HMAC-in-URL alternative to mTLS. */
  webhookIps: readonly string[];
  /**
   * The request header that registers a webhook without the bank checking our server's mTLS (the
   * HMAC-in-URL alternative); null when the bank has no such mode.
   */
  skipMtlsHeader: string | null;
}

/**
 * Efí (formerly Gerencianet). Base URLs: sdk-node-apis-efi src/constants/endpoints.ts (APIS.PIX.URL);
 * `GET /v2/loc/:id/qrcode` is Efí's (same file, `pixGenerateQRCode`); the webhook source address is
 * the one Efí's staff give for the skip-mTLS mode (comunidade.sejaefi.com.br, "Configuração de
 * Webhook com Skip-mTLS", 2025-01-17); that mode's header is what the SDK sends on
 * `pixConfigWebhook` with `validateMtls: false` (src/lib/endpoints.js).
 */
export const efiProfile: PixApiProfile = {
  id: 'efi',
  name: 'Efí',
  productionUrl: 'https://pix.api.efipay.com.br',
  sandboxUrl: 'https://pix-h.api.efipay.com.br',
  tokenPath: '/oauth/token',
  tokenBody: 'json',
  scopes: null,
  qrcodePath: (locationId) => `/v2/loc/${encodeURIComponent(locationId)}/qrcode`,
  webhookIps: ['34.193.116.226'],
  skipMtlsHeader: 'x-skip-mtls-checking',
};

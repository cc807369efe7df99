import type { ProviderId } from '../../pix-provider.ts';

/** What differs between banks on the standard "API Pix": another bank is another profile, not an adapter. */
export interface PixApiProfile {
  id: ProviderId;
  name: string;
  productionUrl: string;
  sandboxUrl: string;
  tokenPath: string;
  /** RFC 6749 says a form; Efí's SDKs send JSON, and Efí accepts both. */
  tokenBody: 'json' | 'form';
  /** Scopes to ask for; null when the bank grants what the application was given in its panel (Efí). */
  scopes: readonly string[] | null;
  /** The bank's extension that returns the copy-and-paste code for a location, when the cob reply lacks `pixCopiaECola`. */
  qrcodePath: ((locationId: string) => string) | null;
  webhookIps: readonly string[];
  /** Registers a webhook without mTLS (the HMAC-in-URL mode); null when the bank has none. */
  skipMtlsHeader: string | null;
}

/** Sources: sdk-node-apis-efi src/constants/endpoints.ts; comunidade.sejaefi.com.br "Configuração de Webhook com Skip-mTLS". */
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

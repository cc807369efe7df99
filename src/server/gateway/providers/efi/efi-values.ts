import path from 'node:path';
import { z } from 'zod';
import { apiUrlSetting, plain, secret } from '../../provider-descriptor.ts';
import type { EfiSettings } from './efi-provider.ts';
import { openFinanceFavorecido, openFinanceSettings, pixKey } from './efi-settings.ts';
import type { OpenFinanceSettings } from './open-finance-client.ts';

/** Efí's environment variables (docs/configuration.md). */
export const settings = z.object({
  EFI_CLIENT_ID: plain(z.string()),
  EFI_CLIENT_SECRET: secret(z.string()),
  // Shown in the error as typed; resolved against the working directory the server starts in.
  EFI_CERTIFICATE: plain(z.string()),
  EFI_PIX_KEY: plain(pixKey),
  EFI_API_URL: plain(apiUrlSetting('https://pix.api.efipay.com.br')),
  /** Efí's alternative to mTLS on webhooks: the `?hmac=` value of the registered URL. */
  EFI_WEBHOOK_HMAC: secret(z.string().optional()),
  /** `on` once the seller enabled the `pix.send` scope: affiliate payouts go out by API (docs/affiliates.md#payouts). */
  EFI_PIX_SEND: plain(z.enum(['on', 'off'], { message: 'must be on or off' }).default('off')),
  ...openFinanceSettings,
});

export type EfiValues = z.output<typeof settings>;

/** The adapter's settings from the environment's (also for `npm run efi-webhook`); `openFinance` null when off. */
export function efiSettings(
  values: EfiValues,
): EfiSettings & { apiUrl: string; webhookHmacSecret: string | null; openFinance: OpenFinanceSettings | null } {
  return {
    clientId: values.EFI_CLIENT_ID,
    clientSecret: values.EFI_CLIENT_SECRET,
    certificatePath: path.resolve(values.EFI_CERTIFICATE),
    pixKey: values.EFI_PIX_KEY,
    apiUrl: values.EFI_API_URL,
    webhookHmacSecret: values.EFI_WEBHOOK_HMAC ?? null,
    pixSend: values.EFI_PIX_SEND === 'on',
    openFinance:
      values.EFI_OPEN_FINANCE === 'on'
        ? {
            clientId: values.EFI_CLIENT_ID,
            clientSecret: values.EFI_CLIENT_SECRET,
            certificatePath: path.resolve(values.EFI_CERTIFICATE),
            apiUrl: values.EFI_OPEN_FINANCE_API_URL,
            favorecido: openFinanceFavorecido(values),
            webhookHmacSecret: values.EFI_WEBHOOK_HMAC ?? null,
          }
        : null,
  };
}

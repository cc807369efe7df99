import path from 'node:path';
import { z } from 'zod';
import { providerNames } from '../../../../content/providers.ts';
import { apiUrlSetting, plain, secret, type ProviderDescriptor } from '../../provider-descriptor.ts';
import { capabilities, createEfiProvider, type EfiSettings } from './efi-provider.ts';
import { certificateProblem, OPEN_FINANCE_ACCOUNT, openFinanceFavorecido, openFinanceSettings, pixKey } from './efi-settings.ts';
import type { OpenFinanceSettings } from './open-finance-client.ts';

const settings = z.object({
  EFI_CLIENT_ID: plain(z.string()),
  EFI_CLIENT_SECRET: secret(z.string()),
  // Shown in the error as typed; resolved against the working directory the server starts in.
  EFI_CERTIFICATE: plain(z.string()),
  EFI_PIX_KEY: plain(pixKey),
  EFI_API_URL: plain(apiUrlSetting('https://pix.api.efipay.com.br')),
  /** Efí's alternative to mTLS on webhooks: the `?hmac=` value of the registered URL. */
  EFI_WEBHOOK_HMAC: secret(z.string().optional()),
  ...openFinanceSettings,
});

/** The adapter's settings from the environment's (also for `npm run efi-webhook`); `openFinance` null when off. */
export function efiSettings(
  values: z.output<typeof settings>,
): EfiSettings & { apiUrl: string; webhookHmacSecret: string | null; openFinance: OpenFinanceSettings | null } {
  return {
    clientId: values.EFI_CLIENT_ID,
    clientSecret: values.EFI_CLIENT_SECRET,
    certificatePath: path.resolve(values.EFI_CERTIFICATE),
    pixKey: values.EFI_PIX_KEY,
    apiUrl: values.EFI_API_URL,
    webhookHmacSecret: values.EFI_WEBHOOK_HMAC ?? null,
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

/** Efí (API Pix do Banco Central, docs/payments.md#efí): mTLS to the API, webhooks by mTLS or an hmac in the URL. */
export const efiProvider: ProviderDescriptor<'efi', typeof settings> = {
  id: 'efi',
  displayName: providerNames.efi,
  settings,
  settingsProblems(values) {
    const problem = certificateProblem(values.EFI_CERTIFICATE);
    const set = OPEN_FINANCE_ACCOUNT.filter((name) => values[name] !== undefined);
    const missing = set.length > 0 ? OPEN_FINANCE_ACCOUNT.filter((name) => values[name] === undefined) : [];
    return [
      ...(problem ? [`EFI_CERTIFICATE ${problem} (got "${values.EFI_CERTIFICATE}")`] : []),
      ...missing.map(
        (name) => `${name} is required when ${set[0]} is set: the account Open Finance payments go to takes all four EFI_ACCOUNT_*`,
      ),
    ];
  },
  create: (values, deps) => createEfiProvider(efiSettings(values), deps.ca ? { ca: deps.ca } : {}),
  // `efi/pix`: Efí appends /pix to the registered URL in mTLS mode (docs/payments.md#efí).
  webhook: { route: 'efi', aliases: ['efi/pix'] },
  capabilities,
};

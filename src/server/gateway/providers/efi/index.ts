import { providerNames } from '../../../../content/providers.ts';
import type { ProviderDescriptor } from '../../provider-descriptor.ts';
import { efiCommands } from './efi-commands.ts';
import { capabilities, createEfiProvider } from './efi-provider.ts';
import { certificateProblem, OPEN_FINANCE_ACCOUNT } from './efi-settings.ts';
import { efiSettings, settings } from './efi-values.ts';

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
  openFinanceMode: (values) => (values.EFI_OPEN_FINANCE === 'on' ? 'banks' : null),
  commands: efiCommands,
};

import type { ProviderSettings } from '../gateway/provider-registry.ts';
import { efiSettings } from '../gateway/providers/efi/index.ts';
import {
  configureOpenFinance,
  createOpenFinanceApi,
  OpenFinanceError,
  openFinanceUrls,
  readOpenFinanceConfig,
} from '../gateway/providers/efi/open-finance-client.ts';
import { openFinanceConfigIsOurs } from '../orders/open-finance-registration.ts';
import { loadCliConfig, runCli } from './cli-config.ts';

/** `tsx src/server/cli/efi-open-finance.ts [--check]` (docs/payments.md#open-finance). Exit: 0 ok, 1 failed or differs, 2 usage. */
const USAGE = 'Usage: tsx src/server/cli/efi-open-finance.ts [--check]';

/** Efí tries the webhook URL (the mTLS handshake) before it answers. */
const TIMEOUT_MS = 30_000;

function describeFailure(error: OpenFinanceError, apiUrl: string): string {
  const detail = `${error.nome ? ` ${error.nome}` : ''}${error.detail ? `: ${error.detail}` : ''}`;
  switch (error.failure) {
    case 'certificate_file':
      return 'EFI_CERTIFICATE could not be read: it must be the .p12 as Efí gives it (no passphrase) or a .pem with the certificate and its key';
    case 'certificate':
      return 'Efí refused the certificate EFI_CERTIFICATE (mTLS): it must be of the same environment as EFI_CLIENT_ID and EFI_OPEN_FINANCE_API_URL';
    case 'credentials':
      return 'Efí refused the credentials EFI_CLIENT_ID / EFI_CLIENT_SECRET: does the application have API Open Finance turned on?';
    case 'token':
      return `no access token from ${apiUrl}: is EFI_OPEN_FINANCE_API_URL Efí's Open Finance API (with /v1)?`;
    case 'no_answer':
      return `no answer from Efí at ${apiUrl} (timeout or connection lost)`;
    case 'server_error':
      return `Efí answered with an error (HTTP ${error.status})${detail}; try again later`;
    case 'unreadable':
      return "Efí's answer could not be read";
    case 'refused':
      if (error.status === 403) return `Efí denied access (HTTP 403)${detail}: does the application have the gn.opb.config scopes?`;
      return `Efí refused the settings (HTTP ${error.status})${detail}. Does PUBLIC_URL answer Efí's test call?`;
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.length > 1 || (argv.length === 1 && argv[0] !== '--check')) {
    process.stderr.write(`${USAGE}\n`);
    return argv[0] === '--help' || argv[0] === '-h' ? 0 : 2;
  }
  const config = loadCliConfig();
  if (!config) return 2;
  const entry = config.payments.find(
    (provider): provider is Extract<ProviderSettings, { id: 'efi'; settings: unknown }> => provider.id === 'efi' && 'settings' in provider,
  );
  const openFinance = entry ? efiSettings(entry.settings).openFinance : null;
  if (!openFinance) {
    process.stderr.write('EFI_OPEN_FINANCE is not on, or PAYMENT_PROVIDERS does not list efi (docs/payments.md#open-finance)\n');
    return 2;
  }
  if (!config.publicUrl) {
    process.stderr.write('PUBLIC_URL is not set: the redirect and the webhook are addresses on the public site\n');
    return 2;
  }
  const secret = openFinance.webhookHmacSecret;
  const say = (stream: NodeJS.WriteStream, line: string) => stream.write(`${secret ? line.split(secret).join('***') : line}\n`);
  const expected = openFinanceUrls(config.publicUrl);
  const security = secret === null ? 'mtls' : 'hmac';
  const api = createOpenFinanceApi(openFinance, { timeoutMs: TIMEOUT_MS });
  let registered;
  try {
    if (argv[0] !== '--check') await configureOpenFinance(api, expected);
    registered = await readOpenFinanceConfig(api);
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    say(
      process.stderr,
      `Efí Open Finance settings not ${argv[0] === '--check' ? 'read' : 'registered'}: ${describeFailure(error, openFinance.apiUrl)}`,
    );
    return 1;
  }
  const shown = registered
    ? `redirectURL ${registered.redirectUrl}, webhookURL ${registered.webhookUrl} (${registered.webhookSecurity})`
    : 'none';
  if (!openFinanceConfigIsOurs(registered, api, config.publicUrl)) {
    say(
      process.stdout,
      `Efí Open Finance shows ${shown}, not this server's: ${expected.redirectUrl}, ${expected.webhookUrl} (${security})`,
    );
    return 1;
  }
  say(process.stdout, `Efí Open Finance: ${shown}, this server's settings`);
  return 0;
}

runCli('Efí Open Finance command failed', () => main(process.argv.slice(2)));

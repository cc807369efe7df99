/**
 * Efí's own commands (the descriptor's `commands`, run by src/server/cli/provider-command.ts with the server's settings):
 * `npm run efi-webhook [-- --check]` registers the PIX key's webhook (docs/payments.md#efí), `npm run efi-open-finance
 * [-- --check]` the Open Finance settings (docs/payments.md#open-finance). Exit: 0 ok, 1 failed or differs, 2 usage.
 */
import type { CommandRun, ProviderCommand } from '../../provider-descriptor.ts';
import { createEfiProvider, EfiWebhookError, efiWebhookUrl } from './efi-provider.ts';
import {
  configureOpenFinance,
  createOpenFinanceApi,
  OpenFinanceError,
  openFinanceUrls,
  readOpenFinanceConfig,
} from './open-finance-client.ts';
import { openFinanceConfigIsOurs } from './open-finance-registration.ts';
import { efiSettings, type EfiValues } from './efi-values.ts';

const WEBHOOK_USAGE = 'Usage: npm run efi-webhook [-- --check]';
const OPEN_FINANCE_USAGE = 'Usage: npm run efi-open-finance [-- --check]';

/** Efí calls the URL (twice, for mTLS, or the mTLS handshake) before it answers, so the wait is longer than a charge's. */
const TIMEOUT_MS = 30_000;

type EfiSettings = ReturnType<typeof efiSettings>;

/** The hmac value of any URL, and the secret wherever else it appears (a bank's message may quote the URL). */
function hideSecrets(line: string, secret: string | null): string {
  let shown = line.replace(/([?&]hmac=)[^&\s]*/g, '$1***');
  if (secret) shown = shown.split(secret).join('***').split(encodeURIComponent(secret)).join('***');
  return shown;
}

function mode(url: string): string {
  return /[?&]hmac=/.test(url) ? 'hmac in the URL, without mTLS' : 'mutual TLS';
}

function describeFailure(error: EfiWebhookError, efi: EfiSettings, registering: boolean): string {
  const detail = error.detail ? `: ${error.detail}` : '';
  switch (error.failure) {
    case 'certificate_file':
      return `EFI_CERTIFICATE (${efi.certificatePath}) could not be read: it must be the .p12 as Efí gives it (no passphrase) or a .pem with the certificate and its key`;
    case 'certificate':
      return `Efí refused the certificate EFI_CERTIFICATE (mTLS): it must be of the same environment (production or homologação) as EFI_CLIENT_ID and EFI_API_URL`;
    case 'credentials':
      return `Efí refused the credentials EFI_CLIENT_ID / EFI_CLIENT_SECRET`;
    case 'token':
      return `no access token from ${efi.apiUrl}: is EFI_API_URL Efí's API Pix?`;
    case 'no_answer':
      return `no answer from Efí at ${efi.apiUrl} (timeout or connection lost)${registering ? '; see what is registered with: npm run efi-webhook -- --check' : ''}`;
    case 'server_error':
      return `Efí answered with an error (HTTP ${error.status}); try again later`;
    case 'unreadable':
      return `Efí's answer could not be read`;
    case 'refused':
      if (error.status === 403)
        return `Efí denied access (HTTP 403)${detail}: does the application have the webhook.write and webhook.read scopes?`;
      if (error.status === 400 && registering) {
        return `Efí refused the webhook for the PIX key ${efi.pixKey} (HTTP 400)${detail}. Is EFI_PIX_KEY a key of this Efí account, and does PUBLIC_URL answer Efí's test call?`;
      }
      return `Efí refused the request (HTTP ${error.status})${detail}`;
  }
}

async function webhook({ argv, load, out, err }: CommandRun<EfiValues>): Promise<number> {
  if (argv.length > 1 || (argv.length === 1 && argv[0] !== '--check')) {
    err(WEBHOOK_USAGE);
    return argv[0] === '--help' || argv[0] === '-h' ? 0 : 2;
  }
  const checkOnly = argv[0] === '--check';
  const loaded = load();
  if (!loaded) return 2;
  const efi = loaded.settings && efiSettings(loaded.settings);
  if (!efi) {
    err('PAYMENT_PROVIDERS does not list efi: there is no Efí PIX key to register a webhook for (docs/payments.md#efí)');
    return 2;
  }
  const { publicUrl } = loaded;
  if (!publicUrl) {
    err('PUBLIC_URL is not set: the webhook is an address on the public site');
    return 2;
  }

  const secret = efi.webhookHmacSecret;
  const say = (write: (line: string) => void, line: string) => write(hideSecrets(line, secret));
  const base = `${publicUrl.replace(/\/+$/, '')}/api/webhooks/efi`;
  const expected = efiWebhookUrl(base, secret);
  const provider = createEfiProvider(efi, { timeoutMs: TIMEOUT_MS });
  const key = efi.pixKey;

  let registered: string | null;
  try {
    if (!checkOnly) await provider.registerWebhook(base, { skipMtls: secret !== null });
    registered = await provider.getWebhook();
  } catch (error) {
    if (!(error instanceof EfiWebhookError)) throw error;
    const failed = checkOnly ? 'Could not read the Efí webhook' : 'Efí webhook not registered';
    say(err, `${failed}: ${describeFailure(error, efi, !checkOnly)}`);
    return 1;
  }

  if (!checkOnly) {
    if (registered !== expected) {
      say(err, `Efí accepted the webhook but shows ${registered ?? 'none'} for the PIX key ${key}`);
      return 1;
    }
    say(out, `Registered at Efí for the PIX key ${key}: ${registered} (${mode(registered)})`);
    return 0;
  }
  if (registered === null) {
    say(out, `No webhook registered at Efí for the PIX key ${key}; npm run efi-webhook registers ${expected}`);
    return 1;
  }
  if (registered !== expected) {
    say(
      out,
      `Registered at Efí for the PIX key ${key}: ${registered} (${mode(registered)}), not this server's; npm run efi-webhook registers ${expected}`,
    );
    return 1;
  }
  say(out, `Registered at Efí for the PIX key ${key}: ${registered} (${mode(registered)}, this server's settings)`);
  return 0;
}

function describeOpenFinanceFailure(error: OpenFinanceError, apiUrl: string): string {
  const detail = `${error.code ? ` ${error.code}` : ''}${error.detail ? `: ${error.detail}` : ''}`;
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

async function openFinance({ argv, load, out, err }: CommandRun<EfiValues>): Promise<number> {
  if (argv.length > 1 || (argv.length === 1 && argv[0] !== '--check')) {
    err(OPEN_FINANCE_USAGE);
    return argv[0] === '--help' || argv[0] === '-h' ? 0 : 2;
  }
  const loaded = load();
  if (!loaded) return 2;
  const openFinance = loaded.settings ? efiSettings(loaded.settings).openFinance : null;
  if (!openFinance) {
    err('EFI_OPEN_FINANCE is not on, or PAYMENT_PROVIDERS does not list efi (docs/payments.md#open-finance)');
    return 2;
  }
  const { publicUrl } = loaded;
  if (!publicUrl) {
    err('PUBLIC_URL is not set: the redirect and the webhook are addresses on the public site');
    return 2;
  }
  const secret = openFinance.webhookHmacSecret;
  const say = (write: (line: string) => void, line: string) => write(hideSecrets(line, secret));
  const expected = openFinanceUrls(publicUrl);
  const security = secret === null ? 'mtls' : 'hmac';
  const api = createOpenFinanceApi(openFinance, { timeoutMs: TIMEOUT_MS });
  let registered;
  try {
    if (argv[0] !== '--check') await configureOpenFinance(api, expected);
    registered = await readOpenFinanceConfig(api);
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    say(
      err,
      `Efí Open Finance settings not ${argv[0] === '--check' ? 'read' : 'registered'}: ${describeOpenFinanceFailure(error, openFinance.apiUrl)}`,
    );
    return 1;
  }
  const shown = registered
    ? `redirectURL ${registered.redirectUrl}, webhookURL ${registered.webhookUrl} (${registered.webhookSecurity})`
    : 'none';
  if (!openFinanceConfigIsOurs(registered, api, publicUrl)) {
    say(out, `Efí Open Finance shows ${shown}, not this server's: ${expected.redirectUrl}, ${expected.webhookUrl} (${security})`);
    return 1;
  }
  say(out, `Efí Open Finance: ${shown}, this server's settings`);
  return 0;
}

export const efiCommands: Readonly<Record<string, ProviderCommand<EfiValues>>> = {
  webhook: { failure: 'Efí webhook command failed', run: webhook },
  'open-finance': { failure: 'Efí Open Finance command failed', run: openFinance },
};

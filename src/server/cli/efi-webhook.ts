import type { ProviderSettings } from '../gateway/provider-registry.ts';
import { createEfiProvider, EfiWebhookError, efiWebhookUrl } from '../gateway/providers/efi/efi-provider.ts';
import { efiSettings } from '../gateway/providers/efi/index.ts';
import { loadCliConfig, runCli } from './cli-config.ts';

/** `npm run efi-webhook [-- --check]` (docs/payments.md#efí); hmac printed as ***. Exit: 0 ok, 1 call failed or not found, 2 usage. */
const USAGE = 'Usage: npm run efi-webhook [-- --check]';

/** Efí calls the URL (twice, for mTLS) before it answers the registration, so the wait is longer than a charge's. */
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

async function main(argv: string[]): Promise<number> {
  if (argv.length > 1 || (argv.length === 1 && argv[0] !== '--check')) {
    process.stderr.write(`${USAGE}\n`);
    return argv[0] === '--help' || argv[0] === '-h' ? 0 : 2;
  }
  const checkOnly = argv[0] === '--check';
  const config = loadCliConfig();
  if (!config) return 2;
  const entry = config.payments.find(
    (provider): provider is Extract<ProviderSettings, { id: 'efi'; settings: unknown }> => provider.id === 'efi' && 'settings' in provider,
  );
  const efi = entry && efiSettings(entry.settings);
  if (!efi) {
    process.stderr.write('PAYMENT_PROVIDERS does not list efi: there is no Efí PIX key to register a webhook for (docs/payments.md#efí)\n');
    return 2;
  }
  if (!config.publicUrl) {
    process.stderr.write('PUBLIC_URL is not set: the webhook is an address on the public site\n');
    return 2;
  }

  const secret = efi.webhookHmacSecret;
  const say = (stream: NodeJS.WriteStream, line: string) => stream.write(`${hideSecrets(line, secret)}\n`);
  const base = `${config.publicUrl.replace(/\/+$/, '')}/api/webhooks/efi`;
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
    say(process.stderr, `${failed}: ${describeFailure(error, efi, !checkOnly)}`);
    return 1;
  }

  if (!checkOnly) {
    if (registered !== expected) {
      say(process.stderr, `Efí accepted the webhook but shows ${registered ?? 'none'} for the PIX key ${key}`);
      return 1;
    }
    say(process.stdout, `Registered at Efí for the PIX key ${key}: ${registered} (${mode(registered)})`);
    return 0;
  }
  if (registered === null) {
    say(process.stdout, `No webhook registered at Efí for the PIX key ${key}; npm run efi-webhook registers ${expected}`);
    return 1;
  }
  if (registered !== expected) {
    say(
      process.stdout,
      `Registered at Efí for the PIX key ${key}: ${registered} (${mode(registered)}), not this server's; npm run efi-webhook registers ${expected}`,
    );
    return 1;
  }
  say(process.stdout, `Registered at Efí for the PIX key ${key}: ${registered} (${mode(registered)}, this server's settings)`);
  return 0;
}

runCli('Efí webhook command failed', () => main(process.argv.slice(2)));

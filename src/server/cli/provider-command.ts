import type { ProviderSettings } from '../gateway/provider-registry.ts';
import { isProviderId, PROVIDER_IDS, providerDescriptor } from '../gateway/provider-registry.ts';
import { loadCliConfig, runCli } from './cli-config.ts';

/**
 * `tsx src/server/cli/provider-command.ts <provider> <command> [args]`: a command a provider's folder declares (its
 * descriptor's `commands`, e.g. `npm run efi-webhook`), run with the server's settings. Exit: 0 ok, 1 failed, 2 usage.
 */
const [id = '', name = '', ...argv] = process.argv.slice(2);
const commands = isProviderId(id) ? providerDescriptor(id).commands : undefined;
const command = commands?.[name];

function usage(): number {
  const known = PROVIDER_IDS.flatMap((provider) =>
    Object.keys(providerDescriptor(provider).commands ?? {}).map((each) => `${provider} ${each}`),
  );
  process.stderr.write(`Usage: tsx src/server/cli/provider-command.ts <provider> <command> [args]; one of: ${known.join(', ')}\n`);
  return 2;
}

function load() {
  const config = loadCliConfig();
  if (!config) return undefined;
  const entry = config.payments.find(
    (provider): provider is Extract<ProviderSettings, { settings: unknown }> => provider.id === id && 'settings' in provider,
  );
  return { settings: entry?.settings ?? null, publicUrl: config.publicUrl };
}

runCli(command?.failure ?? 'Provider command failed', async () =>
  command
    ? command.run({
        argv,
        load,
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      })
    : usage(),
);

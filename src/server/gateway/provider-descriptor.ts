import { z } from 'zod';
import { apiUrl } from '../lib/env-fields.ts';
import type { Logger } from '../lib/logger.ts';
import type { OpenFinanceCapability } from './open-finance.ts';
import type { PixProvider, ProviderCapabilities } from './pix-provider.ts';

/**
 * How a PIX provider declares itself: one folder, gateway/providers/<id>/, whose index.ts exports one descriptor;
 * one line in provider-registry.ts lists it, and one entry in content/providers.ts names it.
 *
 *   const settings = z.object({ ACME_API_KEY: secret(z.string()), ACME_API_URL: plain(apiUrlSetting('https://api.acme.com')) });
 *   export const acmeProvider: ProviderDescriptor<'acme', typeof settings> = {
 *     id: 'acme',
 *     displayName: providerNames.acme,
 *     settings,
 *     create: (values) => createAcmeProvider({ apiKey: values.ACME_API_KEY, apiUrl: values.ACME_API_URL }),
 *     webhook: { route: 'acme', aliases: [] },
 *     capabilities: { refunds: true, partialRefunds: true, cart: false, expiry: true, webhook: 'signed', idempotentCreate: true },
 *   };
 *
 * The type is written out, not inferred, as ProviderId derives from it. The registry derives ids, env schema, secrets.
 */
export interface ProviderDescriptor<Id extends string = string, Settings extends SettingsSchema = SettingsSchema> {
  readonly id: Id;
  /** As the console shows it: the provider's entry in content/providers.ts (`providerNames`). */
  readonly displayName: string;
  /** Its environment variables, each `secret()` or `plain()`; required when unset fails its schema. */
  readonly settings: Settings;
  /** Cross-variable checks once each value is valid (Efí's certificate file); each problem names its variable. */
  settingsProblems?(settings: z.output<Settings>): string[];
  create(settings: z.output<Settings>, deps: ProviderDeps): PixProvider;
  /** POST /api/webhooks/<route>; `aliases`: older paths sellers registered in its panel, answered forever. */
  readonly webhook: { readonly route: string; readonly aliases: readonly string[] };
  readonly capabilities: ProviderCapabilities;
  /** The one provider that takes the demo's charges when none is configured (TriboPay, against the sandbox). */
  readonly demo?: { create(deps: ProviderDeps): PixProvider };
  /** Sells from its own catalogue (TriboPay): the bump needs BUMP_PRODUCT_HASH and BUMP_OFFER_HASH there. */
  readonly catalogue?: true;
  /** The one provider a deployment without PAYMENT_PROVIDERS gets by setting its required variables (TriboPay's). */
  readonly chosenWithoutList?: true;
  /** Its Open Finance mode with these settings (gateway/open-finance.ts), null while off; absent where it has none. */
  openFinanceMode?(settings: z.output<Settings>): OpenFinanceCapability['mode'] | null;
  /** Commands a seller runs once (Efí's webhook registration): `src/server/cli/provider-command.ts <id> <name>`. */
  readonly commands?: Readonly<Record<string, ProviderCommand<z.output<Settings>>>>;
}

export type SettingsSchema = z.ZodObject<Record<string, z.ZodType>>;

/** What a provider's command is handed: its arguments, the server's settings when asked for, and its two output streams. */
export interface CommandRun<Values> {
  argv: string[];
  /** The settings as the server reads them (`.env` first); `settings` null when PAYMENT_PROVIDERS does not list the provider; undefined: invalid, already said. */
  load(): { settings: Values | null; publicUrl: string | undefined } | undefined;
  out(line: string): void;
  err(line: string): void;
}

export interface ProviderCommand<Values> {
  /** The first words of the line printed when it throws. */
  readonly failure: string;
  /** The exit code: 0 done, 1 failed or found different, 2 usage or settings. */
  run(input: CommandRun<Values>): Promise<number>;
}

/** What `create` may use besides its settings; never another provider's. */
export interface ProviderDeps {
  logger: Logger;
  /** This server's own loopback origin (the demo's sandbox answers at /sandbox on it). */
  localUrl: () => string;
  /** Tests only: a CA to trust for the provider's API (a stand-in's), in place of the system's. */
  ca?: string;
  /** Tests only: an API client the test built (a stand-in's, with faults), for the adapter that takes one. */
  apiClient?: unknown;
}

const settingFlags = z.registry<{ secret: boolean }>();

/** A credential: masked in every log line (logger.addSecret) and never echoed by a startup error. */
export function secret<T extends z.ZodType>(schema: T): T {
  settingFlags.add(schema, { secret: true });
  return schema;
}

/** A value that may be shown, e.g. in a startup error (a URL, an id, a PIX key). */
export function plain<T extends z.ZodType>(schema: T): T {
  settingFlags.add(schema, { secret: false });
  return schema;
}

/** The provider's API base: https (plain http on loopback, for a stand-in), its production URL when unset. */
export function apiUrlSetting(defaultUrl: string) {
  return apiUrl.default(defaultUrl);
}

export interface ProviderVariable {
  name: string;
  secret: boolean;
  required: boolean;
}

/** Each variable with its flags; throws at import for one left unflagged, so a secret cannot slip into the logs. */
export function providerVariables(descriptor: ProviderDescriptor): ProviderVariable[] {
  return Object.entries(descriptor.settings.shape).map(([name, schema]) => {
    const flags = settingFlags.get(schema);
    if (!flags) throw new Error(`${descriptor.id}: setting ${name} is neither secret() nor plain()`);
    return { name, secret: flags.secret, required: !schema.safeParse(undefined).success };
  });
}

import { z } from 'zod';
import { apiUrl } from '../config/env-fields.ts';
import type { Logger } from '../lib/logger.ts';
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
 * The type is written out, not inferred: ProviderId comes from the registry's descriptors, and PixProvider names it.
 *
 * From the registry come the ids, the environment schema (a variable its schema refuses unset is required while
 * PAYMENT_PROVIDERS lists the provider), the secret list and the log redaction, and the webhook door and its aliases.
 */
export interface ProviderDescriptor<Id extends string = string, Settings extends SettingsSchema = SettingsSchema> {
  readonly id: Id;
  /** As the console shows it: the provider's entry in content/providers.ts (`providerNames`). */
  readonly displayName: string;
  /**
   * The environment variables, each wrapped in `secret()` or `plain()`; a blank value counts as unset. Parsed once at
   * boot (config/config.ts), so a bad value stops the start naming the variable, never printing a secret's value.
   */
  readonly settings: Settings;
  /** Cross-variable checks once each value is valid (Efí's certificate file); each problem names its variable. */
  settingsProblems?(settings: z.output<Settings>): string[];
  create(settings: z.output<Settings>, deps: ProviderDeps): PixProvider;
  /**
   * `route`: the provider's door, POST /api/webhooks/<route>. `aliases`: older paths under /api/webhooks/ that sellers
   * registered in the provider's panel, kept answering forever.
   */
  readonly webhook: { readonly route: string; readonly aliases: readonly string[] };
  readonly capabilities: ProviderCapabilities;
  /** The one provider that takes the demo's charges when none is configured (TriboPay, against the sandbox). */
  readonly demo?: { create(deps: ProviderDeps): PixProvider };
  /**
   * Sells from a catalogue of its own (TriboPay's products and offers): the order bump is then charged as its product
   * there, so BUMP_PRODUCT_HASH and BUMP_OFFER_HASH are asked for (config/env-rules.ts).
   */
  readonly catalogue?: true;
  /** The one provider a deployment without PAYMENT_PROVIDERS gets by setting its required variables (TriboPay's). */
  readonly chosenWithoutList?: true;
}

export type SettingsSchema = z.ZodObject<Record<string, z.ZodType>>;

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

/** Whether a variable's value must be kept out of logs and error messages. */
export const settingFlags = z.registry<{ secret: boolean }>();

/** A credential: masked in every log line (logger.addSecret) and never echoed by a startup error. */
export function secret<T extends z.ZodType>(schema: T): T {
  return schema.register(settingFlags, { secret: true });
}

/** A value that may be shown, e.g. in a startup error (a URL, an id, a PIX key). */
export function plain<T extends z.ZodType>(schema: T): T {
  return schema.register(settingFlags, { secret: false });
}

/** The provider's API base: https (plain http on loopback, for a stand-in), its production URL when unset. */
export function apiUrlSetting(defaultUrl: string) {
  return apiUrl.default(defaultUrl);
}

export interface ProviderVariable {
  name: string;
  secret: boolean;
  /** Refused unset while the provider is listed in PAYMENT_PROVIDERS. */
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

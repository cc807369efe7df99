import type { z } from 'zod';
import type { Logger } from '../lib/logger.ts';
import type { PixProvider } from './pix-provider.ts';
import { providerVariables, type ProviderDeps, type ProviderDescriptor, type ProviderVariable } from './provider-descriptor.ts';
import { abacatepayProvider } from './providers/abacatepay/index.ts';
import { efiProvider } from './providers/efi/index.ts';
import { mercadopagoProvider } from './providers/mercadopago/index.ts';
import { tribopayProvider } from './providers/tribopay/index.ts';
import { wooviProvider } from './providers/woovi/index.ts';

/** THE list of PIX providers (docs/architecture.md#adding-a-pix-provider); PAYMENT_PROVIDERS orders them, the rest derives. */
export const providerRegistry = [tribopayProvider, mercadopagoProvider, efiProvider, abacatepayProvider, wooviProvider] as const;

type Registered = (typeof providerRegistry)[number];

export type ProviderId = Registered['id'];

export const PROVIDER_IDS: readonly ProviderId[] = providerRegistry.map((descriptor) => descriptor.id);

/** A provider as configured: its parsed settings, or the demo's stand-in. */
export type ProviderSettings =
  | (Registered extends infer D ? (D extends ProviderDescriptor<infer Id, infer S> ? { id: Id; settings: z.output<S> } : never) : never)
  | { id: ProviderId; demo: true };

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

export function providerDescriptor(id: ProviderId): ProviderDescriptor {
  return providerRegistry.find((descriptor) => descriptor.id === id)!;
}

/** Each provider's environment variables, with their secret and required flags. */
export const providerVariablesById: ReadonlyMap<ProviderId, readonly ProviderVariable[]> = new Map(
  providerRegistry.map((descriptor) => [descriptor.id, providerVariables(descriptor)]),
);

/** Every provider variable whose value never reaches a log line or a startup error. */
export const PROVIDER_SECRET_VARIABLES: readonly string[] = [...providerVariablesById.values()]
  .flat()
  .filter((variable) => variable.secret)
  .map((variable) => variable.name);

/** The paths under /api/webhooks/ that reach each provider: its route, then the aliases sellers registered. */
export function webhookPaths(): Array<{ path: string; id: ProviderId }> {
  return providerRegistry.flatMap((descriptor) =>
    [descriptor.webhook.route, ...descriptor.webhook.aliases].map((path) => ({ path, id: descriptor.id })),
  );
}

/** The address a charge at this provider is told to post its webhooks to. */
export function webhookUrl(publicUrl: string, id: ProviderId): string {
  return `${publicUrl}/api/webhooks/${providerDescriptor(id).webhook.route}`;
}

/** The one provider that runs the demo, and that a deployment without PAYMENT_PROVIDERS chooses by its variables. */
export const demoProvider: Registered | undefined = providerRegistry.find((descriptor) => descriptor.demo !== undefined);
export const providerChosenWithoutList: Registered | undefined = providerRegistry.find((descriptor) => descriptor.chosenWithoutList);

export interface ProvidersOptions {
  logger: Logger;
  /** This server's own loopback origin, e.g. http://127.0.0.1:3000 (the demo's sandbox). */
  localUrl: () => string;
  /** Tests only, per provider: a CA to trust for its API, an API client built by the test. */
  testing?: Partial<Record<ProviderId, Pick<ProviderDeps, 'ca' | 'apiClient'>>>;
}

/** Each secret setting is masked in every log line before the adapter can make its first call. */
export function createProviders(settings: readonly ProviderSettings[], options: ProvidersOptions): PixProvider[] {
  return settings.map((entry) => {
    const descriptor = providerDescriptor(entry.id);
    const deps: ProviderDeps = { logger: options.logger, localUrl: options.localUrl, ...options.testing?.[entry.id] };
    if ('demo' in entry) {
      if (!descriptor.demo) throw new Error(`${entry.id} cannot run the demo`);
      return descriptor.demo.create(deps);
    }
    const values = entry.settings as Record<string, unknown>;
    for (const variable of providerVariablesById.get(entry.id) ?? []) {
      const value = values[variable.name];
      if (variable.secret && typeof value === 'string') options.logger.addSecret(value);
    }
    return descriptor.create(values, deps);
  });
}

import type { ProviderId } from './provider-registry.ts';
import type { PixProvider, ProviderCatalogue } from './pix-provider.ts';
import { GatewayError } from './types.ts';

/** What Saúde shows of one provider (docs/payments.md#pix-providers). */
export interface ProviderHealth {
  id: ProviderId;
  lastSuccessAt: number | null;
  lastError: { at: number; message: string } | null;
  /** Until when new charges skip it (the circuit is open); null when it takes charges. */
  skippedUntil: number | null;
}

/** A circuit breaker of our own: the checkout decides which failures are the provider's. Per instance, in memory. */
export interface Payments {
  readonly providers: readonly PixProvider[];
  /** Taken out of PAYMENT_PROVIDERS with its credentials still set: no new charges, its charges still read and refunded. */
  readonly retired: readonly PixProvider[];
  /** Any provider whose charges can be read: those that take charges, then the retired ones. */
  get(id: ProviderId): PixProvider | undefined;
  /** The catalogue of the first provider that has one (TriboPay's products); it decides a sole provider's price. */
  readonly catalogue: ProviderCatalogue | undefined;
  /** The providers a new charge may use now, in order: those skipped go last, so a checkout is never refused for it. */
  candidates(now: number): PixProvider[];
  succeeded(id: ProviderId, now: number): void;
  failed(id: ProviderId, message: string, now: number): void;
  health(now: number): ProviderHealth[];
}

/** The first skip after a failure; each further failure in a row doubles it, up to MAX_SKIP_MS. */
export const FIRST_SKIP_MS = 60_000;
export const MAX_SKIP_MS = 10 * 60_000;

/** Only a field-level refusal of the buyer's data stays with the buyer; account, key or settings refusals fail over (Saúde). */
export function isProviderFailure(error: unknown): boolean {
  return error instanceof GatewayError && !error.buyerData;
}

/** What Saúde shows: the provider's own explanation where the adapter kept it (in `cause`), else the message. */
export function failureDetail(error: unknown): string {
  if (error instanceof GatewayError && error.cause instanceof Error) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}

export function createPayments(providers: readonly PixProvider[], retired: readonly PixProvider[] = []): Payments {
  if (providers.length === 0) throw new Error('at least one PIX provider is required');
  const state = new Map<
    ProviderId,
    { lastSuccessAt: number | null; lastError: ProviderHealth['lastError']; failuresInARow: number; skippedUntil: number | null }
  >(providers.map((provider) => [provider.id, { lastSuccessAt: null, lastError: null, failuresInARow: 0, skippedUntil: null }]));
  const byId = new Map([...retired, ...providers].map((provider) => [provider.id, provider]));
  const skipped = (id: ProviderId, now: number) => {
    const until = state.get(id)?.skippedUntil ?? null;
    return until !== null && now < until;
  };
  return {
    providers,
    retired: retired.filter((provider) => !providers.some((active) => active.id === provider.id)),
    get: (id) => byId.get(id),
    catalogue: providers.find((provider) => provider.catalogue)?.catalogue,
    candidates(now) {
      return [...providers.filter((provider) => !skipped(provider.id, now)), ...providers.filter((provider) => skipped(provider.id, now))];
    },
    succeeded(id, now) {
      const entry = state.get(id);
      if (!entry) return;
      entry.lastSuccessAt = now;
      entry.failuresInARow = 0;
      entry.skippedUntil = null;
    },
    failed(id, message, now) {
      const entry = state.get(id);
      if (!entry) return;
      entry.lastError = { at: now, message };
      entry.failuresInARow += 1;
      // Only with somewhere else to go: a sole provider is always tried.
      if (providers.length > 1)
        entry.skippedUntil = now + Math.min(MAX_SKIP_MS, FIRST_SKIP_MS * 2 ** Math.min(entry.failuresInARow - 1, 10));
    },
    health(now) {
      return providers.map((provider) => {
        const entry = state.get(provider.id)!;
        return {
          id: provider.id,
          lastSuccessAt: entry.lastSuccessAt,
          lastError: entry.lastError,
          skippedUntil: skipped(provider.id, now) ? entry.skippedUntil : null,
        };
      });
    },
  };
}

import type { Kysely } from 'kysely';
import { backgroundReadHealth as copy, backgroundReadNames } from '../../content/background-reads.ts';
import { providerName } from '../../content/providers.ts';
import type { AdminProviderHealth, HealthCheck } from '../../shared/admin.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import { listReadHealth, type ReadHealth } from './background-reads-repository.ts';
import type { BackgroundRead } from './background-reads.ts';

/** Saúde's key of each read's check (content/admin.ts `checks`). */
const CHECK_KEYS: Record<BackgroundRead, string> = {
  disputes: 'disputes',
  charges: 'chargeReads',
  refunds: 'refundReads',
  bank_payments: 'bankReads',
};

const nameOf = (id: string) => providerName(id, { sandbox: false });

function lineOf(provider: ProviderId, read: ReadHealth | undefined, now: number): { ok: boolean; text: string } {
  if (read?.failingSince != null) {
    const last = read.lastSuccessAt === null ? null : formatDateTime(read.lastSuccessAt);
    const paused = read.pausedUntil !== null && read.pausedUntil > now ? ` ${copy.paused(formatDateTime(read.pausedUntil))}` : '';
    return { ok: false, text: copy.failing(nameOf(provider), read.lastError ?? '', formatDateTime(read.failingSince), last) + paused };
  }
  if (read?.lastSuccessAt == null) return { ok: true, text: copy.never(nameOf(provider)) };
  return { ok: true, text: copy.ok(nameOf(provider), formatDateTime(read.lastSuccessAt)) };
}

/**
 * One check per background read: each provider read, or failing since when, why and what to do. `expected` lists the
 * providers a read must show even before its first read (the dispute lists); others show once read.
 */
export async function backgroundReadChecks(
  db: Kysely<Database>,
  now: number,
  expected: Partial<Record<BackgroundRead, readonly ProviderId[]>>,
): Promise<HealthCheck[]> {
  const health = await listReadHealth(db);
  return (Object.keys(CHECK_KEYS) as BackgroundRead[]).flatMap((read) => {
    const providers = [...new Set([...(expected[read] ?? []), ...health.filter((row) => row.read === read).map((row) => row.provider)])];
    if (providers.length === 0) return [];
    const lines = providers.map((provider) =>
      lineOf(
        provider,
        health.find((row) => row.provider === provider && row.read === read),
        now,
      ),
    );
    const ok = lines.every((line) => line.ok);
    const detail = lines.map((line) => line.text).join(' ');
    return [{ key: CHECK_KEYS[read], ok, detail, ...(ok ? {} : { fix: backgroundReadNames[read].fix }) }];
  });
}

/** A provider's last failed background read, where later than what this instance saw of its charges. */
export async function withBackgroundReadErrors(db: Kysely<Database>, providers: AdminProviderHealth[]): Promise<AdminProviderHealth[]> {
  const failing = (await listReadHealth(db)).filter((row) => row.failingSince !== null && row.lastFailureAt !== null);
  return providers.map((provider) => {
    const latest = failing.filter((row) => row.provider === provider.id).sort((a, b) => (b.lastFailureAt ?? 0) - (a.lastFailureAt ?? 0))[0];
    if (!latest || (provider.lastError && provider.lastError.at >= latest.lastFailureAt!)) return provider;
    return { ...provider, lastError: { at: latest.lastFailureAt!, message: latest.lastError ?? '' } };
  });
}

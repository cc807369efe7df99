import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';

const num = (value: number | string | null) => (value === null ? null : Number(value));

async function ensureRow(db: Kysely<Database>, provider: ProviderId, read: string): Promise<void> {
  await db
    .insertInto('background_reads')
    .values({
      provider,
      read,
      last_success_at: null,
      failing_since: null,
      last_error: null,
      last_failure_at: null,
      paused_until: null,
      backoff_ms: null,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'read']).doNothing())
    .execute();
}

/** A read answered: the run of failures and any pause end; returns when that run began, or null. */
export async function recordReadSuccess(db: Kysely<Database>, provider: ProviderId, read: string, now: number): Promise<number | null> {
  await ensureRow(db, provider, read);
  const before = await db
    .selectFrom('background_reads')
    .select('failing_since')
    .where('provider', '=', provider)
    .where('read', '=', read)
    .executeTakeFirst();
  await db
    .updateTable('background_reads')
    .set({ last_success_at: now, failing_since: null, last_error: null, paused_until: null, backoff_ms: null })
    .where('provider', '=', provider)
    .where('read', '=', read)
    .execute();
  return num(before?.failing_since ?? null);
}

/** A read failed: keeps the first time of its run (returned) and, when the provider asked to wait, the pause. */
export async function recordReadFailure(
  db: Kysely<Database>,
  provider: ProviderId,
  read: string,
  now: number,
  error: string,
  pause: { until: number; backoffMs: number | null } | null,
): Promise<number> {
  await ensureRow(db, provider, read);
  await db
    .updateTable('background_reads')
    .set((eb) => ({
      failing_since: eb.fn.coalesce('failing_since', eb.val(now)),
      last_error: error.slice(0, 500),
      last_failure_at: now,
      ...(pause ? { paused_until: pause.until, backoff_ms: pause.backoffMs } : {}),
    }))
    .where('provider', '=', provider)
    .where('read', '=', read)
    .execute();
  const row = await db
    .selectFrom('background_reads')
    .select('failing_since')
    .where('provider', '=', provider)
    .where('read', '=', read)
    .executeTakeFirst();
  return num(row?.failing_since ?? null) ?? now;
}

export interface ReadHealth {
  provider: ProviderId;
  read: string;
  lastSuccessAt: number | null;
  failingSince: number | null;
  lastError: string | null;
  lastFailureAt: number | null;
  pausedUntil: number | null;
  backoffMs: number | null;
}

export async function listReadHealth(db: Kysely<Database>): Promise<ReadHealth[]> {
  const rows = await db.selectFrom('background_reads').selectAll().orderBy('provider').orderBy('read').execute();
  return rows.map((row) => ({
    provider: row.provider,
    read: row.read,
    lastSuccessAt: num(row.last_success_at),
    failingSince: num(row.failing_since),
    lastError: row.last_error,
    lastFailureAt: num(row.last_failure_at),
    pausedUntil: num(row.paused_until),
    backoffMs: num(row.backoff_ms),
  }));
}

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { Logger } from '../lib/logger.ts';

/** Saúde names an instance whose clock is further than this from the database's. */
export const CLOCK_SKEW_SHOWN_MS = 5_000;
/** Often enough that a clock set wrong while running is corrected within a minute. */
export const CLOCK_CHECK_MS = 60_000;

/** Times that order work between instances are compared by whichever claims it, so all come from one clock: the database's. */
export interface InstanceClock {
  /** The database's time as this instance reckons it: its own clock, corrected by the last comparison. */
  now(): number;
  sync(): Promise<void>;
  start(): void;
  /** Stops comparing, and takes this instance out of Saúde. */
  stop(): Promise<void>;
}

export function createInstanceClock(options: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  logger: Logger;
  /** This machine's own clock; tests set one that runs ahead. */
  systemClock?: () => number;
}): InstanceClock {
  const { db, dialect, logger } = options;
  const systemClock = options.systemClock ?? (() => Date.now());
  const id = randomUUID();
  const name = `${os.hostname()} (pid ${process.pid})`;
  let offsetMs = 0;
  let timer: NodeJS.Timeout | undefined;

  async function sync() {
    const before = systemClock();
    const database = await readDatabaseClock(db, dialect);
    const after = systemClock();
    // The database read its clock between `before` and `after`: the least correction that allows keeps ours from running ahead.
    const least = database - after - 1;
    const most = database - before + 1;
    offsetMs = least <= 0 && most >= 0 ? 0 : least;
    const skewMs = Math.round((before + after) / 2) - database;
    if (Math.abs(skewMs) > CLOCK_SKEW_SHOWN_MS) {
      logger.warn("This server's clock is off the database's: times are taken from the database's clock", { skewMs });
    }
    await recordInstanceClock(db, { id, name, skewMs, checkedAt: database });
  }

  return {
    now: () => systemClock() + offsetMs,
    sync,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        sync().catch((error: unknown) =>
          logger.warn("Could not compare this server's clock with the database's", {
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      }, CLOCK_CHECK_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await forgetInstanceClock(db, id).catch(() => undefined);
    },
  };
}

/** The one clock instances agree on: leases and due times are compared by it, whatever each instance's own clock says. */
export async function readDatabaseClock(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<number> {
  const query =
    dialect === 'postgres'
      ? sql<{ now: number }>`select cast(extract(epoch from clock_timestamp()) * 1000 as bigint) as now`
      : // julianday's double, turned back into milliseconds, is a hair under the exact value half
        // the time: truncated, the clock read a millisecond behind the app's, and a row queued that
        // millisecond was not yet due.
        sql<{ now: number }>`select cast(round((julianday('now') - 2440587.5) * 86400000) as integer) as now`;
  const { rows } = await query.execute(db);
  return Number(rows[0]!.now);
}

/** Older rows are instances that stopped: Saúde no longer names them, and the next record removes them. */
const INSTANCE_CLOCK_SHOWN_MS = 10 * 60_000;
const INSTANCE_CLOCK_KEPT_MS = 24 * 60 * 60_000;

async function recordInstanceClock(
  db: Kysely<Database>,
  row: { id: string; name: string; skewMs: number; checkedAt: number },
): Promise<void> {
  const values = { name: row.name, skew_ms: row.skewMs, checked_at: row.checkedAt };
  await db
    .insertInto('instance_clocks')
    .values({ id: row.id, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
  await db
    .deleteFrom('instance_clocks')
    .where('checked_at', '<', row.checkedAt - INSTANCE_CLOCK_KEPT_MS)
    .execute();
}

/** A stopped instance leaves Saúde at once; a killed one after INSTANCE_CLOCK_SHOWN_MS. */
async function forgetInstanceClock(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('instance_clocks').where('id', '=', id).execute();
}

export async function listSkewedInstances(
  db: Kysely<Database>,
  options: { now: number; toleranceMs: number },
): Promise<Array<{ name: string; skewMs: number; checkedAt: number }>> {
  const rows = await db
    .selectFrom('instance_clocks')
    .select(['name', 'skew_ms', 'checked_at'])
    .where('checked_at', '>=', options.now - INSTANCE_CLOCK_SHOWN_MS)
    .where((eb) => eb.or([eb('skew_ms', '>', options.toleranceMs), eb('skew_ms', '<', -options.toleranceMs)]))
    .execute();
  return rows
    .map((row) => ({ name: row.name, skewMs: Number(row.skew_ms), checkedAt: Number(row.checked_at) }))
    .sort((a, b) => Math.abs(b.skewMs) - Math.abs(a.skewMs));
}

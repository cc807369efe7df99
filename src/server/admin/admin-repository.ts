import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function insertAdminSession(
  db: Kysely<Database>,
  session: { idHash: string; passwordTag: string; now: number; userId: string | null },
): Promise<void> {
  await db
    .insertInto('admin_sessions')
    .values({
      id_hash: session.idHash,
      created_at: session.now,
      last_seen_at: session.now,
      ended_at: null,
      password_tag: session.passwordTag,
      user_id: session.userId,
    })
    .execute();
}

/** One conditional UPDATE, so an expired session cannot be revived by a racing request. */
export async function touchAdminSession(
  db: Kysely<Database>,
  session: { idHash: string; passwordTag: string; now: number; idleMs: number; maxAgeMs: number },
): Promise<boolean> {
  const { now } = session;
  const result = await db
    .updateTable('admin_sessions')
    .set({ last_seen_at: now })
    .where('id_hash', '=', session.idHash)
    .where('ended_at', 'is', null)
    .where('password_tag', '=', session.passwordTag)
    .where('last_seen_at', '>', now - session.idleMs)
    .where('created_at', '>', now - session.maxAgeMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function endAdminSession(db: Kysely<Database>, idHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_sessions')
    .set({ ended_at: now })
    .where('id_hash', '=', idHash)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function endAllAdminSessions(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.updateTable('admin_sessions').set({ ended_at: now }).where('ended_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One upsert: on SQLite and PostgreSQL, parallel attempts each get a different count. */
export async function countLoginAttempt(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; windowStart: number }> {
  const current = sql<boolean>`${sql.ref('admin_login_limits.window_start')} > ${now - windowMs}`;
  const row = await db
    .insertInto('admin_login_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        // Both SETs read the row as it was before this statement.
        count: sql<number>`case when ${current} then ${sql.ref('admin_login_limits.count')} + 1 else 1 end`,
        window_start: sql<number>`case when ${current} then ${sql.ref('admin_login_limits.window_start')} else ${now} end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

export async function readLoginAttempts(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; windowStart: number } | null> {
  const row = await db
    .selectFrom('admin_login_limits')
    .select(['count', 'window_start'])
    .where('key', '=', key)
    .where('window_start', '>', now - windowMs)
    .executeTakeFirst();
  return row ? { count: Number(row.count), windowStart: Number(row.window_start) } : null;
}

export async function releaseLoginAttempt(db: Kysely<Database>, key: string, windowStart: number): Promise<void> {
  await db
    .updateTable('admin_login_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .where('count', '>', 0)
    .execute();
}

export async function clearLoginAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('admin_login_limits').where('key', '=', key).execute();
}

export async function deleteStaleAdminSessions(
  db: Kysely<Database>,
  cutoffs: { idleBefore: number; createdBefore: number },
): Promise<void> {
  await db
    .deleteFrom('admin_sessions')
    .where((eb) =>
      eb.or([eb('last_seen_at', '<', cutoffs.idleBefore), eb('created_at', '<', cutoffs.createdBefore), eb('ended_at', 'is not', null)]),
    )
    .execute();
}

export async function deleteLoginLimitsBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('admin_login_limits').where('window_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

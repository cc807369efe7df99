import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Console sessions, failed logins and the audit trail. SQL for the console's own tables lives here. */

export async function insertAdminSession(db: Kysely<Database>, idHash: string, now: number): Promise<void> {
  await db.insertInto('admin_sessions').values({ id_hash: idHash, created_at: now, last_seen_at: now, ended_at: null }).execute();
}

/**
 * Touches a live session and returns true, or returns false when it is unknown, ended or idle past
 * `idleMs`. One conditional UPDATE, so an expired session cannot be revived by a racing request.
 */
export async function touchAdminSession(db: Kysely<Database>, idHash: string, now: number, idleMs: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_sessions')
    .set({ last_seen_at: now })
    .where('id_hash', '=', idHash)
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>', now - idleMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function endAdminSession(db: Kysely<Database>, idHash: string, now: number): Promise<void> {
  await db.updateTable('admin_sessions').set({ ended_at: now }).where('id_hash', '=', idHash).where('ended_at', 'is', null).execute();
}

/** Drops sessions nobody can use any more (ended or idle), so the table stays small. */
export async function pruneAdminSessions(db: Kysely<Database>, idleBefore: number): Promise<void> {
  await db
    .deleteFrom('admin_sessions')
    .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('ended_at', 'is not', null)]))
    .execute();
}

export async function recordLoginFailure(db: Kysely<Database>, addressKey: string, now: number): Promise<void> {
  await db.insertInto('admin_login_failures').values({ address_key: addressKey, at: now }).execute();
}

/** Failed logins of an address since `since`, newest first (times only). */
export async function listLoginFailures(db: Kysely<Database>, addressKey: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('admin_login_failures')
    .select('at')
    .where('address_key', '=', addressKey)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .execute();
  return rows.map((row) => Number(row.at));
}

export async function clearLoginFailures(db: Kysely<Database>, addressKey: string, before: number): Promise<void> {
  await db
    .deleteFrom('admin_login_failures')
    .where((eb) => eb.or([eb('address_key', '=', addressKey), eb('at', '<', before)]))
    .execute();
}

export interface AuditEntry {
  at: number;
  session: string;
  action: string;
  orderId: string | null;
  detail: string | null;
}

export async function recordAudit(
  db: Kysely<Database>,
  entry: { session: string; action: string; orderId?: string; detail?: unknown; now: number },
): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      id: randomUUID(),
      at: entry.now,
      session: entry.session,
      action: entry.action,
      order_id: entry.orderId ?? null,
      detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
    })
    .execute();
}

export async function listAudit(db: Kysely<Database>, options: { orderId?: string; limit: number }): Promise<AuditEntry[]> {
  let query = db
    .selectFrom('admin_audit')
    .select(['at', 'session', 'action', 'order_id', 'detail'])
    .orderBy('at', 'desc')
    .limit(options.limit);
  if (options.orderId) query = query.where('order_id', '=', options.orderId);
  const rows = await query.execute();
  return rows.map((row) => ({ at: Number(row.at), session: row.session, action: row.action, orderId: row.order_id, detail: row.detail }));
}

import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuditEntry {
  at: number;
  session: string;
  action: string;
  orderId: string | null;
  detail: string | null;
  client: string | null;
  actor: string | null;
}

export async function recordAudit(
  db: Kysely<Database>,
  /** `id`: an event recorded once however often it is reported (a second insert is ignored). */
  entry: { id?: string; session: string; action: string; orderId?: string; detail?: unknown; client?: string; now: number },
): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      id: entry.id ?? randomUUID(),
      at: entry.now,
      session: entry.session,
      action: entry.action,
      order_id: entry.orderId ?? null,
      detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
      client: entry.client ?? null,
      // The session's person, as the login recorded it: every caller's row carries the name without passing it.
      actor: sql<string | null>`(select name from admin_session_names where label = ${entry.session})`,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** An erased buyer's order keeps its audit rows without their detail: a console correction keeps both addresses there. */
export async function eraseAuditDetails(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx.updateTable('admin_audit').set({ detail: null }).where('order_id', '=', orderId).where('detail', 'is not', null).execute();
}

export async function listAudit(
  db: Kysely<Database>,
  options: { orderId?: string; exceptActions?: string[]; limit: number },
): Promise<AuditEntry[]> {
  let query = db
    .selectFrom('admin_audit')
    .select(['at', 'session', 'action', 'order_id', 'detail', 'client', 'actor'])
    .orderBy('at', 'desc')
    .limit(options.limit);
  if (options.orderId) query = query.where('order_id', '=', options.orderId);
  if (options.exceptActions?.length) query = query.where('action', 'not in', options.exceptActions);
  const rows = await query.execute();
  return rows.map((row) => ({
    at: Number(row.at),
    session: row.session,
    action: row.action,
    orderId: row.order_id,
    detail: row.detail,
    client: row.client,
    actor: row.actor,
  }));
}

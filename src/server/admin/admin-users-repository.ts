import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AdminUsersTable, Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type UserRow = Selectable<AdminUsersTable>;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('admin_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listUserRows(db: Kysely<Database>): Promise<UserRow[]> {
  return db.selectFrom('admin_users').selectAll().orderBy('created_at', 'asc').execute();
}

/** A revoked user invited again takes their old row back, with the new name, password and permissions. */
export async function upsertUser(db: Executor, user: UserRow): Promise<void> {
  const { id: _id, email: _email, ...rest } = user;
  await db
    .insertInto('admin_users')
    .values(user)
    .onConflict((conflict) => conflict.column('email').doUpdateSet(rest))
    .execute();
}

export function activeUserIdsQuery(db: Executor) {
  return db.selectFrom('admin_users').select('id').where('revoked_at', 'is', null);
}

export async function setUserPermissions(db: Kysely<Database>, id: string, permissions: string): Promise<boolean> {
  const result = await db
    .updateTable('admin_users')
    .set({ permissions })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeUserRow(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('admin_users')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await trx.updateTable('admin_sessions').set({ ended_at: now }).where('user_id', '=', id).where('ended_at', 'is', null).execute();
    return Number(result.numUpdatedRows) > 0;
  });
}

export async function insertInvite(
  db: Kysely<Database>,
  invite: { tokenHash: string; email: string; permissions: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('admin_invites')
    .values({
      token_hash: invite.tokenHash,
      email: invite.email,
      permissions: invite.permissions,
      created_at: invite.now,
      expires_at: invite.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function findOpenInvite(db: Executor, tokenHash: string, now: number) {
  return db
    .selectFrom('admin_invites')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** One conditional UPDATE: of two parallel acceptances only one uses the link. */
export async function useInvite(trx: Executor, tokenHash: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('admin_invites')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listOpenInvites(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('admin_invites')
    .select(['email', 'permissions', 'created_at', 'expires_at'])
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function recordSessionName(
  db: Kysely<Database>,
  entry: { label: string; userId: string | null; name: string },
): Promise<void> {
  await db
    .insertInto('admin_session_names')
    .values({ label: entry.label, user_id: entry.userId, name: entry.name })
    .onConflict((conflict) => conflict.column('label').doNothing())
    .execute();
}

export async function namesOfLabels(db: Kysely<Database>, labels: readonly string[]): Promise<Map<string, string>> {
  if (labels.length === 0) return new Map();
  const rows = await db
    .selectFrom('admin_session_names')
    .select(['label', 'name'])
    .where('label', 'in', [...new Set(labels)])
    .execute();
  return new Map(rows.map((row) => [row.label, row.name]));
}

export async function findSessionUser(db: Kysely<Database>, idHash: string): Promise<{ user_id: string | null } | undefined> {
  return db.selectFrom('admin_sessions').select('user_id').where('id_hash', '=', idHash).executeTakeFirst();
}

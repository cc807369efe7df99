// Console users by name: docs/editing.md#users.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CONSOLE_PERMISSIONS,
  personKey,
  type AdminUserList,
  type ConsolePermission,
  type ConsoleUserInfo,
} from '../../shared/admin-users.ts';
import type { Database } from '../db/schema.ts';
import { hashPassword } from './password-hash.ts';
import {
  activeUserIdsQuery,
  findOpenInvite,
  findUserByEmail,
  insertInvite,
  listOpenInvites,
  listUserRows,
  namesOfLabels,
  revokeUserRow,
  setUserPermissions,
  upsertUser,
  useInvite,
  type UserRow,
} from './admin-users-repository.ts';

/** Long enough to be read on another day, short enough that a forgotten e-mail stops opening the console. */
export const INVITE_TTL_MS = 72 * 60 * 60_000;

export interface ConsoleActor extends ConsoleUserInfo {
  userId: string | null;
}

export const OWNER_NAME_DEFAULT = 'Proprietário';

export function ownerActor(name: string | undefined): ConsoleActor {
  return { userId: null, name: name ?? OWNER_NAME_DEFAULT, owner: true, permissions: [...CONSOLE_PERMISSIONS] };
}

/** Only known permissions survive a stored list (an old or hand-edited row never grants more). */
export function parsePermissions(stored: string): ConsolePermission[] {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  return Array.isArray(value) ? CONSOLE_PERMISSIONS.filter((permission) => value.includes(permission)) : [];
}

const storedPermissions = (permissions: readonly ConsolePermission[]) =>
  JSON.stringify(CONSOLE_PERMISSIONS.filter((permission) => permissions.includes(permission)));

export function userActor(row: UserRow): ConsoleActor {
  return { userId: row.id, name: row.name, owner: false, permissions: parsePermissions(row.permissions) };
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The token goes only in the link; the table keeps its hash, so a copy of the database opens nothing. */
export async function createInvite(
  db: Kysely<Database>,
  input: { email: string; permissions: readonly ConsolePermission[]; now: number },
): Promise<{ token: string; expiresAt: number } | 'taken'> {
  const existing = await findUserByEmail(db, input.email);
  if (existing && existing.revoked_at === null) return 'taken';
  const token = randomBytes(32).toString('base64url');
  const expiresAt = input.now + INVITE_TTL_MS;
  await insertInvite(db, {
    tokenHash: tokenHash(token),
    email: input.email,
    permissions: storedPermissions(input.permissions),
    now: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

export async function readInvite(db: Kysely<Database>, token: string, now: number): Promise<{ email: string } | undefined> {
  const invite = await findOpenInvite(db, tokenHash(token), now);
  return invite ? { email: invite.email } : undefined;
}

export async function acceptInvite(
  db: Kysely<Database>,
  input: { token: string; name: string; password: string; now: number },
): Promise<UserRow | 'gone' | 'taken'> {
  const hash = tokenHash(input.token);
  const invite = await findOpenInvite(db, hash, input.now);
  if (!invite) return 'gone';
  // Hashed before the transaction: scrypt's 32 MiB and its time are not spent holding a lock.
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, invite.email);
    if (existing && existing.revoked_at === null) return 'taken' as const;
    if (!(await useInvite(trx, hash, input.now))) return 'gone' as const;
    const row: UserRow = {
      id: existing?.id ?? randomUUID(),
      email: invite.email,
      name: input.name,
      password_hash: passwordHash,
      permissions: invite.permissions,
      created_at: input.now,
      revoked_at: null,
    };
    await upsertUser(trx, row);
    return row;
  });
}

export async function listUsers(db: Kysely<Database>, now: number): Promise<AdminUserList> {
  const [users, invites] = await Promise.all([listUserRows(db), listOpenInvites(db, now)]);
  return {
    users: users.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      permissions: parsePermissions(row.permissions),
      createdAt: Number(row.created_at),
      revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    })),
    invites: invites.map((row) => ({
      email: row.email,
      permissions: parsePermissions(row.permissions),
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
    })),
  };
}

export async function changePermissions(db: Kysely<Database>, id: string, permissions: readonly ConsolePermission[]): Promise<boolean> {
  return setUserPermissions(db, id, storedPermissions(permissions));
}

export async function revokeUser(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  return revokeUserRow(db, id, now);
}

export async function sessionNames(db: Kysely<Database>, labels: readonly string[]): Promise<Map<string, string>> {
  return namesOfLabels(db, labels);
}

export function activeUserIds(db: Kysely<Database>) {
  return activeUserIdsQuery(db);
}

/** The people who may use the console now, by personKey: the owner and every user not revoked. */
export async function consoleActorsByPerson(db: Kysely<Database>, ownerName: string | undefined): Promise<Map<string, ConsoleActor>> {
  const actors = new Map<string, ConsoleActor>([[personKey(null), ownerActor(ownerName)]]);
  for (const row of await listUserRows(db)) if (row.revoked_at === null) actors.set(personKey(row.id), userActor(row));
  return actors;
}

import { createHash, createHmac, randomBytes } from 'node:crypto';
import { BlockList } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { clientKey } from '../http/rate-limit.ts';
import { secretsMatch } from '../config/secrets.ts';
import { recordAudit } from './admin-audit.ts';
import { findSessionUser, findUserByEmail, findUserById, recordSessionName } from './admin-users-repository.ts';
import { ownerActor, userActor, type ConsoleActor } from './admin-users.ts';
import { spendPasswordCheck, verifyPassword } from './password-hash.ts';
import {
  clearLoginAttempts,
  countLoginAttempt,
  deleteLoginLimitsBefore,
  deleteStaleAdminSessions,
  endAdminSession,
  endAllAdminSessions,
  insertAdminSession,
  readLoginAttempts,
  releaseLoginAttempt,
  touchAdminSession,
} from './admin-repository.ts';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Caps guesses from many addresses (a botnet, IPv6 /64s); logins from the machine itself are exempt. */
export const LOGIN_GLOBAL_MAX_FAILURES = 100;
export const SESSION_IDLE_MS = 12 * 60 * 60_000;
/** The overview's 15 s poll cannot keep it alive. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

const GLOBAL_KEY = '*';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

function isLoopback(address: string): boolean {
  if (address.includes(':')) return loopback.check(address, 'ipv6');
  return /^\d+\.\d+\.\d+\.\d+$/.test(address) && loopback.check(address, 'ipv4');
}

export function passwordMatches(given: string, expected: string): boolean {
  return secretsMatch(given, expected);
}

export function sessionHash(cookieValue: string): string {
  return sha256(cookieValue).toString('base64url');
}

/** Keyed by the cookie's secret, which the database never holds: a copy of the table cannot test guesses offline. */
export function passwordTag(cookieValue: string, password: string): string {
  return createHmac('sha256', cookieValue).update(password).digest('base64url');
}

export function sessionLabel(cookieValue: string): string {
  return `sess_${sessionHash(cookieValue).slice(0, 10)}`;
}

export type LoginResult =
  | { kind: 'ok'; cookieValue: string; actor: ConsoleActor }
  | { kind: 'wrong'; attemptsLeft: number; locks: boolean; pauses: boolean }
  | { kind: 'locked'; until: number }
  | { kind: 'paused'; until: number };

/** A user by e-mail and password (their hash keys the session's tag), or the owner by ADMIN_PASSWORD. */
async function whoSignsIn(
  db: Kysely<Database>,
  attempt: { email?: string | undefined; password: string; expected: string; ownerName?: string | undefined },
): Promise<{ actor: ConsoleActor; tagKey: string } | null> {
  const user = attempt.email ? await findUserByEmail(db, attempt.email) : undefined;
  if (user && user.revoked_at === null) {
    return (await verifyPassword(attempt.password, user.password_hash)) ? { actor: userActor(user), tagKey: user.password_hash } : null;
  }
  if (attempt.email) await spendPasswordCheck();
  return passwordMatches(attempt.password, attempt.expected) ? { actor: ownerActor(attempt.ownerName), tagKey: attempt.expected } : null;
}

/** Counted before comparing, atomically: of parallel attempts only the first LOGIN_MAX_FAILURES are judged; while locked even the right password waits. */
export async function logIn(
  db: Kysely<Database>,
  attempt: {
    password: string;
    expected: string;
    clientAddress: string;
    now: number;
    email?: string | undefined;
    ownerName?: string | undefined;
  },
): Promise<LoginResult> {
  const { now } = attempt;
  const client = clientKey(attempt.clientAddress);
  const exempt = isLoopback(attempt.clientAddress);
  // A guesser with a new address per request then adds nothing to the database.
  const pause = exempt ? null : await readLoginAttempts(db, GLOBAL_KEY, LOGIN_WINDOW_MS, now);
  if (pause && pause.count > LOGIN_GLOBAL_MAX_FAILURES) return { kind: 'paused', until: pause.windowStart + LOGIN_WINDOW_MS };
  const own = await countLoginAttempt(db, client, LOGIN_WINDOW_MS, now);
  if (own.count > LOGIN_MAX_FAILURES) return { kind: 'locked', until: own.windowStart + LOGIN_WINDOW_MS };
  const all = exempt ? null : await countLoginAttempt(db, GLOBAL_KEY, LOGIN_WINDOW_MS, now);
  if (all && all.count > LOGIN_GLOBAL_MAX_FAILURES) {
    await releaseLoginAttempt(db, client, own.windowStart);
    return { kind: 'paused', until: all.windowStart + LOGIN_WINDOW_MS };
  }
  const who = await whoSignsIn(db, attempt);
  if (!who) {
    return {
      kind: 'wrong',
      attemptsLeft: LOGIN_MAX_FAILURES - own.count,
      locks: own.count === LOGIN_MAX_FAILURES,
      pauses: all?.count === LOGIN_GLOBAL_MAX_FAILURES,
    };
  }
  await clearLoginAttempts(db, client);
  if (all) await releaseLoginAttempt(db, GLOBAL_KEY, all.windowStart);
  return { kind: 'ok', cookieValue: await openSession(db, who, now), actor: who.actor };
}

export async function openSession(db: Kysely<Database>, who: { actor: ConsoleActor; tagKey: string }, now: number): Promise<string> {
  await pruneAdminSessions(db, { idleBefore: now - SESSION_IDLE_MS, createdBefore: now - SESSION_MAX_AGE_MS });
  const cookieValue = randomBytes(32).toString('base64url');
  await insertAdminSession(db, {
    idHash: sessionHash(cookieValue),
    passwordTag: passwordTag(cookieValue, who.tagKey),
    now,
    userId: who.actor.userId,
  });
  await recordSessionName(db, { label: sessionLabel(cookieValue), userId: who.actor.userId, name: who.actor.name });
  return cookieValue;
}

/** The session's person, or null: ended, expired, opened with another password, or its user revoked. */
export async function checkSession(
  db: Kysely<Database>,
  cookieValue: string | undefined,
  password: string,
  now: number,
  ownerName?: string,
): Promise<ConsoleActor | null> {
  if (!cookieValue || cookieValue.length > 100) return null;
  const idHash = sessionHash(cookieValue);
  const session = await findSessionUser(db, idHash);
  const userId = session?.user_id ?? null;
  const user = userId === null ? undefined : await findUserById(db, userId);
  const who =
    userId === null
      ? { actor: ownerActor(ownerName), tagKey: password }
      : user && user.revoked_at === null
        ? { actor: userActor(user), tagKey: user.password_hash }
        : null;
  const live =
    session !== undefined &&
    who !== null &&
    (await touchAdminSession(db, {
      idHash,
      passwordTag: passwordTag(cookieValue, who.tagKey),
      now,
      idleMs: SESSION_IDLE_MS,
      maxAgeMs: SESSION_MAX_AGE_MS,
    }));
  // Refused once, over for good: an older ADMIN_PASSWORD (or a user's older password) does not revive it.
  if (!live) {
    if (session) await endAdminSession(db, idHash, now);
    return null;
  }
  return who.actor;
}

export async function logOut(db: Kysely<Database>, cookieValue: string, now: number): Promise<boolean> {
  return endAdminSession(db, sessionHash(cookieValue), now);
}

export async function endAllSessions(db: Kysely<Database>, input: { session: string; client: string; now: number }): Promise<void> {
  const ended = await endAllAdminSessions(db, input.now);
  await recordAudit(db, { session: input.session, action: 'end_all_sessions', detail: { ended }, client: input.client, now: input.now });
}

export async function pruneAdminSessions(db: Kysely<Database>, cutoffs: { idleBefore: number; createdBefore: number }): Promise<void> {
  await deleteStaleAdminSessions(db, cutoffs);
}

export async function pruneLoginLimits(db: Kysely<Database>, before: number): Promise<number> {
  return deleteLoginLimitsBefore(db, before);
}

import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { secretsMatch } from '../secrets.ts';
import {
  clearLoginFailures,
  endAdminSession,
  insertAdminSession,
  listLoginFailures,
  pruneAdminSessions,
  recordLoginFailure,
  touchAdminSession,
} from './admin-repository.ts';

/** 5 wrong passwords from one address within 15 minutes lock that address for 15 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 15 * 60_000;
/** A session left alone this long is over. */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time (secretsMatch): neither the password's length nor its content leaks by timing. */
export function passwordMatches(given: string, expected: string): boolean {
  return secretsMatch(given, expected);
}

/** IP addresses are personal data (LGPD): the lockout counts by a hash of the address. */
export function loginAddressKey(clientAddress: string): string {
  return sha256(`admin-login:${clientAddress}`).toString('base64url').slice(0, 22);
}

export function sessionHash(cookieValue: string): string {
  return sha256(cookieValue).toString('base64url');
}

/** A non-secret label of a session for the audit trail. */
export function sessionLabel(cookieValue: string): string {
  return `sess_${sessionHash(cookieValue).slice(0, 10)}`;
}

/** When the address's lock ends, or null when it may try. */
async function lockedUntil(db: Kysely<Database>, addressKey: string, now: number): Promise<number | null> {
  const failures = await listLoginFailures(db, addressKey, now - LOGIN_WINDOW_MS);
  if (failures.length < LOGIN_MAX_FAILURES) return null;
  // The lock runs from the failure that reached the limit (the fifth newest in the window).
  const until = failures[LOGIN_MAX_FAILURES - 1]! + LOGIN_LOCK_MS;
  return until > now ? until : null;
}

export type LoginResult = { kind: 'ok'; cookieValue: string } | { kind: 'wrong'; attemptsLeft: number } | { kind: 'locked'; until: number };

export async function logIn(
  db: Kysely<Database>,
  attempt: { password: string; expected: string; clientAddress: string; now: number },
): Promise<LoginResult> {
  const { now } = attempt;
  const key = loginAddressKey(attempt.clientAddress);
  const lock = await lockedUntil(db, key, now);
  // While locked even the right password waits: otherwise the lock would not slow a guesser down.
  if (lock !== null) return { kind: 'locked', until: lock };
  if (!passwordMatches(attempt.password, attempt.expected)) {
    await recordLoginFailure(db, key, now);
    // The fifth failure is still answered as a wrong password; the next attempt meets the lock.
    const failures = await listLoginFailures(db, key, now - LOGIN_WINDOW_MS);
    return { kind: 'wrong', attemptsLeft: Math.max(0, LOGIN_MAX_FAILURES - failures.length) };
  }
  await clearLoginFailures(db, key, now - LOGIN_WINDOW_MS);
  await pruneAdminSessions(db, now - SESSION_IDLE_MS);
  const cookieValue = randomBytes(32).toString('base64url');
  await insertAdminSession(db, sessionHash(cookieValue), now);
  return { kind: 'ok', cookieValue };
}

export async function checkSession(db: Kysely<Database>, cookieValue: string | undefined, now: number): Promise<boolean> {
  if (!cookieValue || cookieValue.length > 100) return false;
  return touchAdminSession(db, sessionHash(cookieValue), now, SESSION_IDLE_MS);
}

export async function logOut(db: Kysely<Database>, cookieValue: string, now: number): Promise<void> {
  await endAdminSession(db, sessionHash(cookieValue), now);
}

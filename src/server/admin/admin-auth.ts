import { createHash, createHmac, randomBytes } from 'node:crypto';
import { BlockList } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { clientKey } from '../http/rate-limit.ts';
import { secretsMatch } from '../config/secrets.ts';
import { recordAudit } from './admin-audit.ts';
import {
  clearLoginAttempts,
  countLoginAttempt,
  endAdminSession,
  endAllAdminSessions,
  insertAdminSession,
  pruneAdminSessions,
  readLoginAttempts,
  releaseLoginAttempt,
  touchAdminSession,
} from './admin-repository.ts';

/** 5 wrong passwords from one client (an IPv4 address, an IPv6 /64) within 15 minutes lock it until those 15 minutes end. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/**
 * Wrong passwords from every client together within 15 minutes, after which logins pause until
 * those 15 minutes end. The per-client lock does not stop a guesser with many addresses (a botnet,
 * or an IPv6 provider's many /64s): this caps the whole world at 100 guesses per 15 minutes. The
 * price is that such an attack also keeps the seller out for up to 15 minutes, so open sessions
 * keep working, and a login from the machine itself (an SSH tunnel to 127.0.0.1) is exempt: no
 * remote guesser can come from there, and it still has its own 5-per-15-minutes lock.
 */
export const LOGIN_GLOBAL_MAX_FAILURES = 100;
export const SESSION_IDLE_MS = 12 * 60 * 60_000;
/** A session is over this long after its login, however busy: the overview's 15 s poll cannot keep it alive. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** The counter every client's failures add to (client keys are base64url, never this). */
const GLOBAL_KEY = '*';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

function isLoopback(address: string): boolean {
  if (address.includes(':')) return loopback.check(address, 'ipv6');
  return /^\d+\.\d+\.\d+\.\d+$/.test(address) && loopback.check(address, 'ipv4');
}

/** Constant-time (secretsMatch): neither the password's length nor its content leaks by timing. */
export function passwordMatches(given: string, expected: string): boolean {
  return secretsMatch(given, expected);
}

export function sessionHash(cookieValue: string): string {
  return sha256(cookieValue).toString('base64url');
}

/**
 * The fingerprint of the password a session was opened with. Keyed by the cookie's secret, which
 * the database never holds (only its SHA-256): a copy of the table cannot be used to test guesses
 * of the password offline, while each request, carrying its cookie, can recompute it.
 */
export function passwordTag(cookieValue: string, password: string): string {
  return createHmac('sha256', cookieValue).update(password).digest('base64url');
}

/** A non-secret label of a session for the audit trail. */
export function sessionLabel(cookieValue: string): string {
  return `sess_${sessionHash(cookieValue).slice(0, 10)}`;
}

export type LoginResult =
  | { kind: 'ok'; cookieValue: string }
  /** `locks`: this failure was the client's last; `pauses`: it was the last one allowed for everyone. */
  | { kind: 'wrong'; attemptsLeft: number; locks: boolean; pauses: boolean }
  | { kind: 'locked'; until: number }
  | { kind: 'paused'; until: number };

/**
 * Every attempt is counted before the password is compared, by one atomic upsert per counter: of
 * any number of parallel attempts, only the first LOGIN_MAX_FAILURES of a client (and the first
 * LOGIN_GLOBAL_MAX_FAILURES of everyone) are judged; the rest are answered "locked" unjudged.
 * While locked even the right password waits: otherwise the lock would not slow a guesser down.
 */
export async function logIn(
  db: Kysely<Database>,
  attempt: { password: string; expected: string; clientAddress: string; now: number },
): Promise<LoginResult> {
  const { now } = attempt;
  const client = clientKey(attempt.clientAddress);
  const exempt = isLoopback(attempt.clientAddress);
  // While paused, a new client is turned away before it writes a counter row of its own: a guesser
  // with a new address per request then adds nothing to the database.
  const pause = exempt ? null : await readLoginAttempts(db, GLOBAL_KEY, LOGIN_WINDOW_MS, now);
  if (pause && pause.count > LOGIN_GLOBAL_MAX_FAILURES) return { kind: 'paused', until: pause.windowStart + LOGIN_WINDOW_MS };
  const own = await countLoginAttempt(db, client, LOGIN_WINDOW_MS, now);
  if (own.count > LOGIN_MAX_FAILURES) return { kind: 'locked', until: own.windowStart + LOGIN_WINDOW_MS };
  const all = exempt ? null : await countLoginAttempt(db, GLOBAL_KEY, LOGIN_WINDOW_MS, now);
  if (all && all.count > LOGIN_GLOBAL_MAX_FAILURES) {
    // Not judged, so not one of the client's own tries.
    await releaseLoginAttempt(db, client, own.windowStart);
    return { kind: 'paused', until: all.windowStart + LOGIN_WINDOW_MS };
  }
  if (!passwordMatches(attempt.password, attempt.expected)) {
    return {
      kind: 'wrong',
      attemptsLeft: LOGIN_MAX_FAILURES - own.count,
      locks: own.count === LOGIN_MAX_FAILURES,
      pauses: all?.count === LOGIN_GLOBAL_MAX_FAILURES,
    };
  }
  await clearLoginAttempts(db, client);
  if (all) await releaseLoginAttempt(db, GLOBAL_KEY, all.windowStart);
  await pruneAdminSessions(db, { idleBefore: now - SESSION_IDLE_MS, createdBefore: now - SESSION_MAX_AGE_MS });
  const cookieValue = randomBytes(32).toString('base64url');
  await insertAdminSession(db, { idHash: sessionHash(cookieValue), passwordTag: passwordTag(cookieValue, attempt.expected), now });
  return { kind: 'ok', cookieValue };
}

/** A live session: known, not ended, not idle, not too old, and opened with today's password. */
export async function checkSession(db: Kysely<Database>, cookieValue: string | undefined, password: string, now: number): Promise<boolean> {
  if (!cookieValue || cookieValue.length > 100) return false;
  const idHash = sessionHash(cookieValue);
  const live = await touchAdminSession(db, {
    idHash,
    passwordTag: passwordTag(cookieValue, password),
    now,
    idleMs: SESSION_IDLE_MS,
    maxAgeMs: SESSION_MAX_AGE_MS,
  });
  // Refused once, over for good: setting ADMIN_PASSWORD back to an older one does not revive it.
  if (!live) await endAdminSession(db, idHash, now);
  return live;
}

export async function logOut(db: Kysely<Database>, cookieValue: string, now: number): Promise<boolean> {
  return endAdminSession(db, sessionHash(cookieValue), now);
}

/** "Encerrar todas as sessões": every browser signed in is signed out, the caller's too; the audit keeps how many. */
export async function endAllSessions(db: Kysely<Database>, input: { session: string; client: string; now: number }): Promise<void> {
  const ended = await endAllAdminSessions(db, input.now);
  await recordAudit(db, { session: input.session, action: 'end_all_sessions', detail: { ended }, client: input.client, now: input.now });
}

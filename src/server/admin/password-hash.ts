import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt: OWASP's N=2^15, r=8, p=3 equals its N=2^17, r=8, p=1 minimum on a quarter of the memory (32 MiB a hash).
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt
 */
const PARAMETERS = { N: 2 ** 15, r: 8, p: 3 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, scryptOptions, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url: the parameters travel with the hash, so they can grow later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMETERS);
  return ['scrypt', PARAMETERS.N, PARAMETERS.r, PARAMETERS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** How long the last real check took; before any, about one check of PARAMETERS on this kind of machine. */
let lastCheckMs = 150;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(options).every((value) => Number.isSafeInteger(value) && value > 0)) return false;
  const expected = Buffer.from(key, 'base64url');
  const started = performance.now();
  const given = await derive(password, Buffer.from(salt, 'base64url'), options);
  lastCheckMs = performance.now() - started;
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Waited on an unknown e-mail as long as a real check takes, so the reply's time does not tell which e-mails are users.
 * A timer, not a decoy scrypt: an anonymous request then costs no password hash's CPU (a decoy cost 160–330 ms of it,
 * over the 50 ms an anonymous request may cost); a known user's wrong password still costs one, bounded by the lock.
 */
export async function spendPasswordCheck(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, lastCheckMs));
}

import { randomBytes } from 'node:crypto';

/** Unguessable ids: 128 bits or more of randomness, URL-safe. */
export function newId(prefix: string, bytes = 16): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** Anything not shaped like our ids is never looked up (PostgreSQL errors on a NUL byte). */
export function isIdShaped(text: string): boolean {
  return ID_SHAPE.test(text);
}

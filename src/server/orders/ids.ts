import { randomBytes } from 'node:crypto';

/** Unguessable ids: 128 bits or more of randomness, URL-safe. */
export function newId(prefix: string, bytes = 16): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Whether text from a URL could be one of our ids. Anything else names nothing and is never looked
 * up: PostgreSQL refuses a NUL byte in text with an error, not an empty answer.
 */
export function isIdShaped(text: string): boolean {
  return ID_SHAPE.test(text);
}

import { randomBytes } from 'node:crypto';

/** Unguessable ids: 128 bits or more of randomness, URL-safe. */
export function newId(prefix: string, bytes = 16): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

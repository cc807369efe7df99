import { createHash, timingSafeEqual } from 'node:crypto';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * The one comparison of a secret a request presents (password, API token, postback secret, signed
 * link, view key) with the one we hold. Constant-time: both sides are hashed to the same length
 * first, so neither the length nor the content leaks by timing. A missing value never matches.
 */
export function secretsMatch(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(sha256(given), sha256(expected));
}

import { describe, expect, it } from 'vitest';
import { secretsMatch } from './secrets.ts';

describe('secretsMatch', () => {
  it('matches only the same secret, whatever the lengths', () => {
    expect(secretsMatch('s3cret-token', 's3cret-token')).toBe(true);
    expect(secretsMatch('s3cret-tokeN', 's3cret-token')).toBe(false);
    expect(secretsMatch('s3cret', 's3cret-token')).toBe(false);
    expect(secretsMatch('s3cret-token-and-more', 's3cret-token')).toBe(false);
  });

  it('never matches a missing value', () => {
    expect(secretsMatch(undefined, 's3cret-token')).toBe(false);
    expect(secretsMatch('', 's3cret-token')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** OFFER_ENDS_AT (issue 5, item 6): the deadline the offer countdown runs to. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('OFFER_ENDS_AT', () => {
  it('is optional: unset or blank means the end of the month', () => {
    expect(loadConfig({}).offerEndsAt).toBeUndefined();
    expect(loadConfig({ OFFER_ENDS_AT: '  ' }).offerEndsAt).toBeUndefined();
  });

  it('reads an ISO 8601 date-time with an offset or Z as epoch milliseconds', () => {
    expect(loadConfig({ OFFER_ENDS_AT: '2025-12-31T23:59:59-03:00' }).offerEndsAt).toBe(Date.UTC(2026, 0, 1, 2, 59, 59));
    expect(loadConfig({ OFFER_ENDS_AT: '2025-12-31T23:59:59Z' }).offerEndsAt).toBe(Date.UTC(2025, 11, 31, 23, 59, 59));
    expect(loadConfig({ OFFER_ENDS_AT: '2025-06-01T12:00+00:00' }).offerEndsAt).toBe(Date.UTC(2025, 5, 1, 12));
    expect(loadConfig({ OFFER_ENDS_AT: '2025-06-01T12:00:00.250Z' }).offerEndsAt).toBe(Date.UTC(2025, 5, 1, 12, 0, 0, 250));
  });

  it('names the variable on one line for a value without a time zone, a date alone, or an impossible date', () => {
    for (const bad of ['2025-12-31T23:59:59', '2025-12-31', 'amanhã', '2025-02-30T10:00:00Z', '2025-12-31T24:00:00Z', '1767236399000']) {
      expect(problemsOf({ OFFER_ENDS_AT: bad })).toEqual([
        `OFFER_ENDS_AT must be an ISO 8601 date-time with a time zone, e.g. 2025-12-31T23:59:59-03:00 (got "${bad}")`,
      ]);
    }
  });

  it('is listed with the other bad variables', () => {
    const problems = problemsOf({ OFFER_ENDS_AT: 'x', MONTHLY_CAPACITY: '-1' });
    expect(problems).toHaveLength(2);
    expect(problems.some((line) => line.startsWith('OFFER_ENDS_AT '))).toBe(true);
  });
});

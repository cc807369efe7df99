import { expect, test } from '@playwright/test';
import { runServerExpectingExit } from './server.ts';

test('a bad setting stops the start with one line naming the variable', async () => {
  const result = await runServerExpectingExit({ PORT: 'abc' });
  expect(result.code).toBe(1);
  expect(result.output.trim()).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")');
});

test('a malformed DATABASE_URL and a negative MONTHLY_CAPACITY are each named', async () => {
  const result = await runServerExpectingExit({ DATABASE_URL: 'mysql://x', MONTHLY_CAPACITY: '-1' });
  expect(result.code).toBe(1);
  const lines = result.output.trim().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines.some((line) => line.startsWith('Invalid configuration: MONTHLY_CAPACITY '))).toBe(true);
  expect(lines.some((line) => line.startsWith('Invalid configuration: DATABASE_URL '))).toBe(true);
});

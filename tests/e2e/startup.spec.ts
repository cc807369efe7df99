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

test('a demo on a public address refuses to start, naming PROVIDER_URL and DEMO_MODE', async () => {
  const result = await runServerExpectingExit({ PUBLIC_URL: 'https://loja.example.com' });
  expect(result.code).toBe(1);
  const lines = result.output.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Invalid configuration: PROVIDER_URL is not set/);
  expect(lines[0]).toContain('DEMO_MODE=1');
});

test('a real gateway without an https PUBLIC_URL or SMTP_URL refuses to start, one line each', async () => {
  const gateway = { PROVIDER_URL: 'https://api.tribopay.com.br/api', PROVIDER_TOKEN: 'tok', PRODUCT_HASH: 'prd' };
  const missing = await runServerExpectingExit(gateway);
  expect(missing.code).toBe(1);
  const lines = missing.output.trim().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^Invalid configuration: PUBLIC_URL is required with PROVIDER_URL/);
  expect(lines[1]).toMatch(/^Invalid configuration: SMTP_URL is required with PROVIDER_URL/);

  const plain = await runServerExpectingExit({ ...gateway, PUBLIC_URL: 'http://loja.example.com', SMTP_URL: 'smtp://127.0.0.1:9' });
  expect(plain.code).toBe(1);
  expect(plain.output.trim()).toBe(
    'Invalid configuration: PUBLIC_URL must be an https:// address with a real gateway (got "http://loja.example.com")',
  );
});

import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (beside the code and tests/unit; no database server) and `integration`
 * (tests/integration and tests/fuzz, on SQLite and on PostgreSQL when it answers). `npm run
 * test:unit` and `npm run test:integration` run one each; `vitest run` runs both.
 */
export const sharedTestSettings = {
  environment: 'node',
  pool: 'forks',
  testTimeout: 20_000,
  hookTimeout: 30_000,
  // A console.error in a test is a failure (STYLE.md, "Tests like a user").
  onConsoleLog(log: string, type: 'stdout' | 'stderr') {
    if (type === 'stderr' && /error/i.test(log)) throw new Error(`console.error during a test: ${log}`);
    return undefined;
  },
} as const;

export default defineConfig({
  test: {
    ...sharedTestSettings,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/fuzz/**/*.test.ts'],
          // The test databases' templates, migrated once per run.
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/unit/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/fuzz/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A console.error in a test is a failure (STYLE.md, "Tests like a user").
    onConsoleLog(log, type) {
      if (type === 'stderr' && /error/i.test(log)) throw new Error(`console.error during a test: ${log}`);
      return undefined;
    },
  },
});

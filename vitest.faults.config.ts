import { defineConfig } from 'vitest/config';
import { sharedTestSettings } from './vitest.config.ts';

/**
 * The fault suite (`tests/faults/`): each case runs the built server as its own OS process and
 * kills it. Most of the time goes to waiting out real timers (the 2-minute sweep, an outbox lease),
 * not to CPU, so the files run side by side. `npm test` runs it as its own suite after the build.
 */
export default defineConfig({
  // The same settings as the main suite (a console.error fails a test), with its own files.
  test: {
    ...sharedTestSettings,
    include: ['tests/faults/**/*.test.ts'],
    maxWorkers: 4,
    testTimeout: 300_000,
    hookTimeout: 150_000,
    // The test databases' templates, migrated once per run.
    globalSetup: ['tests/integration/global-setup.ts'],
  },
});

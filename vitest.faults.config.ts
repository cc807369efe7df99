import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The fault suite (`tests/faults/`): each case runs the built server as its own OS process and
 * kills it. Most of the time goes to waiting out real timers (the 2-minute sweep, an outbox lease),
 * not to CPU, so the files run side by side. `npm test` runs it as its own suite after the build.
 */
export default defineConfig({
  // The same settings as the main suite (a console.error fails a test), with its own files: spread,
  // not merged, since merging would append these files to the main suite's list.
  test: {
    ...base.test,
    include: ['tests/faults/**/*.test.ts'],
    maxWorkers: 4,
    testTimeout: 300_000,
    hookTimeout: 150_000,
  },
});

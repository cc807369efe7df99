import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/browser.ts';

/** E2E against the production build served by the real server, in real Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  retries: 0,
  outputDir: '.test-output/playwright',
  reporter: [['list'], ['json', { outputFile: '.test-output/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
    trace: 'retain-on-failure',
  },
});

import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * The Chromium our tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else
 * Playwright's own build if one happens to be installed. Nothing is downloaded.
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

export const MISSING_CHROMIUM_MESSAGE =
  'Chromium was not found. Install it with "sudo apt-get install -y chromium" (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.';

export function chromiumLaunchOptions(): LaunchOptions {
  const executablePath = findChromium();
  return {
    // Undefined falls back to Playwright's own browser when it is installed.
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}

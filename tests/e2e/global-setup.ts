import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { MISSING_CHROMIUM_MESSAGE, findChromium } from './browser.ts';

export default function globalSetup() {
  if (!findChromium() && !fs.existsSync(chromium.executablePath())) throw new Error(MISSING_CHROMIUM_MESSAGE);
  if (!fs.existsSync(path.resolve('dist/server/main.js'))) {
    throw new Error('The production build is missing: run "npm run build" (npm test does it for you).');
  }
}

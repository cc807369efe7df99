import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { MISSING_CHROMIUM_MESSAGE, findChromium } from './browser.ts';
import { SERVER_ENTRY } from './server.ts';

export default function globalSetup() {
  if (!findChromium() && !fs.existsSync(chromium.executablePath())) throw new Error(MISSING_CHROMIUM_MESSAGE);
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(
      process.env.VITRINE_SERVER_ENTRY?.trim()
        ? `VITRINE_SERVER_ENTRY names ${SERVER_ENTRY}, which does not exist: build there first (VITRINE_DIST=… npx tsx scripts/build.ts).`
        : 'The production build is missing: run "npm run build" (npm test does it for you).',
    );
  }
}

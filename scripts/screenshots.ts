import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';

/**
 * `npm run screenshots -- http://localhost:3000`: full-page PNGs of the pages at phone and
 * desktop widths, into .test-output/screenshots/, to look at what we build.
 */
const base = process.argv[2] ?? 'http://localhost:3000';
const pages = (process.argv[3] ?? '/presell,/,/nao-existe').split(',');
const outDir = path.resolve('.test-output/screenshots');
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions());
for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: 'pt-BR' });
  await context.addInitScript(() => localStorage.setItem('presell_accepted', 'true'));
  const page = await context.newPage();
  for (const route of pages) {
    await page.goto(new URL(route, base).href, { waitUntil: 'networkidle' });
    const name = route === '/' ? 'landing' : route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    const file = path.join(outDir, `${name}-${viewport.name}.png`);
    if (!process.env.VIEWPORT_ONLY) {
      // Scroll through the page as a visitor would: sections below the fold are rendered (and their
      // islands hydrated) only near the viewport, and a full-page capture does not scroll.
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += viewport.height / 2) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(60);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForLoadState('networkidle');
      // A full-page capture paints only what is rendered: sections away from the viewport are
      // skipped again (content-visibility), so render them all for the picture.
      await page.addStyleTag({ content: '.deferred-section { content-visibility: visible !important; }' });
    }
    await page.screenshot({ path: file, fullPage: process.env.VIEWPORT_ONLY ? false : true });
    console.log(file);
  }
  await context.close();
}
await browser.close();

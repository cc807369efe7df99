import fs from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';

/**
 * Renders scripts/favicon.svg to the PNG icons (public/), with our Chromium: `npx tsx
 * scripts/favicons.ts` after editing the SVG, and copy the drawing into index.html's tab icon.
 * The tab icon is the SVG itself, inline as a `data:` URL (105 bytes of brotli in each page): a
 * linked icon was a request Chrome may make before the first paint, which Lighthouse counted
 * against the largest paint, and without a link Chrome asks for `/favicon.ico`. The cost: an SVG
 * icon is an isolated SVG document Chrome sets up on the page's main thread just after the first
 * paint (2–13 ms of real time on this machine, traced), where a 32 px PNG decodes in well under a
 * millisecond; as a `data:` URL the PNG weighs 464 bytes of each page's brotli, more than the
 * landing page's first flight has left. Safari on iOS takes only the PNG touch icon.
 */
const SOURCE = 'scripts/favicon.svg';
export const ICONS = [
  // The tab and bookmark icon, rounded corners on transparency as drawn.
  { path: 'public/favicon-32.png', size: 32, fullBleed: false },
  // iOS rounds the home-screen icon itself and shows transparency as black: a full square.
  { path: 'public/apple-touch-icon.png', size: 180, fullBleed: true },
] as const;

function iconSvg(fullBleed: boolean): string {
  const svg = fs.readFileSync(SOURCE, 'utf8');
  return fullBleed ? svg.replace(/ rx="[^"]*"/, '') : svg;
}

/** The PNG of `icon`, as Chromium draws the SVG at that size. */
export async function renderIcon(browser: Browser, icon: (typeof ICONS)[number]): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  try {
    const src = `data:image/svg+xml,${encodeURIComponent(iconSvg(icon.fullBleed))}`;
    await page.setContent(`<style>*{margin:0}</style><img src="${src}" width="${icon.size}" height="${icon.size}" style="display:block">`);
    await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    return await page.screenshot({ omitBackground: true });
  } finally {
    await page.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const icon of ICONS) {
      fs.writeFileSync(icon.path, await renderIcon(browser, icon));
      console.log(`${icon.path}: ${icon.size}×${icon.size}, ${fs.statSync(icon.path).size} bytes`);
    }
  } finally {
    await browser.close();
  }
}

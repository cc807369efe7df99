import fs from 'node:fs';
import { PNG } from 'pngjs';
import { ICONS, renderIcon } from '../../scripts/favicons.ts';
import { expect, test } from './fixtures.ts';

/**
 * The site's icons are PNG (scripts/favicons.ts says why): every page links the tab icon and the
 * iOS home-screen icon, the server sends them, and they are the SVG drawing the script renders.
 */

test('every page links a 32 px PNG tab icon and a 180 px touch icon, and no SVG icon', async ({ api }) => {
  for (const path of ['/presell', '/', '/acesso', '/termos', '/privacidade', '/painel', '/pedido/VT-NAOEXISTE', '/nao-existe']) {
    const html = await (await api(path)).text();
    const links = [...html.matchAll(/<link rel="(icon|apple-touch-icon)"[^>]*>/g)].map((match) => match[0]);
    expect(links, path).toEqual([
      '<link rel="icon" type="image/png" sizes="32x32" href="/favicon-32.png" />',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png" />',
    ]);
  }
  for (const { path: file, size } of ICONS) {
    const href = file.replace(/^public/, '');
    const response = await api(href);
    expect(response.status, href).toBe(200);
    expect(response.headers.get('content-type'), href).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect([png.width, png.height], href).toEqual([size, size]);
  }
});

test('the PNG icons are the current scripts/favicon.svg, as scripts/favicons.ts renders it', async ({ browser }) => {
  for (const icon of ICONS) {
    const fresh = PNG.sync.read(await renderIcon(browser, icon));
    const committed = PNG.sync.read(fs.readFileSync(icon.path));
    expect([committed.width, committed.height], icon.path).toEqual([fresh.width, fresh.height]);
    // Anti-aliasing may differ by a few levels between Chromium releases; a changed drawing does not.
    let worst = 0;
    for (let i = 0; i < fresh.data.length; i++) worst = Math.max(worst, Math.abs(fresh.data[i]! - committed.data[i]!));
    expect(worst, `${icon.path}: run npx tsx scripts/favicons.ts`).toBeLessThanOrEqual(24);
  }
});

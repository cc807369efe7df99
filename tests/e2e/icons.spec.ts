import fs from 'node:fs';
import { PNG } from 'pngjs';
import { ICONS, renderIcon } from '../../scripts/favicons.ts';
import { expect, test } from './fixtures.ts';

/**
 * The tab icon is the drawing itself, inline in every page (scripts/favicons.ts says why): Chrome
 * asks for no icon before the first paint, and no `/favicon.ico` either. The iOS home-screen icon
 * and the PNG tab icon (for what still asks for it) are the SVG drawing the script renders.
 */

test('every page carries its tab icon inline, the drawing of scripts/favicon.svg, and links a 180 px touch icon', async ({ api }) => {
  const drawing = fs.readFileSync('scripts/favicon.svg', 'utf8').trim();
  for (const path of ['/presell', '/', '/acesso', '/termos', '/privacidade', '/painel', '/pedido/VT-NAOEXISTE', '/nao-existe']) {
    const html = await (await api(path)).text();
    // The inline drawing has `>` of its own inside the quoted attribute.
    const links = [...html.matchAll(/<link\s+rel="(icon|apple-touch-icon)"(?:[^>"]|"[^"]*")*>/g)].map((match) =>
      match[0].replace(/\s+/g, ' '),
    );
    expect(links, path).toEqual([
      expect.stringMatching(/^<link rel="icon" href="data:image\/svg\+xml,[^"]+" \/>$/),
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png" />',
    ]);
    const inline = decodeURIComponent(/href="data:image\/svg\+xml,([^"]+)"/.exec(links[0]!)![1]!).replace(/'/g, '"');
    expect(inline, path).toBe(drawing);
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

import { Hono, type MiddlewareHandler } from 'hono';
import { consoleApp } from '../../content/notifications.ts';
import { sellerPlaceholder } from '../../content/seller.ts';
import { site } from '../../content/site.ts';
import { paths } from '../../shared/routes.ts';
import type { AppEnv } from './context.ts';

/** The console's own colours (client/styles.css): the installed app's splash and bar match the console. */
const THEME = { background: '#060a13', accent: '#22c55e' };
const ICON_SIZES = { 'icon-192.png': 192, 'icon-512.png': 512, 'apple-touch-icon.png': 180 } as const;

function monogramSvg(letter: string, size: number): string {
  const safe = letter.replace(/[^\p{L}\p{N}]/gu, '') || 'V';
  // Maskable: the letter inside the middle 80%, the colour to every edge (W3C Manifest §purpose).
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="${THEME.accent}"/><text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="52" fill="${THEME.background}">${safe}</text></svg>`;
}

/**
 * The installable console (docs/notifications.md#installable-console): its manifest, its icons (a monogram of the shop)
 * and the worker's scope. Only under /painel: the public pages get none of it.
 */
export function consoleAppRoutes(shopName: string) {
  const name = shopName === sellerPlaceholder.name ? site.productName : shopName;
  const icons = new Map<string, Promise<ArrayBuffer>>();
  const iconOf = (file: keyof typeof ICON_SIZES) => {
    let icon = icons.get(file);
    if (!icon) {
      icon = import('sharp').then(async ({ default: sharp }) => {
        const png = await sharp(Buffer.from(monogramSvg(name.charAt(0).toUpperCase(), ICON_SIZES[file])))
          .png()
          .toBuffer();
        return new Uint8Array(png).buffer;
      });
      icons.set(file, icon);
    }
    return icon;
  };
  // The worker at /painel/sw.js controls /painel itself, one level above its own folder (Service Workers §Service-Worker-Allowed).
  const workerScope: MiddlewareHandler = async (c, next) => {
    await next();
    c.header('Service-Worker-Allowed', paths.admin);
    c.header('Cache-Control', 'no-cache');
  };
  return new Hono<AppEnv>()
    .use(`${paths.admin}/sw.js`, workerScope)
    .get(`${paths.admin}/manifest.webmanifest`, (c) => {
      c.header('Content-Type', 'application/manifest+json; charset=utf-8');
      c.header('Cache-Control', 'no-cache');
      return c.body(
        JSON.stringify({
          name: consoleApp.name(name),
          short_name: consoleApp.shortName,
          description: consoleApp.description,
          id: paths.admin,
          start_url: `${paths.admin}#visao-geral`,
          scope: paths.admin,
          display: 'standalone',
          lang: 'pt-BR',
          theme_color: THEME.background,
          background_color: THEME.background,
          icons: [
            { src: `${paths.admin}/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
            { src: `${paths.admin}/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
          ],
        }),
      );
    })
    .get(`${paths.admin}/:icon{(icon-192|icon-512|apple-touch-icon)\\.png}`, async (c) => {
      const file = c.req.param('icon') as keyof typeof ICON_SIZES;
      c.header('Content-Type', 'image/png');
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(await iconOf(file));
    });
}

import { createHash } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { consoleApp } from '../../content/notifications.ts';
import { sellerPlaceholder } from '../../content/seller.ts';
import { site } from '../../content/site.ts';
import { imageFile, imageWidths, parseImageRef } from '../../shared/offer-image.ts';
import { paths } from '../../shared/routes.ts';
import type { Database } from '../db/schema.ts';
import { readImage } from '../offer/offer-images.ts';
import type { AppEnv } from './context.ts';

/** The console's own colours (client/styles.css): the installed app's splash and bar match the console. */
const THEME = { background: '#060a13', accent: '#22c55e' };

/**
 * Android's 192 and 512 px, a 512 px maskable one for its shaped launchers, and iOS's 180 px touch icon. `inset`: the
 * share of the side a logo may take; a maskable icon keeps it within the safe zone, the circle of radius 40% (W3C
 * Manifest §purpose), so its square is at most 0.8/√2 ≈ 56% of the side.
 */
const ICONS = {
  'icon-192.png': { size: 192, inset: 0.84 },
  'icon-512.png': { size: 512, inset: 0.84 },
  'icon-512-maskable.png': { size: 512, inset: 0.56 },
  'apple-touch-icon.png': { size: 180, inset: 0.84 },
} as const;
type IconFile = keyof typeof ICONS;

function monogramSvg(letter: string, size: number): string {
  const safe = letter.replace(/[^\p{L}\p{N}]/gu, '') || 'V';
  // The letter inside the middle 80%, the colour to every edge: the same tile serves as maskable.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="${THEME.accent}"/><text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="52" fill="${THEME.background}">${safe}</text></svg>`;
}

/**
 * The seller's logo (the page editor's `look.logo`, docs/editing.md) contained in a square of the console's background,
 * opaque as iOS wants its touch icon; none when the logo's stored file is missing.
 */
async function logoIcon(db: Kysely<Database>, ref: string, file: IconFile): Promise<Buffer | undefined> {
  const logo = parseImageRef(ref);
  if (!logo) return undefined;
  const stored = await readImage(db, imageFile(logo.hash, imageWidths(logo.width).at(-1)!, 'webp'));
  if (!stored) return undefined;
  const { default: sharp } = await import('sharp');
  const { size, inset } = ICONS[file];
  const box = Math.round(size * inset);
  // A logo exported with margins (a transparent canvas around the mark) is cut to what it shows before it is fitted.
  const trimmed = await sharp(stored.bytes)
    .trim()
    .toBuffer()
    .catch(() => Buffer.from(stored.bytes));
  const fitted = await sharp(trimmed)
    .resize(box, box, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME.background } })
    .composite([{ input: fitted, gravity: 'centre' }])
    .png()
    .toBuffer();
}

async function monogramIcon(name: string, file: IconFile): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(monogramSvg(name.charAt(0).toUpperCase(), ICONS[file].size)))
    .png()
    .toBuffer();
}

/** The icons' version: the logo's reference names its content (its hash), so a new logo is a new version; the monogram's, its letter. */
const versionOf = (logo: string, name: string) =>
  parseImageRef(logo)?.hash.slice(0, 16) ??
  `monograma-${createHash('sha256').update(name.charAt(0).toUpperCase()).digest('hex').slice(0, 8)}`;

/**
 * The installable console (docs/notifications.md#installable-console): its manifest, its icons (the seller's logo, or
 * a monogram of the shop) and the worker's scope. Only under /painel: the public pages get none of it.
 */
export function consoleAppRoutes(shopName: string) {
  const name = shopName === sellerPlaceholder.name ? site.productName : shopName;
  // Only the live logo's icons are kept: a new logo drops the old ones.
  let cached: { version: string; icons: Map<IconFile, Promise<Buffer>> } = { version: '', icons: new Map() };
  const iconOf = (db: Kysely<Database>, logo: string, file: IconFile) => {
    const version = versionOf(logo, name);
    if (cached.version !== version) cached = { version, icons: new Map() };
    let icon = cached.icons.get(file);
    if (!icon) {
      icon = logoIcon(db, logo, file).then((made) => made ?? monogramIcon(name, file));
      const { icons } = cached;
      icons.set(file, icon);
      // A failed render is tried again at the next request.
      icon.catch(() => icons.delete(file));
    }
    return { version, icon };
  };
  const liveLogo = (c: { var: AppEnv['Variables'] }) => c.var.offer.live.current().offer.look.logo;
  // The worker at /painel/sw.js controls /painel itself, one level above its own folder (Service Workers §Service-Worker-Allowed).
  const workerScope: MiddlewareHandler = async (c, next) => {
    await next();
    c.header('Service-Worker-Allowed', paths.admin);
    c.header('Cache-Control', 'no-cache');
  };
  return new Hono<AppEnv>()
    .use(`${paths.admin}/sw.js`, workerScope)
    .get(`${paths.admin}/manifest.webmanifest`, (c) => {
      // The icons' URLs carry their version: a browser fetches them again, and updates an installed app, when the logo changes.
      const version = versionOf(liveLogo(c), name);
      const icon = (file: IconFile, purpose: 'any' | 'maskable') => ({
        src: `${paths.admin}/${file}?v=${version}`,
        sizes: `${ICONS[file].size}x${ICONS[file].size}`,
        type: 'image/png',
        purpose,
      });
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
          icons: [icon('icon-192.png', 'any'), icon('icon-512.png', 'any'), icon('icon-512-maskable.png', 'maskable')],
        }),
      );
    })
    .get(`${paths.admin}/:icon{(icon-192|icon-512|icon-512-maskable|apple-touch-icon)\\.png}`, async (c) => {
      const { version, icon } = iconOf(c.var.db, liveLogo(c), c.req.param('icon') as IconFile);
      const etag = `"${version}-${c.req.param('icon')}"`;
      // The touch icon's URL never changes (iOS reads it from the page): the browser asks again and the ETag answers.
      c.header('Cache-Control', 'no-cache');
      c.header('ETag', etag);
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
      c.header('Content-Type', 'image/png');
      return c.body(new Uint8Array(await icon));
    });
}

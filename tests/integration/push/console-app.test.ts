import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../src/content/offer.ts';
import type { PageImageReply } from '../../../src/shared/offer.ts';
import { signInToConsole } from '../../support/clients.ts';
import { builtSite, siteBuilt } from '../../support/built-site.ts';
import { consoleCall } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * The installable console's manifest and icons (docs/notifications.md#installable-console), on SQLite and PostgreSQL:
 * the sizes Android asks for (192 and 512, and a maskable 512) and iOS's 180 px touch icon, a monogram until the seller
 * sets a logo in the page editor, then that logo; a new logo gives new icons at once, under a new version and ETag.
 */
const PASSWORD = 'senha-do-painel-icones-1';
const site = () => builtSite(PASSWORD);

interface Manifest {
  display: string;
  start_url: string;
  scope: string;
  name: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

/** A square logo of one colour: the icons' pixels say where it was put. */
const squareLogo = (colour: string) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The colour at a point of a PNG, as `#rrggbb`, or `hex` itself when within a lossy copy's drift of it (the logo is stored as WebP). */
async function colourAt(png: Buffer, x: number, y: number, hex: string): Promise<string> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  const found = [data[at]!, data[at + 1]!, data[at + 2]!];
  const wanted = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  if (found.every((value, channel) => Math.abs(value - wanted[channel]!) <= 6)) return hex;
  return `#${found.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

describe.skipIf(!siteBuilt).each(databases)('the installable console ($name)', (database) => {
  const rig = useTestServer(database, { ADMIN_PASSWORD: PASSWORD, SELLER_NAME: 'Loja da Ana' }, { site });
  const url = () => rig.server.url;
  let cookie: string;
  let published = 0;

  beforeAll(async () => {
    cookie = await signInToConsole(url(), PASSWORD);
  });

  async function manifest(): Promise<Manifest> {
    const reply = await fetch(`${url()}/painel/manifest.webmanifest`);
    expect(reply.headers.get('Content-Type')).toContain('application/manifest+json');
    return (await reply.json()) as Manifest;
  }

  /** Every icon the console names, by purpose and size, with its bytes and what sharp reads of them. */
  async function icons() {
    const listed = (await manifest()).icons.map((icon) => ({ key: `${icon.purpose} ${icon.sizes}`, src: icon.src }));
    const all = [...listed, { key: 'apple-touch-icon', src: '/painel/apple-touch-icon.png' }];
    const read = await Promise.all(
      all.map(async ({ key, src }) => {
        const reply = await fetch(`${url()}${src}`);
        expect(reply.status, src).toBe(200);
        expect(reply.headers.get('Content-Type')).toBe('image/png');
        const png = Buffer.from(await reply.arrayBuffer());
        const metadata = await sharp(png).metadata();
        return [
          key,
          { src, png, etag: reply.headers.get('ETag'), format: metadata.format, size: [metadata.width, metadata.height] },
        ] as const;
      }),
    );
    return Object.fromEntries(read);
  }

  async function publishLogo(logo: Buffer) {
    const uploaded = await fetch(`${url()}/api/admin/page/images`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: url(), 'Content-Type': 'image/png' },
      body: new Uint8Array(logo),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const offer = structuredClone(offerDefaults);
    offer.look.logo = ((await uploaded.json()) as PageImageReply).ref;
    expect((await consoleCall(url(), cookie, '/page/draft', { baseNumber: published, offer })).status).toBe(200);
    const reply = await consoleCall(url(), cookie, '/page/publish', { baseNumber: published });
    expect(reply.status, await reply.clone().text()).toBe(200);
    published = ((await reply.json()) as { number: number }).number;
  }

  it('has a manifest under /painel alone, with the icons Android and iOS ask for, a monogram before any logo', async () => {
    expect(await manifest()).toMatchObject({
      display: 'standalone',
      start_url: '/painel#visao-geral',
      scope: '/painel',
      name: 'Painel · Loja da Ana',
    });
    const before = await icons();
    expect(Object.fromEntries(Object.entries(before).map(([key, icon]) => [key, [icon.format, ...icon.size]]))).toEqual({
      'any 192x192': ['png', 192, 192],
      'any 512x512': ['png', 512, 512],
      'maskable 512x512': ['png', 512, 512],
      'apple-touch-icon': ['png', 180, 180],
    });
    // The monogram's tile: the console's green to every edge.
    expect(await colourAt(before['any 512x512']!.png, 4, 4, '#22c55e')).toBe('#22c55e');
    expect((await fetch(`${url()}/manifest.webmanifest`)).status).toBe(404);
    expect((await fetch(`${url()}/icon-192.png`)).status).toBe(404);
  });

  it("the seller's logo becomes the icons, inside a maskable icon's safe zone; a new logo changes them at once", async () => {
    const monogram = await icons();
    await publishLogo(await squareLogo('#d01c1c'));
    const red = await icons();
    for (const key of Object.keys(monogram)) {
      expect(red[key]!.png.equals(monogram[key]!.png), key).toBe(false);
      expect(red[key]!.etag, key).not.toBe(monogram[key]!.etag);
      expect(red[key]!.size, key).toEqual(monogram[key]!.size);
    }
    // The manifest names new URLs, so a browser fetches them again and updates an installed console.
    expect(red['any 192x192']!.src).not.toBe(monogram['any 192x192']!.src);
    // The logo in the middle on the console's background; a maskable icon keeps it inside the middle 56%.
    const maskable = red['maskable 512x512']!.png;
    expect(await colourAt(maskable, 256, 256, '#d01c1c')).toBe('#d01c1c');
    expect(await colourAt(maskable, 80, 256, '#060a13')).toBe('#060a13');
    expect(await colourAt(red['any 512x512']!.png, 80, 256, '#d01c1c')).toBe('#d01c1c');
    expect(await colourAt(red['any 512x512']!.png, 4, 4, '#060a13')).toBe('#060a13');
    // iOS puts a transparent touch icon on black: this one has no transparent pixel.
    expect((await sharp(red['apple-touch-icon']!.png).stats()).isOpaque).toBe(true);

    // The touch icon's URL stays: the ETag it was fetched with answers "not modified" until the logo changes.
    const touch = `${url()}/painel/apple-touch-icon.png`;
    expect((await fetch(touch, { headers: { 'If-None-Match': red['apple-touch-icon']!.etag! } })).status).toBe(304);
    await publishLogo(await squareLogo('#1d4ed8'));
    const revalidated = await fetch(touch, { headers: { 'If-None-Match': red['apple-touch-icon']!.etag! } });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('Cache-Control')).toBe('no-cache');
    const blue = Buffer.from(await revalidated.arrayBuffer());
    expect(await colourAt(blue, 90, 90, '#1d4ed8')).toBe('#1d4ed8');
    expect(await colourAt((await icons())['any 192x192']!.png, 96, 96, '#1d4ed8')).toBe('#1d4ed8');
  });
});

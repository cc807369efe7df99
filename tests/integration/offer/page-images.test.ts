import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../src/content/offer.ts';
import { parseImageRef, type OfferImage } from '../../../src/shared/offer-image.ts';
import type { PageImageReply } from '../../../src/shared/offer.ts';
import { fetchFrom, newClientAddress, signInToConsole } from '../../support/clients.ts';
import { auditRows } from '../../support/db-reads.ts';
import { consoleCall } from '../../support/purchase.ts';
import { startTestServer, useTestServer, type TestServer } from '../../support/test-server.ts';
import { builtSite, siteBuilt } from '../../support/built-site.ts';
import { databases } from '../test-db.ts';

const PASSWORD = 'senha-do-painel-de-teste';
const site = () => builtSite(PASSWORD);

/** A camera's EXIF, and where the photo was taken (the GPS IFD). */
const CAMERA_EXIF = {
  IFD0: { Make: 'CameraDeTeste', Copyright: 'Maria Souza' },
  IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 1/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 1/1' },
};

/** A photo as a phone takes it. */
async function photoWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1f8a4c' } })
    .jpeg()
    .withExif(CAMERA_EXIF)
    .toBuffer();
}

/** The EXIF tag that points at the GPS IFD (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));

describe.skipIf(!siteBuilt).each(databases)('the seller uploads the page’s images ($name)', (database) => {
  const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { site: site });
  let cookie: string;
  let other: TestServer;
  const url = () => running.server.url;
  const upload = (bytes: Uint8Array, type: string, headers: Record<string, string> = { Cookie: cookie, Origin: url() }) =>
    fetch(`${url()}/api/admin/page/images`, { method: 'POST', headers: { 'Content-Type': type, ...headers }, body: bytes });
  const storedRows = async () => (await running.db.db.selectFrom('page_images').select('file').execute()).length;

  beforeAll(async () => {
    cookie = await signInToConsole(url(), PASSWORD);
    other = await startTestServer(running.db, { ADMIN_PASSWORD: PASSWORD }, { site: site() });
  });
  afterAll(async () => other.stop());

  let photo: OfferImage;

  it('strips a photo’s EXIF and GPS, and stores it at the page’s widths as AVIF and WebP', async () => {
    const input = await photoWithLocation();
    const before = await sharp(input).metadata();
    expect(before.exif && hasGpsPointer(before.exif)).toBe(true);
    expect(input.includes('CameraDeTeste')).toBe(true);

    const response = await upload(input, 'image/jpeg');
    expect(response.status).toBe(200);
    const reply = (await response.json()) as PageImageReply;
    expect(reply).toMatchObject({ width: 1600, height: 1000 });
    photo = parseImageRef(reply.ref)!;
    expect(photo).toBeDefined();
    expect((await auditRows(running.db)).map((row) => row.action)).toContain('page_image_upload');

    for (const [width, format] of [
      [480, 'avif'],
      [960, 'webp'],
      [1440, 'avif'],
      [1440, 'webp'],
    ] as const) {
      const served = await fetch(`${url()}/media/${photo.hash}-${width}.${format}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(`image/${format}`);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.width).toBe(width);
      expect(metadata.height).toBe(Math.round((width * 1000) / 1600));
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(bytes.includes('CameraDeTeste')).toBe(false);
      expect(bytes.includes('Maria Souza')).toBe(false);
    }
    // Never wider than the upload, nor a width the page does not ask for.
    expect((await fetch(`${url()}/media/${photo.hash}-1600.webp`)).status).toBe(404);
  });

  it('reads the type from the bytes: a PNG named .jpg is taken as the PNG it is', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const file = new File([png], 'foto.jpg', { type: 'image/jpeg' });
    const response = await upload(new Uint8Array(await file.arrayBuffer()), file.type);
    expect(response.status).toBe(200);
    const { ref } = (await response.json()) as PageImageReply;
    const served = await fetch(`${url()}/media/${parseImageRef(ref)!.hash}-480.webp`);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('refuses an SVG, whatever its name and type, and stores nothing', async () => {
    const rows = await storedRows();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script></svg>');
    for (const type of ['image/svg+xml', 'image/png']) {
      const refused = await upload(svg, type);
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'Formato não aceito. Envie uma foto em JPEG, PNG, WebP, HEIC ou AVIF.',
      );
    }
    // A PNG's signature in front of something else: the decoder must agree.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), svg]);
    expect((await upload(fake, 'image/png')).status).toBe(422);
    expect(await storedRows()).toBe(rows);
  });

  it('takes a phone camera’s 25 MB JPEG whole', async () => {
    // Noise does not compress: about 24.5 MB at 3,400 × 2,560, as a 50 MP camera's detailed photo.
    const input = await sharp({
      create: { width: 3400, height: 2560, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 90 } },
    })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    expect(input.length).toBeGreaterThan(24 * 1024 * 1024);
    expect(input.length).toBeLessThanOrEqual(25 * 1024 * 1024);
    const response = await upload(input, 'image/jpeg');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ width: 3400, height: 2560 });
  }, 60_000);

  it('refuses a file over 25 MB from its length, before its body is sent', async () => {
    const refused = await upload(Buffer.alloc(25 * 1024 * 1024 + 1, 0xff), 'image/jpeg');
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: string }).error).toBe('A imagem passa de 25 MB. Reduza o tamanho ou envie outra.');

    // Announced at 26 MB, 64 KB sent: the answer comes without the rest; and before sign-in, no byte is taken.
    const announced = async (headers: Record<string, string>) => {
      const { port, hostname } = new URL(url());
      return new Promise<number>((resolve, reject) => {
        const request = http.request({
          host: hostname,
          port,
          method: 'POST',
          path: '/api/admin/page/images',
          headers: { Origin: url(), 'Content-Type': 'image/jpeg', 'Content-Length': String(26 * 1024 * 1024), ...headers },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        request.on('error', reject);
        request.write(Buffer.alloc(64 * 1024, 0xff));
      });
    };
    expect(await announced({ Cookie: cookie })).toBe(413);
    expect(await announced({ 'Content-Length': String(20 * 1024 * 1024) })).toBe(401);
  });

  it('takes a phone’s HEIC, an AVIF and a WebP, each stripped of its EXIF and GPS', async () => {
    // tests/fixtures/photo-with-location.heic: 640 × 480, made for this test with libheif's heif-enc 1.15.1
    // (x265) from a JPEG sharp wrote with CAMERA_EXIF (camera, author, GPS).
    const heic = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/photo-with-location.heic'));
    expect(heic.includes('CameraDeTeste')).toBe(true);
    // The prebuilt libvips reads its header but has no HEVC decoder: without heic-decode this photo was refused.
    await expect(sharp(heic).toBuffer()).rejects.toThrow(/HEVC/);
    const base = () => sharp({ create: { width: 900, height: 600, channels: 3, background: '#2563eb' } }).withExif(CAMERA_EXIF);
    const inputs = [
      { bytes: heic, type: 'image/heic', width: 640, height: 480 },
      { bytes: await base().avif().toBuffer(), type: 'image/avif', width: 900, height: 600 },
      { bytes: await base().webp().toBuffer(), type: 'image/webp', width: 900, height: 600 },
    ];
    for (const input of inputs) {
      const response = await upload(input.bytes, input.type);
      expect(response.status, `${input.type}: ${await response.clone().text()}`).toBe(200);
      const reply = (await response.json()) as PageImageReply;
      expect(reply).toMatchObject({ width: input.width, height: input.height });
      const image = parseImageRef(reply.ref)!;
      for (const format of ['avif', 'webp'] as const) {
        const served = Buffer.from(await (await fetch(`${url()}/media/${image.hash}-480.${format}`)).arrayBuffer());
        const metadata = await sharp(served).metadata();
        expect(metadata).toMatchObject({ width: 480, height: Math.round((480 * input.height) / input.width) });
        expect(metadata.exif).toBeUndefined();
        expect(served.includes('CameraDeTeste')).toBe(false);
      }
      // The colours came through the decoder (a HEIC decoded wrongly would be black or grey).
      const { dominant } = await sharp(Buffer.from(await (await fetch(`${url()}/media/${image.hash}-480.webp`)).arrayBuffer())).stats();
      expect(dominant.r + dominant.g + dominant.b).toBeGreaterThan(60);
    }
  });

  it('refuses an image that does not decode whole: a JPEG cut short or filled with zeros, a HEIC or WebP cut short or filled with zeros', async () => {
    const rows = await storedRows();
    const lettering =
      '<svg xmlns="http://www.w3.org/2000/svg" width="4900" height="3700"><text x="10" y="500" font-size="400">Lista</text></svg>';
    const jpeg = await sharp({ create: { width: 4900, height: 3700, channels: 3, background: '#16a34a' } })
      .composite([{ input: Buffer.from(lettering) }])
      .jpeg()
      .toBuffer();
    const heic = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/photo-with-location.heic'));
    const webp = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#16a34a' } })
      .composite([{ input: Buffer.from(lettering.replace('4900', '1600').replace('3700', '1000')) }])
      .webp()
      .toBuffer();
    const zeros = (bytes: Buffer, kept: number) => Buffer.concat([bytes.subarray(0, kept), Buffer.alloc(bytes.length - kept)]);
    const broken = [
      // 1 KB or 4 KB of the JPEG, then zeros: libvips alone decoded each as 4900 × 3700 stripes.
      { bytes: zeros(jpeg, 1024), type: 'image/jpeg' },
      { bytes: zeros(jpeg, 4096), type: 'image/jpeg' },
      { bytes: zeros(jpeg, jpeg.length - 200), type: 'image/jpeg' },
      { bytes: jpeg.subarray(0, jpeg.length - 200), type: 'image/jpeg' },
      { bytes: heic.subarray(0, Math.floor(heic.length / 2)), type: 'image/heic' },
      { bytes: heic.subarray(0, heic.length - 1), type: 'image/heic' },
      // Its mdat declared longer than the file holds.
      { bytes: heic.subarray(0, heic.length - 600), type: 'image/heic' },
      // Cut and filled with zeros to the same size (a half-written file): libheif and libwebp decoded each as a grey or
      // flat picture of the full size, with no error nor warning.
      { bytes: zeros(heic, 1024), type: 'image/heic' },
      { bytes: zeros(heic, Math.floor(heic.length / 2)), type: 'image/heic' },
      { bytes: zeros(webp, 1024), type: 'image/webp' },
      { bytes: zeros(webp, Math.floor(webp.length / 2)), type: 'image/webp' },
      { bytes: zeros(webp, webp.length - 1024), type: 'image/webp' },
    ];
    for (const { bytes, type } of broken) {
      const answer = await upload(bytes, type);
      expect(answer.status, `${type} of ${bytes.length} bytes`).toBe(422);
      expect(((await answer.json()) as { error: string }).error).toBe(
        'Não foi possível ler esta imagem. Ela pode estar corrompida; envie outra.',
      );
    }
    expect(await storedRows()).toBe(rows);
    // The whole JPEG, HEIC and WebP are taken.
    expect((await upload(jpeg, 'image/jpeg')).status).toBe(200);
    expect((await upload(heic, 'image/heic')).status).toBe(200);
    expect((await upload(webp, 'image/webp')).status).toBe(200);
  });

  it('refuses a GIF with the reason, and a canvas too large to decode before decoding it', async () => {
    const rows = await storedRows();
    const gif = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const refused = await upload(gif, 'image/gif');
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'GIF não é aceito: ele tem só 256 cores (a foto fica granulada) e a animação não apareceria. Envie a foto em JPEG, PNG, WebP, HEIC ou AVIF.',
    );

    // A decompression bomb: a few KB whose header claims 30,000 × 30,000 pixels (900 MP).
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    // The HEIC's own size box (ispe) claiming the same: refused before the WebAssembly decoder allocates it.
    const heicBomb = Buffer.from(fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/photo-with-location.heic')));
    const ispe = heicBomb.indexOf('ispe');
    heicBomb.writeUInt32BE(30_000, ispe + 8);
    heicBomb.writeUInt32BE(30_000, ispe + 12);
    for (const [bytes, type] of [
      [bomb, 'image/png'],
      [heicBomb, 'image/heic'],
    ] as const) {
      const started = Date.now();
      const answer = await upload(bytes, type);
      expect(answer.status).toBe(422);
      expect(((await answer.json()) as { error: string }).error).toBe(
        'A imagem tem resolução alta demais para ser lida com segurança. Reduza a resolução (12 megapixels bastam) e envie de novo.',
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    expect(await storedRows()).toBe(rows);
  });

  it('takes uploads only from a signed-in console session on its own origin', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const rowsBefore = await storedRows();
    expect((await upload(png, 'image/png', { Origin: url() })).status).toBe(401);
    expect((await upload(png, 'image/png', { Cookie: 'vitrine_admin=forged', Origin: url() })).status).toBe(401);
    expect((await upload(png, 'image/png', { Cookie: cookie, Origin: 'https://evil.example' })).status).toBe(403);
    expect(await storedRows()).toBe(rowsBefore);
  });

  it('limits uploads per client: the 41st in an hour is refused with 429, refused files counted too', async () => {
    const from = fetchFrom(newClientAddress());
    const send = () =>
      from(`${url()}/api/admin/page/images`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: url(), 'Content-Type': 'image/png' },
        body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      });
    for (let attempt = 1; attempt <= 40; attempt++) expect((await send()).status).toBe(422);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe('Muitas imagens enviadas seguidas. Tente de novo mais tarde.');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('publishes the image as the first screen’s largest paint: its box, its preload, served by every instance', async () => {
    const offer = structuredClone(offerDefaults);
    offer.hero.image = `${photo.hash}.${photo.width}x${photo.height}`;
    offer.hero.imageAlt = 'Celular com a lista aberta';
    offer.bonuses.items[0]!.image = offer.hero.image;
    expect((await consoleCall(url(), cookie, '/page/draft', { baseNumber: 0, offer })).status).toBe(200);
    const published = await consoleCall(url(), cookie, '/page/publish', { baseNumber: 0 });
    expect(published.status, await published.clone().text()).toBe(200);

    const page = await running.server.app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    const html = zlib.brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString('utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="/media/${photo.hash}-480.avif 480w`,
    );
    expect(html).toMatch(
      new RegExp(
        `<img src="/media/${photo.hash}-960.webp"[^>]*alt="Celular com a lista aberta" width="1600" height="1000" fetchPriority="high"`,
      ),
    );
    expect(html).toContain(
      `<source type="image/avif" srcSet="/media/${photo.hash}-480.avif 480w, /media/${photo.hash}-960.avif 960w, /media/${photo.hash}-1440.avif 1440w"`,
    );
    // A bonus's image, further down, replaces its icon: decorative beside its name, loaded as it nears the viewport.
    expect(html).toMatch(
      new RegExp(`<img src="/media/${photo.hash}-960.webp"[^>]*sizes="48px" alt="" width="1600" height="1000" loading="lazy"`),
    );
    // Our own origin only: the image is served from /media/, the policy still lists no other image host.
    expect(page.headers.get('content-security-policy')).toMatch(/img-src 'self'/);

    // Another instance serves the files from the database, and the page once it checks.
    const served = await other.app.request(`/media/${photo.hash}-960.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    await other.checkOffer();
    const otherPage = await other.app.request('/');
    expect(await otherPage.text()).toContain(`imagesrcset="/media/${photo.hash}-480.avif 480w`);
  });
});

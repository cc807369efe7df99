import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ComposedServer } from '../../../src/server/compose.ts';
import { inlineScriptHashes } from '../../../src/server/http/csp.ts';
import { loadSite } from '../../../src/server/http/site.ts';
import { REVIEWS_CHECK_MS } from '../../../src/server/reviews/landing-reviews.ts';
import { pageKeys } from '../../../src/shared/route-lookup.ts';
import { REVIEWS_MARKER } from '../../../src/shared/reviews-marker.ts';
import type { ReviewStatus } from '../../../src/shared/reviews.ts';
import { documentFile } from '../../../src/shared/routes.ts';
import { deleteReviews, insertOrderRow, insertReviewRow, setReviewColumns } from '../../support/db-reads.ts';
import { createTestApp, useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

const DAY = 24 * 60 * 60 * 1000;
/** 2026-12-01 12:00 in São Paulo. */
const NOW = Date.UTC(2026, 11, 1, 15);
const LANDING_SCRIPT = 'window.landing = 1;';

/** `/` through each encoding a browser may accept, decoded. */
async function landingBodies(server: ComposedServer): Promise<Record<'plain' | 'gzip' | 'br', string>> {
  const fetchAs = async (encoding: string) => {
    const response = await server.app.request('/', { headers: { 'Accept-Encoding': encoding } });
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const hash of inlineScriptHashes(`<script>${LANDING_SCRIPT}</script>`)) expect(csp).toContain(hash);
    return { body: Buffer.from(await response.arrayBuffer()), encoding: response.headers.get('content-encoding') };
  };
  const plain = await fetchAs('identity');
  const gzip = await fetchAs('gzip');
  const br = await fetchAs('br');
  expect([plain.encoding, gzip.encoding, br.encoding]).toEqual([null, 'gzip', 'br']);
  return {
    plain: plain.body.toString('utf8'),
    gzip: zlib.gunzipSync(gzip.body).toString('utf8'),
    br: zlib.brotliDecompressSync(br.body).toString('utf8'),
  };
}

describe.each(databases)('verified reviews on the landing page ($name)', (database) => {
  let clientDir: string;
  beforeAll(() => {
    // A stand-in for the client build: `/` carries the marker where section 6's reviews go.
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-reviews-'));
    for (const key of pageKeys) {
      const file = path.join(clientDir, documentFile(key));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const body = key === 'landing' ? `<main><h2>Recarga</h2>${REVIEWS_MARKER}<h2>Serviços</h2></main>` : '';
      fs.writeFileSync(file, `<!doctype html><title>PAGE-${key}</title>${body}<script>${LANDING_SCRIPT}</script>`);
    }
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
  const running = useTestServer(database, { REVIEWS_MIN: '3' }, { clock: NOW, site: () => loadSite(clientDir) });
  beforeEach(async () => {
    await deleteReviews(running.db);
    await running.server.refreshReviews();
  });

  let seq = 0;
  async function insertReview(fields: { text: string; status?: ReviewStatus; rating?: number; position?: number; name?: string }) {
    seq += 1;
    const orderId = `ord_review_${seq}`;
    // Its purchase, paid: only a purchase that still stands shows its review.
    await insertOrderRow(running.db, {
      id: orderId,
      status: 'paid',
      buyer_name: `Cliente ${seq}`,
      buyer_email: `cliente-${seq}@example.com`,
      created_at: Date.UTC(2026, 10, 10, 15),
    });
    await insertReviewRow(running.db, {
      order_id: orderId,
      rating: fields.rating ?? 5,
      text: fields.text,
      display_name: fields.name ?? `Cliente ${seq}.`,
      city: 'Recife',
      state: 'PE',
      photo_url: null,
      consent_at: NOW - 20 * DAY,
      status: fields.status ?? 'published',
      position: fields.position ?? seq,
      purchased_at: Date.UTC(2026, 10, 10, 15),
      created_at: NOW - 20 * DAY,
      updated_at: NOW - 14 * DAY,
      published_at: fields.status === 'published' || fields.status === undefined ? NOW - 14 * DAY : null,
    });
    return orderId;
  }

  it('leaves the section out while fewer than REVIEWS_MIN are published, in every encoding', async () => {
    const { server } = running;
    await insertReview({ text: 'Primeira avaliação publicada, muito boa.' });
    await insertReview({ text: 'Segunda avaliação publicada, ótima lista.' });
    await insertReview({ text: 'Uma avaliação que o vendedor escondeu.', status: 'hidden' });
    await server.refreshReviews();
    for (const [encoding, html] of Object.entries(await landingBodies(server))) {
      expect(html, encoding).not.toContain('Quem comprou, avalia');
      expect(html, encoding).not.toContain('Compra verificada');
      expect(html, encoding).not.toContain('Primeira avaliação');
      expect(html, encoding).toContain('<h2>Recarga</h2><h2>Serviços</h2>');
    }
  });

  it('shows the cards, the average and the count from REVIEWS_MIN on, never a hidden or withdrawn one', async () => {
    const { server } = running;
    await insertReview({ text: 'Primeira avaliação publicada, muito boa.', rating: 5 });
    await insertReview({ text: 'Segunda avaliação publicada, ótima lista.', rating: 4 });
    await insertReview({ text: 'Terceira avaliação publicada, recomendo.', rating: 5 });
    await insertReview({ text: 'Uma avaliação que o vendedor escondeu.', status: 'hidden' });
    await insertReview({ text: 'Uma avaliação que o comprador retirou.', status: 'withdrawn' });
    await insertReview({ text: 'Uma avaliação que ainda espera o vendedor.', status: 'pending' });
    await server.refreshReviews();
    const bodies = await landingBodies(server);
    for (const [encoding, html] of Object.entries(bodies)) {
      expect(html, encoding).toBe(bodies.plain);
      expect(html, encoding).toContain('Quem comprou, avalia');
      expect(html, encoding).toContain('4,7 de 3 avaliações');
      expect(html.match(/Compra verificada · novembro de 2026/g), encoding).toHaveLength(3);
      expect(html, encoding).toContain('aria-label="Nota 4 de 5"');
      // Five stars for the average and for each card, all drawn from the section's one star.
      expect(html.match(/<symbol id="review-star"/g), encoding).toHaveLength(1);
      expect(html.match(/<use href="#review-star"\/>/g), encoding).toHaveLength(5 * 4);
      expect(html, encoding).toContain('Recife/PE · há 2 semanas');
      expect(html, encoding).not.toMatch(/escondeu|retirou|espera o vendedor/);
      expect(html, encoding).not.toContain(REVIEWS_MARKER);
    }
    // In the seller's order, between the sections around the marker.
    const { plain } = bodies;
    expect(plain.indexOf('Recarga')).toBeLessThan(plain.indexOf('Primeira avaliação'));
    expect(plain.indexOf('Primeira avaliação')).toBeLessThan(plain.indexOf('Segunda avaliação'));
    expect(plain.indexOf('Terceira avaliação')).toBeLessThan(plain.indexOf('Serviços'));
  });

  it('follows moderation on refreshReviews(): a newly published one appears, an unpublished one goes', async () => {
    const { db, server } = running;
    const first = await insertReview({ text: 'Primeira avaliação publicada, muito boa.' });
    await insertReview({ text: 'Segunda avaliação publicada, ótima lista.' });
    await insertReview({ text: 'Terceira avaliação publicada, recomendo.' });
    const later = await insertReview({ text: 'Uma avaliação publicada mais tarde.', status: 'pending' });
    await server.refreshReviews();
    expect((await landingBodies(server)).br).not.toContain('publicada mais tarde');

    await setReviewColumns(db, later, { status: 'published', published_at: NOW });
    await setReviewColumns(db, first, { status: 'withdrawn', position: null });
    // Still the old bytes until the refresh.
    expect((await landingBodies(server)).gzip).toContain('Primeira avaliação');
    await server.refreshReviews();
    for (const [encoding, html] of Object.entries(await landingBodies(server))) {
      expect(html, encoding).toContain('Uma avaliação publicada mais tarde.');
      expect(html, encoding).toContain('Recife/PE · hoje');
      expect(html, encoding).not.toContain('Primeira avaliação');
      expect(html, encoding).toContain('de 3 avaliações');
    }
  });

  it('follows a change made elsewhere (another instance, `npm run buyer delete`) within seconds, with no signal', async () => {
    const { db } = running;
    const first = await insertReview({ text: 'Primeira avaliação publicada, muito boa.' });
    await insertReview({ text: 'Segunda avaliação publicada, ótima lista.' });
    await insertReview({ text: 'Terceira avaliação publicada, recomendo.' });
    const fourth = await insertReview({ text: 'Quarta avaliação publicada, chegou rápido.' });
    // A second instance on the same database, running its jobs as main.ts does.
    const other = createTestApp(db, { REVIEWS_MIN: '3' }, { site: loadSite(clientDir), now: () => NOW });
    other.startJobs();
    try {
      await expect.poll(async () => (await landingBodies(other)).plain, { timeout: 10_000 }).toContain('Quarta avaliação');
      // Erased by the command line (a row gone) and withdrawn on the first instance (a status changed).
      await deleteReviews(db, fourth);
      await setReviewColumns(db, first, { status: 'withdrawn', position: null, updated_at: NOW });
      const started = Date.now();
      await expect
        .poll(async () => (await landingBodies(other)).br, { timeout: 10_000, interval: 200 })
        .not.toMatch(/Quarta avaliação|Primeira avaliação/);
      // Within the 2 s check (and well before the 30 s full refresh), in every encoding.
      expect(Date.now() - started).toBeLessThan(REVIEWS_CHECK_MS + 3_000);
      const bodies = await landingBodies(other);
      for (const html of Object.values(bodies)) expect(html).not.toContain('Primeira avaliação');
      // Two left: fewer than REVIEWS_MIN, so the section is gone.
      expect(bodies.plain).not.toContain('Quem comprou, avalia');
    } finally {
      await other.stopJobs();
    }
  });

  it('escapes what buyers wrote', async () => {
    const { server } = running;
    await insertReview({ text: 'Ótimo <script>alert(1)</script> & "aspas" \'simples\'', name: '<img src=x onerror=alert(1)>' });
    await insertReview({ text: 'Segunda avaliação publicada, ótima lista.' });
    await insertReview({ text: 'Terceira avaliação publicada, recomendo.' });
    await server.refreshReviews();
    for (const [encoding, html] of Object.entries(await landingBodies(server))) {
      expect(html, encoding).toContain('Ótimo &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;aspas&quot; &#39;simples&#39;');
      expect(html, encoding).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(html, encoding).not.toContain('<script>alert(1)');
      expect(html, encoding).not.toContain('<img src=x');
      // The only script is the page's own, which the policy's hash covers.
      expect(html.match(/<script/g), encoding).toHaveLength(1);
    }
  });
});

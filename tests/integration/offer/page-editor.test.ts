import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../src/content/offer.ts';
import { LANDING_BUDGET_BYTES, type AdminPageState, type Offer } from '../../../src/shared/offer.ts';
import type { PageVersionReply } from '../../../src/shared/offer-diff.ts';
import { OFFER_ELEMENT_ID } from '../../../src/shared/offer-pages.ts';
import { fetchFrom, newClientAddress, signInToConsole } from '../../support/clients.ts';
import { auditRows } from '../../support/db-reads.ts';
import { consoleCall } from '../../support/purchase.ts';
import { startTestServer, useTestServer, type TestServer } from '../../support/test-server.ts';
import { builtSite, siteBuilt } from '../../support/built-site.ts';
import { databases } from '../test-db.ts';

const PASSWORD = 'senha-do-painel-de-teste';
const site = () => builtSite(PASSWORD);

/** What a browser that takes brotli gets at `pathname` from `server`: the bytes on the wire and the page. */
async function fetchPage(server: Pick<TestServer, 'app'>, pathname: string): Promise<{ bytes: number; html: string }> {
  const response = await server.app.request(pathname, { headers: { 'Accept-Encoding': 'br' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-encoding')).toBe('br');
  const body = Buffer.from(await response.arrayBuffer());
  return { bytes: body.length, html: zlib.brotliDecompressSync(body).toString('utf8') };
}

/** A text no compressor shortens much: what makes `/` heavy. */
function noise(length: number, seed: number): string {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += 'abcdefghijklmnopqrstuvwxyz ,.ãçéõ'[state % 33];
  }
  return text.trim().padEnd(length, 'x');
}

function edited(change: (offer: Offer) => void): Offer {
  const offer = structuredClone(offerDefaults);
  change(offer);
  return offer;
}

describe.skipIf(!siteBuilt).each(databases)('the seller edits the page in the console ($name)', (database) => {
  const running = useTestServer(
    database,
    { ADMIN_PASSWORD: PASSWORD, SUPPORT_EMAIL: 'ajuda@loja.example.com', WHATSAPP_GROUP_URL: 'https://chat.whatsapp.com/GrupoDaLoja123' },
    { site: site },
  );
  let cookie: string;
  let other: TestServer;
  const url = () => running.server.url;
  const call = (pathname: string, body?: unknown) => consoleCall(url(), cookie, pathname, body);
  const state = async () => (await (await call('/page')).json()) as AdminPageState;

  beforeAll(async () => {
    cookie = await signInToConsole(url(), PASSWORD);
    // A second instance on the same database, as behind nginx.
    other = await startTestServer(running.db, { ADMIN_PASSWORD: PASSWORD }, { site: site() });
  });
  afterAll(async () => other.stop());

  const headline = 'Netflix e +30 apps por R$ 1,00 — lista nova de 2027';
  const answer = 'Pelo e-mail, em até 5 minutos depois do PIX. A garantia é de {garantia} dias e custa {preco}.';

  it('starts from the content files, keeps a draft apart from the live page, previews it, then publishes it to / and /presell', async () => {
    const start = await state();
    expect(start.live.number).toBe(0);
    expect(start.live.offer).toEqual(offerDefaults);
    expect(start.draft).toBeNull();
    expect((await fetchPage(running.server, '/')).html).toContain(
      offerDefaults.hero.headline.split(offerDefaults.hero.highlight)[0]!.trim(),
    );

    const draft = edited((offer) => {
      offer.hero.headline = headline;
      offer.hero.highlight = 'R$ 1,00';
      offer.faq.items[0]!.answer = answer;
      offer.faqGrid.items[0]!.answer = answer;
      offer.presell.headline = 'Quer pagar menos nos seus apps?';
      offer.meta.landingTitle = 'Lista de Fornecedores 2027';
      offer.howItWorks.steps[1]!.title = 'Fale com o fornecedor';
      offer.bonuses.items = [
        { id: 'bonus-id-nunca-impresso', title: 'IPTV vitalício', text: 'Canais ao vivo.', valueCents: 10_000, image: '' },
        { id: 'canva', title: 'Canva Pro', text: 'Artes e vídeos.', valueCents: 5_000, image: '' },
      ];
    });
    const saved = await call('/page/draft', { baseNumber: 0, offer: draft });
    expect(saved.status).toBe(200);
    const { landingBytes } = (await saved.json()) as { landingBytes: number };
    expect(landingBytes).toBeGreaterThan(5_000);
    expect(landingBytes).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);

    // Saved, not live: a visitor still sees the published page.
    expect((await fetchPage(running.server, '/')).html).not.toContain('lista nova de 2027');
    expect((await state()).draft?.offer.hero.headline).toBe(headline);

    // The preview: the real page from the draft, without a single script, never indexed, framed by the console only.
    const preview = await call('/page/preview/landing');
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(preview.headers.get('x-robots-tag')).toBe('noindex');
    const previewHtml = await preview.text();
    expect(previewHtml).toContain('lista nova de 2027');
    expect(previewHtml).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(previewHtml).not.toMatch(/<script/i);
    // Its links are the live page's: the shop's support and group, never the build's tokens.
    expect(previewHtml).not.toContain('__VITRINE_');
    expect(previewHtml).toContain('mailto:ajuda@loja.example.com');
    expect((await fetchPage(running.server, '/')).html).not.toContain('__VITRINE_');

    const published = await call('/page/publish', { baseNumber: 0 });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ number: 1 });

    const landing = await fetchPage(running.server, '/');
    expect(landing.html).toContain('lista nova de 2027');
    // `{garantia}` and `{preco}` are filled in where the page prints them; the accordion's island
    // (its answers closed, so not in the HTML) gets the one changed answer in the page's data, by its
    // index, and fills it as it renders; nothing else of the section travels, nor the hero (no island).
    expect(landing.html).toContain('A garantia é de 7 dias e custa R$\u00a019,90.');
    const data = JSON.parse(
      new RegExp(`<script type="application/json" id="${OFFER_ELEMENT_ID}">(.*?)</script>`).exec(landing.html)![1]!,
    ) as unknown;
    expect(data).toEqual({ faq: { items: { 0: { answer } } } });
    expect(landing.html).toContain('<title>Lista de Fornecedores 2027</title>');
    expect(landing.html).toContain(`id="${OFFER_ELEMENT_ID}"`);
    expect(landing.bytes).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
    expect((await fetchPage(running.server, '/presell')).html).toContain('Quer pagar menos nos seus apps?');
    expect(landing.html).toContain('Fale com o fornecedor');
    // A list item's id is the console's and the merge's, never the page's.
    expect(landing.html).toContain('IPTV vitalício');
    expect(landing.html).not.toContain('bonus-id-nunca-impresso');
    // The bonuses' totals are summed from the bonuses shown: R$ 150,00, and R$ 130,10 saved at R$ 19,90.
    expect(landing.html).toContain('R$\u00a0150,00');
    expect(landing.html).toContain('R$\u00a0130,10');
    expect(landing.html).not.toContain('CapCut Pro');

    const after = await state();
    expect(after.live.number).toBe(1);
    expect(after.draft).toBeNull();
    expect(after.history[0]).toMatchObject({ number: 1, restoredFrom: null });
    expect(after.history[0]!.publishedBy).not.toBe('');
    expect((await auditRows(running.db)).map((row) => row.action)).toContain('page_publish');
  });

  it('serves the new version on another instance once it checks (every second with its jobs running)', async () => {
    expect((await fetchPage(other, '/')).html).not.toContain('lista nova de 2027');
    // Before it checks, that instance still shows "Restaurar" the diff against the version just published.
    const compared = (await (await consoleCall(other.url, cookie, '/page/versions/0')).json()) as PageVersionReply;
    expect(compared.offer).toEqual(offerDefaults);
    expect(compared.live.hero.headline).toBe(headline);
    await other.checkOffer();
    expect((await fetchPage(other, '/')).html).toContain('lista nova de 2027');
  });

  it('answers 409 with both texts to a publish based on an older live version that changed the same field, and the page stays as published', async () => {
    const draft = edited((offer) => {
      offer.hero.headline = 'Um título de uma aba esquecida aberta';
      offer.hero.highlight = '';
    });
    expect((await call('/page/draft', { baseNumber: 0, offer: draft })).status).toBe(200);
    const refused = await call('/page/publish', {});
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string; conflicts: Array<{ path: string; theirs: unknown; mine: unknown }> };
    expect(body.error).toContain('Outra pessoa publicou enquanto você editava');
    expect(body.conflicts).toContainEqual({ path: 'hero.headline', theirs: headline, mine: 'Um título de uma aba esquecida aberta' });
    expect((await fetchPage(running.server, '/')).html).toContain('lista nova de 2027');
    expect((await state()).live.number).toBe(1);
  });

  it('refuses an edit that would break /’s 14 KB, with the size, and publishes nothing', async () => {
    const heavy = edited((offer) => {
      offer.faq.items = offer.faq.items.map((item, index) => ({ id: item.id, question: item.question, answer: noise(600, index + 1) }));
      offer.faqGrid.items = offer.faqGrid.items.map((item, index) => ({
        id: item.id,
        question: item.question,
        answer: noise(600, index + 50),
      }));
    });
    expect((await call('/page/draft', { baseNumber: 1, offer: heavy })).status).toBe(200);
    const refused = await call('/page/publish', { baseNumber: 1 });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: string; fields: { landingBytes: string } };
    expect(Number(body.fields.landingBytes)).toBeGreaterThan(LANDING_BUDGET_BYTES);
    expect(body.error).toMatch(/teria \d+,\d KB comprimida, acima do limite de 14,0 KB/);
    expect((await state()).live.number).toBe(1);
  });

  it('refuses texts and links the page must not print, field by field, in Portuguese', async () => {
    const bad = edited((offer) => {
      offer.seller.whatsappGroupUrl = 'javascript:alert(1)';
      offer.hero.headline = 'x'.repeat(200);
      offer.faq.items = [];
    });
    const refused = await call('/page/draft', { baseNumber: 1, offer: bad });
    expect(refused.status).toBe(422);
    const { fields } = (await refused.json()) as { fields: Record<string, string> };
    expect(fields['seller.whatsappGroupUrl']).toMatch(/https:\/\//);
    expect(fields['hero.headline']).toBe('Use no máximo 110 caracteres.');
    expect(fields['faq.items']).toBe('Mantenha pelo menos 1 item.');
  });

  it('refuses a price under the provider minimum field by field (prices published: offer-prices.test.ts)', async () => {
    const tooCheap = await call('/page/draft', { baseNumber: 1, offer: edited((offer) => (offer.product.priceCents = 499)) });
    expect(((await tooCheap.json()) as { fields: Record<string, string> }).fields['product.priceCents']).toBe(
      'O preço mínimo aceito pelo provedor de PIX é R$ 5,00.',
    );
  });

  it('restores an earlier version as a new one, recorded in the history and the audit log', async () => {
    const restored = await call('/page/versions/0/restore', { baseNumber: 1 });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ number: 2 });
    const landing = (await fetchPage(running.server, '/')).html;
    expect(landing).not.toContain('lista nova de 2027');
    expect(landing).not.toContain(`id="${OFFER_ELEMENT_ID}"`);
    const after = await state();
    expect(after.live).toMatchObject({ number: 2, offer: offerDefaults });
    expect(after.history.map((version) => [version.number, version.restoredFrom])).toEqual([
      [2, 0],
      [1, null],
    ]);
    expect((await auditRows(running.db)).map((row) => row.action)).toContain('page_restore');
    // An older base again: 409, whatever is restored.
    expect((await call('/page/versions/1/restore', { baseNumber: 1 })).status).toBe(409);
  });

  it('serves each request one version whole while a publish swaps the pages in', async () => {
    const both = edited((offer) => {
      offer.hero.headline = 'Um título novo com R$ 1,00 no topo da página';
      offer.footer.disclaimer = 'Um aviso novo no rodapé, da mesma versão do título.';
    });
    expect((await call('/page/draft', { baseNumber: 2, offer: both })).status).toBe(200);
    const published = call('/page/publish', { baseNumber: 2 });
    let done = false;
    void published.finally(() => (done = true));
    const seen: Array<[boolean, boolean]> = [];
    while (!done || seen.length < 5) {
      // In-process requests resolve without a turn of the event loop: give the publish its turns.
      await new Promise((resolve) => setTimeout(resolve, 2));
      const { html } = await fetchPage(running.server, '/');
      seen.push([html.includes('Um título novo com'), html.includes('Um aviso novo no rodapé')]);
    }
    expect((await published).status).toBe(200);
    // Never the new headline with the old footer, nor the other way round.
    expect(seen.filter(([headline, footer]) => headline !== footer)).toEqual([]);
    // Both versions were read while it went on: the old one first, the new one at the end.
    expect(seen[0]).toEqual([false, false]);
    expect(seen.at(-1)).toEqual([true, true]);
  });

  it('takes edits only from a signed-in session on the console’s own origin', async () => {
    const body = { baseNumber: 3, offer: offerDefaults };
    expect((await consoleCall(url(), 'vitrine_admin=forged', '/page/draft', body)).status).toBe(401);
    expect((await consoleCall(url(), cookie, '/page/draft', body, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await consoleCall(url(), cookie, '/page/publish', { baseNumber: 3 }, { origin: null })).status).toBe(403);
  });
});

describe.skipIf(!siteBuilt).each(databases)('the seller’s identity and the publish limit ($name)', (database) => {
  const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { site: site });

  it('prints the seller’s name where no variable is set, and the variable’s where one is', async () => {
    const cookie = await signInToConsole(running.server.url, PASSWORD);
    const named = structuredClone(offerDefaults);
    named.seller.name = 'Loja da Maria Ltda';
    expect((await consoleCall(running.server.url, cookie, '/page/draft', { baseNumber: 0, offer: named })).status).toBe(200);
    expect((await consoleCall(running.server.url, cookie, '/page/publish', { baseNumber: 0 })).status).toBe(200);
    for (const pathname of ['/', '/termos']) {
      const { html } = await fetchPage(running.server, pathname);
      expect(html, pathname).toContain('Loja da Maria Ltda');
      expect(html, pathname).not.toContain('Nome do vendedor');
    }
    // Another instance whose SELLER_NAME is set keeps it: the environment wins.
    const configured = await startTestServer(running.db, { ADMIN_PASSWORD: PASSWORD, SELLER_NAME: 'Maria Souza ME' }, { site: site() });
    try {
      await configured.checkOffer();
      const { html } = await fetchPage(configured, '/');
      expect(html).toContain('Maria Souza ME');
      expect(html).not.toContain('Loja da Maria Ltda');
      const state = (await (
        await consoleCall(configured.url, await signInToConsole(configured.url, PASSWORD), '/page')
      ).json()) as AdminPageState;
      expect(state.fromEnvironment).toEqual(['name']);
    } finally {
      await configured.stop();
    }
  });

  it('limits publishes per client: the 31st in an hour is refused with 429', async () => {
    // A client of its own (its own count), from a loopback address of its own.
    const from = fetchFrom(newClientAddress());
    const cookie = await signInToConsole(running.server.url, PASSWORD);
    const publish = () =>
      from(`${running.server.url}/api/admin/page/publish`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: running.server.url, 'Content-Type': 'application/json' },
        body: JSON.stringify({ baseNumber: 7 }),
      });
    // Refused publishes count too (a publish may render the pages): with no draft saved each answers 404 at once.
    for (let attempt = 1; attempt <= 30; attempt++) expect((await publish()).status).toBe(404);
    const refused = await publish();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe.skipIf(!siteBuilt).each(databases)('the top-up, services, catalogue and example chat sections ($name)', (database) => {
  const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { site: site });
  const script = (name: string) => `<script>alert("${name}")</script>`;

  it('refuses a text too long for each, in Portuguese, and publishes an edit of each to / with every text escaped', async () => {
    const cookie = await signInToConsole(running.server.url, PASSWORD);
    const call = (pathname: string, body?: unknown) => consoleCall(running.server.url, cookie, pathname, body);

    const tooLong = edited((offer) => {
      offer.topUp.cta = 'QUERO RECARGA COM 80% OFF AGORA MESMO';
      offer.services.included[2]!.name = 'Spotify Premium Família';
      offer.catalogue.tiers[1]!.label = 'Os queridinhos de todas as famílias do Brasil';
      offer.howItWorksChat.messages[0]!.text = 'Oi! '.repeat(40);
    });
    const refused = await call('/page/draft', { baseNumber: 0, offer: tooLong });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({
      'topUp.cta': 'Use no máximo 32 caracteres.',
      'services.included.2.name': 'Use no máximo 20 caracteres.',
      'catalogue.tiers.1.label': 'Use no máximo 40 caracteres.',
      'howItWorksChat.messages.0.text': 'Use no máximo 120 caracteres.',
    });

    const draft = edited((offer) => {
      offer.topUp.title = script('recarga');
      offer.topUp.freeCreditClaim = 'R$ 10,00 de crédito grátis';
      offer.services.extras[0]!.text = script('extras');
      offer.services.included.push({ id: 'mubi', name: 'Mubi' });
      offer.catalogue.subtitle = script('catalogo');
      offer.catalogue.tiers[0]!.label = 'Os campeões';
      offer.howItWorksChat.messages[2]!.text = script('conversa');
      offer.howItWorksChat.paidCents = 300;
      // The supplier in the chat names the same amount: "R$ 3,50" beside a R$ 3,00 card is refused (shared/copy-claims.ts).
      offer.howItWorksChat.messages[1]!.text = 'Oi! Fica R$ 3,00 por mês, tela ultra HD.';
    });
    expect((await call('/page/draft', { baseNumber: 0, offer: draft })).status).toBe(200);
    expect((await call('/page/publish', { baseNumber: 0 })).status).toBe(200);

    const landing = await fetchPage(running.server, '/');
    expect(landing.bytes).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
    for (const name of ['recarga', 'extras', 'catalogo', 'conversa'])
      expect(landing.html, name).toContain(`&lt;script&gt;alert(&quot;${name}&quot;)&lt;/script&gt;`);
    expect(landing.html).not.toMatch(/<script>alert/);
    expect(landing.html).toContain('>R$ 10,00 de crédito grátis</strong>');
    expect(landing.html).not.toContain(`>${offerDefaults.topUp.freeCreditClaim}</strong>`);
    expect(landing.html).toContain('>Mubi</span>');
    expect(landing.html).toContain('>Os campeões</h3>');
    // The chat's saving is the official price minus what was paid: R$ 55,90 − R$ 3,00.
    expect(landing.html).toContain('R$\u00a052,90');
    // The catalogue is an island: its changes travel in the data block too, `<` escaped there; the static sections' never do.
    const data = JSON.parse(
      new RegExp(`<script type="application/json" id="${OFFER_ELEMENT_ID}">(.*?)</script>`).exec(landing.html)![1]!,
    ) as unknown;
    expect(data).toEqual({ catalogue: { subtitle: script('catalogo'), tiers: { 0: { label: 'Os campeões' } } } });
    expect(landing.html).toContain('\\u003cscript>alert(\\"catalogo\\")\\u003c/script>');
  });
});

import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../src/content/offer.ts';
import type { ExperimentList } from '../../../src/shared/experiments/experiment-api.ts';
import { LANDING_BUDGET_BYTES, type AdminPageState } from '../../../src/shared/offer.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, postOrder, signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, orderVariants } from '../../support/db-reads.ts';
import { consoleCall, sandboxSays } from '../../support/purchase.ts';
import { startTestServer, useTestServer, type TestServer } from '../../support/test-server.ts';
import { builtSite, siteBuilt } from '../../support/built-site.ts';
import { databases } from '../test-db.ts';

const PASSWORD = 'senha-do-painel-de-teste';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const HEADLINE_B = 'Os fornecedores que as lojas grandes usam, em uma lista só';
/** What the page prints of it before the highlighted words, which it wraps apart. */
const SHOWN_B = 'Os fornecedores que as lojas grandes usam, em uma';
const DAY = 86_400_000;
const PRESELL_B = 'Quer pagar menos nos seus apps todo mês, sem perder nenhum?';

interface Visit {
  mark: string | null;
  html: string;
  headers: Headers;
  brotliBytes: number;
}

/** `/` (or `pathname`) as a phone's browser at `address` gets it from `url`: the variant its `<html>` names, and the bytes on the wire. */
async function visit(url: string, address: string, headers: Record<string, string> = {}, pathname = '/'): Promise<Visit> {
  const response = await fetchFrom(address)(`${url}${pathname}`, {
    headers: { 'User-Agent': BROWSER, 'Accept-Encoding': 'br', ...headers },
  });
  expect(response.status).toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  const html = zlib.brotliDecompressSync(body).toString('utf8');
  return {
    mark: /<html[^>]* data-experiment="([^"]+)"/.exec(html)?.[1] ?? null,
    html,
    headers: response.headers,
    brotliBytes: body.length,
  };
}

const headlineTest = (endsAt: number, patch: Record<string, unknown> = { hero: { headline: HEADLINE_B, highlight: 'lista só' } }) => ({
  page: '/',
  name: 'Título do topo',
  variants: [
    { weight: 1, patch: {} },
    { weight: 1, patch },
  ],
  metric: 'revenue',
  plannedLift: 0.2,
  plannedVisitors: 53_276,
  endsAt,
});

describe.skipIf(!siteBuilt).each(databases)('A/B tests of the page, served by the server ($name)', (database) => {
  const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { site: () => builtSite(PASSWORD) });
  let cookie: string;
  let other: TestServer;
  let experimentId: string;
  /** Each client address and the variant it was given. */
  const assigned = new Map<string, number>();
  const url = () => running.server.url;
  const call = (pathname: string, body?: unknown) => consoleCall(url(), cookie, pathname, body);
  const list = async () => (await (await call('/experiments')).json()) as ExperimentList;

  beforeAll(async () => {
    cookie = await signInToConsole(url(), PASSWORD);
    // A second instance on the same database, as behind nginx.
    other = await startTestServer(running.db, { ADMIN_PASSWORD: PASSWORD }, { site: builtSite(PASSWORD) });
  });
  afterAll(async () => other.stop());

  it('refuses a variant that changes a price or an announced value, saying why in Portuguese', async () => {
    const endsAt = Date.now() + 28 * DAY;
    const price = await call('/experiments', headlineTest(endsAt, { product: { priceCents: offerDefaults.product.priceCents - 100 } }));
    expect(price.status).toBe(422);
    expect(((await price.json()) as { error: string }).error).toMatch(/nunca muda preços.*Código de Defesa do Consumidor/);
    const bonuses = structuredClone(offerDefaults.bonuses.items);
    bonuses[0]!.valueCents += 1_000;
    const value = await call('/experiments', headlineTest(endsAt, { bonuses: { items: bonuses } }));
    expect(value.status).toBe(422);
    expect(((await value.json()) as { error: string }).error).toMatch(/nunca muda preços/);
    // A presell field is no part of `/`.
    const wrongPage = await call('/experiments', headlineTest(endsAt, { presell: { headline: 'Quer pagar menos nos seus apps?' } }));
    expect(wrongPage.status).toBe(422);
    expect((await list()).experiments).toEqual([]);
  });

  it('starts a headline test on / and refuses a second running test on the same page', async () => {
    const created = await call('/experiments', headlineTest(Date.now() + 28 * DAY));
    expect(created.status).toBe(201);
    experimentId = ((await created.json()) as { id: string }).id;
    const second = await call(
      '/experiments',
      headlineTest(Date.now() + 28 * DAY, { hero: { headline: 'Outro título para testar agora', highlight: 'testar agora' } }),
    );
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toMatch(/Já há um teste rodando em \//);
    const { experiments, planner } = await list();
    expect(experiments.map((test) => [test.id, test.status])).toEqual([[experimentId, 'running']]);
    expect(experiments[0]!.judgement.verdict).toEqual({ kind: 'continue', reason: 'few-conversions' });
    expect(planner['/'].days).toBe(28);
  });

  it('serves each visitor one variant’s own document, the same on reloads and on the other instance, with no cookie and no shared caching', async () => {
    // The other instance picks the test up at its next check (the offer timer, every second).
    await other.checkOffer();
    for (let client = 0; client < 24; client++) {
      const address = newClientAddress();
      const first = await visit(url(), address);
      expect(first.mark).toMatch(new RegExp(`^${experimentId}\\.[01]$`));
      const variant = Number(first.mark!.split('.')[1]);
      assigned.set(address, variant);
      // The document itself differs: no client-side swap.
      expect(first.html.includes(SHOWN_B)).toBe(variant === 1);
      expect(first.headers.get('set-cookie')).toBeNull();
      expect(first.headers.get('cache-control')).toMatch(/\bprivate\b/);
      expect(first.brotliBytes).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
      if (client < 4) {
        expect((await visit(url(), address)).mark).toBe(first.mark);
        expect((await visit(other.url, address)).mark).toBe(first.mark);
      }
    }
    expect(new Set(assigned.values())).toEqual(new Set([0, 1]));
  });

  it('gives bots and the seller’s console session the page as published, uncounted', async () => {
    const bot = await visit(url(), newClientAddress(), {
      'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(bot.mark).toBeNull();
    expect(bot.html).not.toContain(SHOWN_B);
    const seller = await visit(url(), newClientAddress(), { Cookie: cookie });
    expect(seller.mark).toBeNull();
  });

  it('records the variant on the order the page placed, and counts visitors, checkouts, PIX and revenue per variant', async () => {
    const [address, variant] = [...assigned].find(([, given]) => given === 1)!;
    const mark = `${experimentId}.${variant}`;
    const begun = await fetchFrom(address)(`${url()}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': BROWSER },
      body: JSON.stringify({ name: 'begin_checkout', path: '/' }),
    });
    expect(begun.status).toBeLessThan(300);
    const order = await postOrder<{ orderId: string }>(
      url(),
      { ...uniqueBuyer(), checkoutKey: newCheckoutKey(), experiment: mark },
      address,
      {
        'User-Agent': BROWSER,
      },
    );
    expect(order.status).toBe(201);
    await sandboxSays(running.server, running.db, order.body.orderId, 'paid');
    const row = await orderRow(running.db, order.body.orderId);
    expect(await orderVariants(running.db, order.body.orderId)).toEqual([[experimentId, 1]]);
    // A variant of no running test is dropped, never refused.
    const unknown = await postOrder<{ orderId: string }>(url(), {
      ...uniqueBuyer(),
      checkoutKey: newCheckoutKey(),
      experiment: 'exp_outro.1',
    });
    expect(unknown.status).toBe(201);
    expect(await orderVariants(running.db, unknown.body.orderId)).toEqual([]);

    await Promise.all([running.server.background.idle(), other.background.idle()]);
    const [test] = (await list()).experiments;
    const visitorsOf = (arm: number) => [...assigned.values()].filter((given) => given === arm).length;
    expect(test!.figures.map((arm) => arm.visitors)).toEqual([visitorsOf(0), visitorsOf(1)]);
    expect(test!.figures[1]).toMatchObject({ checkoutsBegun: 1, pixGenerated: 1, pixPaid: 1, revenueCents: Number(row.amount_cents) });
    expect(test!.figures[0]).toMatchObject({ checkoutsBegun: 0, pixGenerated: 0, pixPaid: 0, revenueCents: 0 });

    // The guardrails: the seller's refund of that order and a contestation entered by hand count for its variant only.
    expect((await call(`/orders/${order.body.orderId}/refund/start`, {})).status).toBeLessThan(300);
    expect((await call('/disputes', { query: row.public_ref })).status).toBe(201);
    await running.server.background.idle();
    const [guarded] = (await list()).experiments;
    expect(guarded!.figures.map((arm) => [arm.refundRequests, arm.disputes])).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });

  it('"Declarar vencedor" without evidence publishes the version only on the seller’s typed confirmation, recorded as no proven winner', async () => {
    const before = (await (await call('/page')).json()) as AdminPageState;
    // One sale in all: the verdict names no version, so the server refuses B as a winner and publishes nothing.
    expect((await list()).experiments[0]!.judgement.verdict.kind).toBe('continue');
    for (const confirmation of [undefined, 'sim']) {
      const refused = await call(`/experiments/${experimentId}/winner`, { variant: 1, confirmation });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toMatch(/não aponta essa versão.*digite SEM EVIDÊNCIA/);
    }
    expect(((await (await call('/page')).json()) as AdminPageState).live.number).toBe(before.live.number);
    expect((await list()).experiments[0]!.status).toBe('running');
    const declared = await call(`/experiments/${experimentId}/winner`, { variant: 1, confirmation: ' sem evidencia ' });
    expect(declared.status).toBe(200);
    const { number } = (await declared.json()) as { number: number };
    expect(number).toBe(before.live.number + 1);
    const after = (await (await call('/page')).json()) as AdminPageState;
    expect(after.live.offer.hero.headline).toBe(HEADLINE_B);
    expect(after.history.map((version) => version.number)).toContain(number);
    const [test] = (await list()).experiments;
    expect([test!.status, test!.winner, test!.chosen, test!.winnerVersion]).toEqual(['chosen', null, 1, number]);
    // Declared once: a second "Declarar vencedor" publishes nothing.
    expect((await call(`/experiments/${experimentId}/winner`, { variant: 0 })).status).toBe(409);
    // Every visitor now gets the published winner, from either instance, cacheable again.
    await other.checkOffer();
    for (const server of [url(), other.url]) {
      const page = await visit(server, newClientAddress());
      expect(page.mark).toBeNull();
      expect(page.html).toContain(SHOWN_B);
      expect(page.headers.get('cache-control')).not.toMatch(/private/);
    }
    // The page is free for the next test.
    const next = await call(
      '/experiments',
      headlineTest(Date.now() + 28 * DAY, { hero: { headline: 'Mais um título para o próximo teste', highlight: 'próximo teste' } }),
    );
    expect(next.status).toBe(201);
  });

  it('counts an order for the /presell test’s variant its buyer saw, recognised at the checkout by the same daily id', async () => {
    const [current] = (await list()).experiments.filter((test) => test.status === 'running');
    expect((await call(`/experiments/${current!.id}/stop`, {})).status).toBe(200);
    const created = await call('/experiments', {
      ...headlineTest(Date.now() + 28 * DAY, { presell: { headline: PRESELL_B } }),
      page: '/presell',
      name: 'Título da pré-venda',
    });
    expect(created.status).toBe(201);
    const presellId = ((await created.json()) as { id: string }).id;
    await other.checkOffer();
    const seen = new Map<number, string>();
    for (let client = 0; client < 24 && seen.size < 2; client++) {
      const address = newClientAddress();
      const page = await visit(url(), address, {}, '/presell');
      const variant = Number(page.mark!.split('.')[1]);
      expect(page.mark).toBe(`${presellId}.${variant}`);
      expect(page.html.includes(PRESELL_B)).toBe(variant === 1);
      // `/` is under no test now: its document names none, so the checkout sends no mark.
      expect((await visit(url(), address)).mark).toBeNull();
      seen.set(variant, address);
    }
    expect([...seen.keys()].sort()).toEqual([0, 1]);
    await Promise.all([running.server.background.idle(), other.background.idle()]);

    const buy = async (server: string, address: string, userAgent = BROWSER) => {
      const order = await postOrder<{ orderId: string }>(server, { ...uniqueBuyer(), checkoutKey: newCheckoutKey() }, address, {
        'User-Agent': userAgent,
      });
      expect(order.status).toBe(201);
      return orderVariants(running.db, order.body.orderId);
    };
    // B's buyer pays on this instance, A's on the other: the day's salt is the database's, so both recognise them.
    expect(await buy(url(), seen.get(1)!)).toEqual([[presellId, 1]]);
    expect(await buy(other.url, seen.get(0)!)).toEqual([[presellId, 0]]);
    // Someone who never opened /presell today, and another browser at B's address, count for no test.
    expect(await buy(url(), newClientAddress())).toEqual([]);
    expect(await buy(url(), seen.get(1)!, BROWSER.replace('Pixel 8', 'Pixel 9'))).toEqual([]);
    const [test] = (await list()).experiments;
    expect(test!.id).toBe(presellId);
    expect(test!.figures.map((arm) => arm.pixGenerated)).toEqual([1, 1]);
  });
});

describe.skipIf(!siteBuilt).each(databases)('an order counts for every running test its buyer was in ($name)', (database) => {
  const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: 'now', site: () => builtSite(PASSWORD) });
  const url = () => running.server.url;
  let cookie: string;
  let homeId: string;
  let presellId: string;
  const call = (pathname: string, body?: unknown) => consoleCall(url(), cookie, pathname, body);
  const mark = async (address: string, pathname: string) => Number((await visit(url(), address, {}, pathname)).mark!.split('.')[1]);
  /** An order placed on `/` from `address`; its [test, variant] rows. */
  const buy = async (address: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const order = await postOrder<{ orderId: string }>(url(), { ...uniqueBuyer(), checkoutKey: newCheckoutKey(), ...body }, address, {
      'User-Agent': BROWSER,
      ...headers,
    });
    expect(order.status).toBe(201);
    return { orderId: order.body.orderId, variants: await orderVariants(running.db, order.body.orderId) };
  };

  beforeAll(async () => {
    cookie = await signInToConsole(url(), PASSWORD);
    const endsAt = running.clock.now + 28 * DAY;
    const presell = await call('/experiments', {
      ...headlineTest(endsAt, { presell: { headline: PRESELL_B } }),
      page: '/presell',
      name: 'Título da pré-venda',
    });
    const home = await call('/experiments', headlineTest(endsAt));
    expect([presell.status, home.status]).toEqual([201, 201]);
    presellId = ((await presell.json()) as { id: string }).id;
    homeId = ((await home.json()) as { id: string }).id;
  });

  it('counts an order paid on / for the / test by its mark and for the /presell test by today’s visit, once each on a retry', async () => {
    // A buyer who saw /presell B and then / A, and one who saw /presell A and / B.
    const buyers = new Map<string, { address: string; presell: number; home: number }>();
    for (let client = 0; client < 40 && buyers.size < 2; client++) {
      const address = newClientAddress();
      const presell = await mark(address, '/presell');
      const home = await mark(address, '/');
      if (presell !== home) buyers.set(`${presell}${home}`, { address, presell, home });
    }
    expect([...buyers.keys()].sort()).toEqual(['01', '10']);
    await running.server.background.idle();
    for (const { address, presell, home } of buyers.values()) {
      const body = { ...uniqueBuyer(), checkoutKey: newCheckoutKey(), experiment: `${homeId}.${home}` };
      const { orderId, variants } = await buy(address, body);
      expect(variants).toEqual(
        [
          [homeId, home],
          [presellId, presell],
        ].sort(),
      );
      // A retry of that checkout (the same key) is the same order: another mark or cookie adds nothing.
      const retried = await buy(address, { ...body, experiment: `${homeId}.${presell}` }, { Cookie: `vitrine_ab=${presellId}.${home}` });
      expect(retried).toEqual({ orderId, variants });
    }
    const { experiments } = (await (await call('/experiments')).json()) as ExperimentList;
    for (const id of [homeId, presellId])
      expect(experiments.find((test) => test.id === id)!.figures.map((arm) => arm.pixGenerated)).toEqual([1, 1]);
  });

  it('attributes yesterday’s /presell variant through the consented cookie when today’s daily id never saw /presell, and ignores hostile cookies', async () => {
    const address = newClientAddress();
    const yesterday = await mark(address, '/presell');
    await running.server.background.idle();
    running.clock.now += DAY;
    const home = await mark(address, '/');
    const experiment = `${homeId}.${home}`;
    // Today's daily id never opened /presell: without the cookie the order counts for / only.
    expect((await buy(address, { experiment })).variants).toEqual([[homeId, home]]);
    // The cookie keeps yesterday's variant; its entry for / yields to the page's own mark.
    const kept = `vitrine_consent=x; vitrine_ab=${presellId}.${yesterday}~${homeId}.${1 - home}`;
    expect((await buy(newClientAddress(), { experiment }, { Cookie: kept })).variants).toEqual(
      [
        [homeId, home],
        [presellId, yesterday],
      ].sort(),
    );
    for (const hostile of [
      `vitrine_ab=${presellId}.2`,
      `vitrine_ab=${presellId}.1~a.0~b.0`,
      `vitrine_ab=${presellId}.1.1`,
      'vitrine_ab=__proto__.1',
      `vitrine_ab=${presellId}.1~${'x'.repeat(4_000)}`,
      `vitrine_ab=${'a-'.repeat(2_000)}.1`,
    ])
      expect((await buy(newClientAddress(), { experiment }, { Cookie: hostile })).variants, hostile).toEqual([[homeId, home]]);
  });
});

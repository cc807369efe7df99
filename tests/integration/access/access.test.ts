import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessNotDeliverableError, renderOutboxMessage } from '../../../src/server/access/access-email.ts';
import { storeAccessTokenHash } from '../../../src/server/access/access-repository.ts';
import { lookUpAccessToken } from '../../../src/server/access/access-service.ts';
import { hashAccessToken } from '../../../src/server/access/access-token.ts';
import type { StoredOrderStatus } from '../../../src/server/db/schema.ts';
import { loadSite } from '../../../src/server/http/site.ts';
import { replaceSupplierList } from '../../../src/server/suppliers/suppliers-repository.ts';
import type { MemberArea } from '../../../src/shared/access.ts';
import { pageKeys } from '../../../src/shared/route-lookup.ts';
import { documentFile } from '../../../src/shared/routes.ts';
import type { OrderItemKey } from '../../../src/shared/checkout.ts';
import { insertOrderItems, insertOrderRow, outboxRows, rowsOfOrder, setOrderColumns, tableRows } from '../../support/db-reads.ts';
import { databases } from '../test-db.ts';
import { createTestApp, useTestServer } from '../../support/test-server.ts';

type TestDb = Awaited<ReturnType<(typeof databases)[number]['create']>>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** A row as the payment confirmation leaves it: paid with an access token (or revoked later). */
async function insertOrder(
  db: TestDb,
  order: { status: StoredOrderStatus; email?: string; name?: string; token?: string | null; createdAt?: number },
) {
  const id = `ord_${unique()}`;
  const token = order.token === undefined ? `acc_${unique()}${unique()}` : order.token;
  const now = order.createdAt ?? Date.now();
  await insertOrderRow(db, {
    id,
    status: order.status,
    buyer_name: order.name ?? 'maria da silva',
    buyer_email: order.email ?? `buyer-${unique()}@example.com`,
    created_at: now,
  });
  if (token) await storeAccessTokenHash(db.db, id, hashAccessToken(token), now);
  return { id, token: token ?? '' };
}

/** `name=value` of a Set-Cookie header, plus its attributes in lower case. */
function parseSetCookie(header: string) {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { pair, attributes: attributes.map((attribute) => attribute.toLowerCase()) };
}

// Fixture suppliers for the tests, not real contacts. File order differs from category order on purpose.
const supplierRows = [
  { name: 'Tela Cheia', category: 'Streaming', offer: 'Netflix e Disney+', whatsapp: '5511987654321', telegram: null, notes: null },
  {
    name: 'Som Livre',
    category: 'Música',
    offer: 'Spotify Premium',
    whatsapp: null,
    telegram: 'https://t.me/somlivre',
    notes: 'Responde à noite',
  },
  { name: 'Cine Mais', category: 'Streaming', offer: 'HBO Max', whatsapp: '5521912345678', telegram: 'javascript:alert(1)', notes: null },
  { name: 'Canal Zero', category: 'IPTV', offer: 'Canais abertos', whatsapp: '5531999990000', telegram: null, notes: null },
];
const LIST_UPDATED_AT = Date.UTC(2025, 2, 10, 15, 0, 0);
// The order bump's list, also fixtures.
const rechargeRows = [
  { name: 'Recarga Já', category: 'Operadoras', offer: 'Vivo e Claro', whatsapp: '5511987650001', telegram: null, notes: null },
  { name: 'Chip Certo', category: 'Operadoras', offer: 'TIM', whatsapp: null, telegram: 'https://t.me/chipcerto', notes: null },
];

/** The order's items, as the checkout writes them (orders/order-items.ts). */
async function insertItems(db: TestDb, orderId: string, items: OrderItemKey[]) {
  await insertOrderItems(
    db,
    items.map((item) => ({
      order_id: orderId,
      item,
      title: item === 'main' ? 'Lista de Fornecedores Secretos' : 'Lista de Fornecedores de Recarga',
      price_cents: item === 'main' ? 1990 : 990,
      product_hash: `sandbox-${item}-product`,
      offer_hash: `sandbox-${item}-offer`,
    })),
  );
}

for (const database of databases) {
  describe(`member area on ${database.name}`, () => {
    // The clock is aligned on a 10-minute boundary, so "the next window" is exactly 10 minutes later.
    const running = useTestServer(
      database,
      { SUPPORT_EMAIL: 'ajuda@example.com', TRUST_PROXY_HOPS: '1' },
      { clock: Date.UTC(2025, 2, 12, 12, 0, 0) },
    );
    let nextAddress = 1;
    /** Each test its own client address, so the per-address limit of one never spills into another. */
    const newAddress = () => `203.0.113.${nextAddress++}`;

    beforeAll(() => replaceSupplierList(running.db.db, 'suppliers', supplierRows, LIST_UPDATED_AT));

    const visit = (token: string) => fetch(`${running.server.url}/acesso/${token}`, { redirect: 'manual' });
    const readAccess = (cookie?: string) => fetch(`${running.server.url}/api/access`, { headers: cookie ? { Cookie: cookie } : {} });
    const resend = (body: unknown, address: string) =>
      fetch(`${running.server.url}/api/access/resend`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const outboxKinds = async (orderIds: string[]) =>
      (await Promise.all(orderIds.map((id) => outboxRows(running.db, id)))).flat().map((row) => `${row.order_id} ${row.kind}`);

    it('exchanges a paid token for an HttpOnly cookie and redirects to /acesso without the token', async () => {
      const { db } = running;
      const { token } = await insertOrder(db, { status: 'paid' });
      const response = await visit(token);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/acesso');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const cookies = response.headers.getSetCookie();
      expect(cookies).toHaveLength(1);
      const cookie = parseSetCookie(cookies[0]!);
      expect(cookie.pair).toBe(`vitrine_access=${token}`);
      expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
      expect(cookie.attributes.find((attribute) => attribute.startsWith('max-age='))).toBe(`max-age=${400 * 24 * 3600}`);
      // Plain http here: a Secure cookie would never come back.
      expect(cookie.attributes).not.toContain('secure');
    });

    it('GET /api/access with the cookie returns the first name, the update date and the grouped list', async () => {
      const { db } = running;
      const { token } = await insertOrder(db, { status: 'paid', name: 'MARIA da Silva' });
      const cookie = parseSetCookie((await visit(token)).headers.getSetCookie()[0]!).pair;
      const response = await readAccess(cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as {
        firstName: string;
        updatedAt: number;
        supportEmail: string;
        suppliers: Array<Record<string, unknown>>;
      };
      expect(body.firstName).toBe('Maria');
      expect(body.updatedAt).toBe(LIST_UPDATED_AT);
      expect(body.supportEmail).toBe('ajuda@example.com');
      expect(body.suppliers.map((supplier) => [supplier.category, supplier.name])).toEqual([
        ['IPTV', 'Canal Zero'],
        ['Música', 'Som Livre'],
        ['Streaming', 'Tela Cheia'],
        ['Streaming', 'Cine Mais'],
      ]);
      expect(Object.keys(body.suppliers[0]!).sort()).toEqual(['category', 'id', 'name', 'notes', 'offer', 'telegram', 'whatsapp']);
      expect(body.suppliers[1]).toMatchObject({ telegram: 'https://t.me/somlivre', whatsapp: null, notes: 'Responde à noite' });
      // Only t.me links become hrefs on the page.
      expect(body.suppliers[3]).toMatchObject({ whatsapp: '5521912345678', telegram: null });
    });

    it('a paid bump opens a second list with its own rows; without it the area has the main list only', async () => {
      const { db } = running;
      await replaceSupplierList(db.db, 'recharge', rechargeRows, LIST_UPDATED_AT + 60_000);
      const withBump = await insertOrder(db, { status: 'paid' });
      await insertItems(db, withBump.id, ['main', 'bump']);
      const mainOnly = await insertOrder(db, { status: 'paid' });
      await insertItems(db, mainOnly.id, ['main']);
      // The one-time offer after payment: the bump alone in an add-on order, once paid, opens the same list.
      const addonParent = await insertOrder(db, { status: 'paid' });
      await insertItems(db, addonParent.id, ['main']);
      const addon = await insertOrder(db, { status: 'paid', token: null });
      await setOrderColumns(db, addon.id, { kind: 'addon', parent_order_id: addonParent.id });
      await insertItems(db, addon.id, ['bump']);

      const areaOf = async (token: string) => {
        const cookie = parseSetCookie((await visit(token)).headers.getSetCookie()[0]!).pair;
        const response = await readAccess(cookie);
        expect(response.status).toBe(200);
        return (await response.json()) as MemberArea;
      };
      const mainNames = ['Canal Zero', 'Som Livre', 'Tela Cheia', 'Cine Mais'];

      const both = await areaOf(withBump.token);
      expect(both.suppliers.map((supplier) => supplier.name)).toEqual(mainNames);
      expect(both).toMatchObject({ updatedAt: LIST_UPDATED_AT, example: false });
      expect(both.extraLists).toHaveLength(1);
      expect(both.extraLists[0]).toMatchObject({ key: 'recharge', updatedAt: LIST_UPDATED_AT + 60_000, example: false });
      expect(both.extraLists[0]!.suppliers.map((supplier) => [supplier.category, supplier.name])).toEqual([
        ['Operadoras', 'Recarga Já'],
        ['Operadoras', 'Chip Certo'],
      ]);
      expect(Object.keys(both.extraLists[0]!.suppliers[0]!).sort()).toEqual([
        'category',
        'id',
        'name',
        'notes',
        'offer',
        'telegram',
        'whatsapp',
      ]);

      const one = await areaOf(mainOnly.token);
      expect(one.suppliers.map((supplier) => supplier.name)).toEqual(mainNames);
      expect(one.extraLists).toEqual([]);

      const afterAddon = await areaOf(addonParent.token);
      expect(afterAddon.extraLists.map((list) => list.key)).toEqual(['recharge']);
      // Until the add-on is paid, it opens nothing.
      await setOrderColumns(db, addon.id, { status: 'pending' });
      expect((await areaOf(addonParent.token)).extraLists).toEqual([]);
    });

    it('answers 401 in Portuguese without a cookie or with a made-up one', async () => {
      for (const cookie of [undefined, 'vitrine_access=acc_made_up']) {
        const response = await readAccess(cookie);
        expect(response.status).toBe(401);
        expect(response.headers.get('cache-control')).toBe('no-store');
        const body = (await response.json()) as { error: string; supportEmail: string };
        expect(body.error).toMatch(/acesso/);
        expect(body.supportEmail).toBe('ajuda@example.com');
      }
    });

    it('a refunded order: its link says the access ended (no cookie), and its cookie stops working (and is cleared)', async () => {
      const { db } = running;
      const { id, token } = await insertOrder(db, { status: 'paid' });
      const cookie = parseSetCookie((await visit(token)).headers.getSetCookie()[0]!).pair;
      expect((await readAccess(cookie)).status).toBe(200);

      await setOrderColumns(db, id, { status: 'reversed' });

      const link = await visit(token);
      expect(link.status).toBe(303);
      expect(link.headers.get('location')).toBe('/acesso?encerrado');
      expect(link.headers.getSetCookie()).toEqual([]);
      expect(link.headers.get('referrer-policy')).toBe('no-referrer');
      const api = await readAccess(cookie);
      expect(api.status).toBe(401);
      const refusal = (await api.json()) as { error: string; ended?: boolean };
      expect(refusal).toMatchObject({ error: 'Este acesso não está mais ativo.', ended: true });
      const cleared = parseSetCookie(api.headers.getSetCookie()[0]!);
      expect(cleared.pair).toBe('vitrine_access=');
      expect(cleared.attributes).toContain('max-age=0');
    });

    it('an unknown token answers 404, and no token or personal data reaches the log', async () => {
      const { server } = running;
      const response = await visit('acc_does_not_exist_0123456789');
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect((await visit('x'.repeat(300))).status).toBe(404);
      const log = server.logLines.map((entry) => entry.line).join('\n');
      expect(log).toContain('Access link refused');
      expect(log).not.toContain('acc_does_not_exist');
      expect(log).not.toMatch(/acc_[\w-]{20,}/);
      expect(log).not.toMatch(/@example\.com/);
    });

    it('resend answers the same for buyers and strangers and queues one e-mail per paid order per 10 minutes', async () => {
      const { db, server } = running;
      const email = `resend-${unique()}@example.com`;
      const first = await insertOrder(db, { status: 'paid', email });
      const second = await insertOrder(db, { status: 'paid', email });
      const revoked = await insertOrder(db, { status: 'reversed', email });
      const pending = await insertOrder(db, { status: 'pending', email, token: null });
      const orderIds = [first.id, second.id, revoked.id, pending.id];
      const address = newAddress();
      const window = Math.floor(running.clock.now / 600_000);

      const known = await resend({ email: `  ${email.toUpperCase()} ` }, address);
      const stranger = await resend({ email: `nobody-${unique()}@example.com` }, address);
      expect(known.status).toBe(202);
      expect(stranger.status).toBe(202);
      expect(known.headers.get('content-type')).toBe(stranger.headers.get('content-type'));
      expect(await known.text()).toBe(await stranger.text());

      const expected = [`${first.id} access_resend:${window}`, `${second.id} access_resend:${window}`].sort();
      expect((await outboxKinds(orderIds)).sort()).toEqual(expected);

      // Again within the same 10 minutes: same answer, nothing new queued.
      expect((await resend({ email }, address)).status).toBe(202);
      expect((await outboxKinds(orderIds)).sort()).toEqual(expected);

      running.clock.now += 10 * 60_000;
      expect((await resend({ email }, address)).status).toBe(202);
      expect(await outboxKinds(orderIds)).toHaveLength(4);
      expect((await outboxKinds(orderIds)).filter((row) => row.endsWith(`access_resend:${window + 1}`))).toHaveLength(2);

      const log = server.logLines.map((entry) => entry.line).join('\n');
      expect(log).not.toContain(email);
    });

    it('limits resends per client address: the sixth within the hour gets 429 in Portuguese', async () => {
      const { db } = running;
      const address = newAddress();
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await resend({ email: `limit-${unique()}@example.com` }, address)).status).toBe(202);
      }
      const refused = await resend({ email: `limit-${unique()}@example.com` }, address);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: 'Muitas tentativas. Aguarde um pouco e tente novamente.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Someone else is not affected.
      expect((await resend({ email: `limit-${unique()}@example.com` }, newAddress())).status).toBe(202);
      // The counter holds a hash, never the address itself (LGPD).
      const keys = (await tableRows(db, 'rate_limits')).map((row) => row.key).join(' ');
      expect(keys).not.toContain(address);
    });

    it('refuses a bad e-mail or an oversized body with a Portuguese message', async () => {
      const address = newAddress();
      const invalid = await resend({ email: 'maria@' }, address);
      expect(invalid.status).toBe(422);
      expect(await invalid.json()).toEqual({ error: 'Informe um e-mail válido.', fields: { email: 'Informe um e-mail válido.' } });
      expect((await resend({}, address)).status).toBe(422);
      const large = await resend({ email: `${'a'.repeat(2000)}@example.com` }, address);
      expect(large.status).toBe(413);
      expect(await large.json()).toEqual({ error: 'Dados grandes demais.' });
      expect((await resend('{"email":', address)).status).toBe(400);
    });

    it('renders the access e-mail with a fresh link for each row, old links still working, and refuses once the order is revoked', async () => {
      const { db } = running;
      const { id, token } = await insertOrder(db, { status: 'paid', name: 'joão pereira', email: 'joao@example.com' });
      const deps = {
        db: db.db,
        config: {
          demoMode: false,
          guaranteeDays: 7,
          mail: { smtpUrl: undefined, from: 'Loja <loja@example.com>', supportEmail: 'ajuda@example.com' },
        },
        publicUrl: () => 'https://loja.example.com/',
      };
      const mail = await renderOutboxMessage(deps, { orderId: id, kind: 'access_resend:2901234' });
      expect(mail.to).toBe('joao@example.com');
      expect(mail.messageId).toBe(`<access-${id}-access_resend-2901234@vitrine>`);
      expect(mail.messageId).toMatch(/^<[A-Za-z0-9._-]+@vitrine>$/);
      const sent = /https:\/\/loja\.example\.com\/acesso\/(acc_[\w-]+)/.exec(mail.text)?.[1];
      expect(sent).toBeDefined();
      expect(sent).not.toBe(token);
      expect(mail.text).toContain('Olá, João!');
      const again = await renderOutboxMessage(deps, { orderId: id, kind: 'access_email' });
      expect(again.messageId).toBe(`<access-${id}-access_email@vitrine>`);
      const sentAgain = /\/acesso\/(acc_[\w-]+)/.exec(again.text)?.[1];
      expect(sentAgain).not.toBe(sent);
      // Every link handed out opens the member area; the database holds none of them in clear.
      for (const link of [token, sent!, sentAgain!]) expect((await lookUpAccessToken(db.db, link)).kind).toBe('active');
      const stored = JSON.stringify(await rowsOfOrder(db, 'access_tokens', id));
      expect(stored).not.toContain(sent!);
      expect(stored).toContain(hashAccessToken(sent!));

      await setOrderColumns(db, id, { status: 'reversed' });
      await expect(renderOutboxMessage(deps, { orderId: id, kind: 'access_email' })).rejects.toBeInstanceOf(AccessNotDeliverableError);
      await expect(renderOutboxMessage(deps, { orderId: 'ord_missing', kind: 'access_email' })).rejects.toBeInstanceOf(
        AccessNotDeliverableError,
      );
    });
  });
}

describe('member area pages with a built client', () => {
  let db: TestDb;
  let clientDir: string;
  beforeAll(async () => {
    db = await databases[0].create();
    // A stand-in for the client build: each document says which one it is.
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-site-'));
    // Every page the site loads, so a new page needs no edit here; the ones these tests read name themselves.
    const named = pageKeys.map((key) => [documentFile(key), `${key.toUpperCase()}-DOC`] as const);
    for (const [file, marker] of [
      ...named,
      ['index.html', 'LANDING-DOC'],
      ['presell/index.html', 'PRESELL-DOC'],
      ['acesso/index.html', 'ACCESS-DOC'],
      ['termos/index.html', 'TERMS-DOC'],
      ['privacidade/index.html', 'PRIVACY-DOC'],
      ['painel/index.html', 'CONSOLE-DOC'],
      ['pedido/index.html', 'ORDER-DOC'],
      ['avaliar/index.html', 'REVIEW-DOC'],
      ['404.html', 'NOT-FOUND-DOC'],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
      fs.writeFileSync(path.join(clientDir, file), `<!doctype html><title>${marker}</title>`);
    }
  });
  afterAll(async () => {
    fs.rmSync(clientDir, { recursive: true, force: true });
    await db.close();
  });

  const compose = (env: Record<string, string> = {}) => createTestApp(db, env, { site: loadSite(clientDir) });

  it('serves the member document at /acesso, and again with 404 for a dead link', async () => {
    const { app } = compose();
    const page = await app.request('/acesso');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ACCESS-DOC');

    const dead = await app.request('/acesso/acc_unknown_token_value');
    expect(dead.status).toBe(404);
    expect(await dead.text()).toContain('ACCESS-DOC');
    expect(dead.headers.get('referrer-policy')).toBe('no-referrer');
    expect(dead.headers.get('x-robots-tag')).toBe('noindex');

    // Other pages keep the site-wide policy.
    expect((await app.request('/presell')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('serves the review page document at /avaliar/{ref}: private, never cached, without a Referer', async () => {
    const { app } = compose();
    const page = await app.request('/avaliar/ref_AbCdEfGhIjKlMnOpQrStUv');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('REVIEW-DOC');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await app.request('/avaliar/index.html')).status).toBe(404);
  });

  it('serves the order page document at /pedido/{ref}: private, never cached; /pedido alone is a 404', async () => {
    const { app } = compose();
    const page = await app.request('/pedido/ref_AbCdEfGhIjKlMnOpQrStUv');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ORDER-DOC');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    // Not shaped like a reference: the same page (it says "Pedido não encontrado"), as a real 404.
    const bogus = await app.request('/pedido/index.html');
    expect(bogus.status).toBe(404);
    expect(bogus.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/pedido', '/pedido/']) {
      const missing = await app.request(path);
      expect(missing.status, path).toBe(404);
      expect(await missing.text(), path).toContain('NOT-FOUND-DOC');
    }
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const { token } = await insertOrder(db, { status: 'paid' });
    const { app } = compose({ PUBLIC_URL: 'https://loja.example.com', DEMO_MODE: '1' });
    const response = await app.request(`/acesso/${token}`);
    expect(response.status).toBe(303);
    expect(parseSetCookie(response.headers.getSetCookie()[0]!).attributes).toContain('secure');
  });
});

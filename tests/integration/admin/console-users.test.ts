import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '../../../src/server/admin/admin-permissions.ts';
import { INVITE_TTL_MS } from '../../../src/server/admin/admin-users.ts';
import { hashPassword, verifyPassword } from '../../../src/server/admin/password-hash.ts';
import type { AdminInviteReply, AdminUserList, PageVersionFigures } from '../../../src/shared/admin-users.ts';
import type { AdminPageState } from '../../../src/shared/offer.ts';
import { newClientAddress, signInToConsole, fetchFrom } from '../../support/clients.ts';
import { auditRows } from '../../support/db-reads.ts';
import { buy, consoleCall, payBySandboxPostback } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { decodeHeader, parseMail } from '../mime.ts';
import { databases } from '../test-db.ts';

/**
 * Console users by name (docs/editing.md#users) over real HTTP, on SQLite and PostgreSQL: the owner invites by a one-time
 * link, the invitee sets a name and password (scrypt), every console route checks its permission on the server, the
 * history names who published and what changed, and a revoked user's session stops at once. Then each version's sales.
 */
const PASSWORD = 'senha-do-painel-usuarios';
const OWNER = 'Ana Dona';
const EDITOR = 'Marina Costa';
const EDITOR_EMAIL = 'marina@example.com';
const EDITOR_PASSWORD = 'marina-senha-forte-123';
const HOUR = 60 * 60_000;
/** A browser's User-Agent: the A/B tests' unit leaves out requests without one (bots, scripts). */
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** Signing in and the invitation come before any session; everything else is in admin-permissions.ts's table. */
const BEFORE_SESSION = new Set(['GET /session', 'POST /login', 'POST /logout', 'POST /invite/check', 'POST /invite/accept']);

for (const database of databases) {
  describe(`console users on ${database.name}`, () => {
    const running = useTestServer(
      database,
      { ADMIN_PASSWORD: PASSWORD, ADMIN_NAME: OWNER, SUPPORT_EMAIL: 'dono@example.com' },
      { smtp: true, clock: Date.UTC(2026, 10, 2, 12, 0, 0) },
    );
    const url = () => running.server.url;

    /** The console's routes as mounted: method and path under /api/admin, middleware left out. */
    function mountedRoutes(): string[] {
      const routes = running.server.app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/admin/'))
        .map((route) => `${route.method} ${route.path.slice('/api/admin'.length)}`);
      return [...new Set(routes)];
    }

    async function invite(ownerCookie: string, email: string, permissions: string[]) {
      const reply = await consoleCall(url(), ownerCookie, '/users/invite', { email, permissions });
      expect(reply.status).toBe(200);
      return (await reply.json()) as AdminInviteReply;
    }

    async function accept(token: string, name: string, password: string) {
      return fetch(`${url()}/api/admin/invite/accept`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: url() },
        body: JSON.stringify({ token, name, password }),
      });
    }

    const tokenOf = (link: string) => new URL(link).hash.replace('#convite=', '');

    /** A console user's session, signed in with their e-mail and password. */
    async function signInAs(email: string, password = EDITOR_PASSWORD) {
      const reply = await fetchFrom(newClientAddress())(`${url()}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: url() },
        body: JSON.stringify({ email, password }),
      });
      expect(reply.status).toBe(200);
      return reply.headers.get('Set-Cookie')!.split(';')[0]!;
    }

    it('every mounted console route declares who may use it, and the table names no route that is gone', () => {
      const mounted = mountedRoutes();
      const undeclared = mounted.filter((route) => !BEFORE_SESSION.has(route) && !(route in ROUTE_ACCESS));
      expect(undeclared).toEqual([]);
      const stale = Object.keys(ROUTE_ACCESS).filter((route) => !mounted.includes(route));
      expect(stale).toEqual([]);
    });

    it('an editor invited by e-mail may only edit the page: 403 on every other route, named in the history, ended at once when revoked', async () => {
      const { db, smtp } = running;
      const owner = await signInToConsole(url(), PASSWORD);
      const sent = await invite(owner, EDITOR_EMAIL, ['page']);
      expect(sent.emailed).toBe(true);

      // The e-mail carries the link; the database only its hash.
      const mail = smtp.received.find((message) => message.to.includes(EDITOR_EMAIL));
      expect(mail).toBeDefined();
      const parsed = parseMail(mail!.raw);
      expect(decodeHeader(parsed.headers.get('subject') ?? '')).toContain('Convite para o painel');
      expect(parsed.text).toContain(sent.link);
      const token = tokenOf(sent.link);
      const stored = await db.db.selectFrom('admin_invites').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(token);

      const check = await fetch(`${url()}/api/admin/invite/check`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: url() },
        body: JSON.stringify({ token }),
      });
      expect(await check.json()).toEqual({ email: EDITOR_EMAIL });

      const accepted = await accept(token, EDITOR, EDITOR_PASSWORD);
      expect(accepted.status).toBe(200);
      // Used once: the same link again is refused.
      expect((await accept(token, 'Outra Pessoa', 'outra-senha-longa-123')).status).toBe(410);

      // Signs in with e-mail and their own password; ADMIN_PASSWORD with their e-mail is not theirs.
      const login = async (password: string) =>
        fetchFrom(newClientAddress())(`${url()}/api/admin/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: url() },
          body: JSON.stringify({ email: EDITOR_EMAIL, password }),
        });
      expect((await login('errada-errada-123')).status).toBe(401);
      const signedIn = await login(EDITOR_PASSWORD);
      expect(signedIn.status).toBe(200);
      const editor = signedIn.headers.get('Set-Cookie')!.split(';')[0]!;
      const session = await (await fetch(`${url()}/api/admin/session`, { headers: { Cookie: editor } })).json();
      // Their forms' typing is kept in the browser under their own key, never the owner's.
      expect(session).toEqual({
        enabled: true,
        signedIn: true,
        user: { name: EDITOR, owner: false, permissions: ['page'] },
        personKey: expect.stringMatching(/^user-.+/),
      });

      // Every orders, buyers, refunds, disputes and settings route: refused on the server.
      const others = mountedRoutes().filter((route) => !BEFORE_SESSION.has(route) && !['page', 'signed_in'].includes(ROUTE_ACCESS[route]!));
      expect(others.length).toBeGreaterThan(30);
      for (const route of others) {
        const [method, path] = route.split(' ') as ['GET' | 'POST', string];
        const reply = await consoleCall(
          url(),
          editor,
          path.replace(/:[a-zA-Z]+/g, 'ord_0123456789abcdef'),
          method === 'POST' ? {} : undefined,
          {
            method,
          },
        );
        expect({ route, status: reply.status }).toEqual({ route, status: 403 });
      }
      for (const path of ['/orders', '/orders.csv', '/buyer', '/users', '/health', '/audit', '/disputes', '/page/figures']) {
        expect((await consoleCall(url(), editor, path, path === '/buyer' ? { email: 'x@example.com' } : undefined)).status).toBe(403);
      }

      // The page is theirs: a headline and the price, published under their name.
      const state = (await (await consoleCall(url(), editor, '/page')).json()) as AdminPageState;
      const live = state.live.offer;
      const offer = {
        ...live,
        hero: { ...live.hero, headline: 'Lista de fornecedores atualizada', highlight: 'atualizada' },
        product: { ...live.product, priceCents: live.product.priceCents + 500 },
      };
      expect((await consoleCall(url(), editor, '/page/draft', { baseNumber: state.live.number, offer })).status).toBe(200);
      expect((await consoleCall(url(), editor, '/page/publish', { baseNumber: state.live.number })).status).toBe(200);
      const history = ((await (await consoleCall(url(), owner, '/page')).json()) as AdminPageState).history;
      expect(history[0]).toMatchObject({
        publishedByName: EDITOR,
        changes: {
          paths: ['hero.headline', 'hero.highlight', 'product.priceCents'],
          priceCents: [live.product.priceCents, live.product.priceCents + 500],
        },
      });
      const audit = await auditRows(db);
      expect(audit.find((row) => row.action === 'page_publish')?.actor).toBe(EDITOR);
      expect(audit.find((row) => row.action === 'user_invite')?.actor).toBe(OWNER);
      expect(JSON.stringify(audit)).not.toContain(EDITOR_EMAIL);

      // Revoked: the open session's next request is refused, and so is signing in again.
      const users = (await (await consoleCall(url(), owner, '/users')).json()) as AdminUserList;
      const id = users.users.find((user) => user.email === EDITOR_EMAIL)!.id;
      expect((await consoleCall(url(), editor, '/page')).status).toBe(200);
      expect((await consoleCall(url(), owner, `/users/${id}/revoke`, {})).status).toBe(200);
      expect((await consoleCall(url(), editor, '/page')).status).toBe(401);
      expect((await login(EDITOR_PASSWORD)).status).toBe(401);
      // The owner's own login is as it was.
      expect((await consoleCall(url(), owner, '/orders')).status).toBe(200);
    });

    it('a user the owner lets see orders and refund may, and a changed permission holds on the next request', async () => {
      const owner = await signInToConsole(url(), PASSWORD);
      const sent = await invite(owner, 'apoio@example.com', ['orders']);
      const accepted = await accept(tokenOf(sent.link), 'Paulo Apoio', 'paulo-senha-longa-123');
      const cookie = accepted.headers.get('Set-Cookie')!.split(';')[0]!;
      expect((await consoleCall(url(), cookie, '/orders')).status).toBe(200);
      expect((await consoleCall(url(), cookie, '/page')).status).toBe(403);
      const id = ((await (await consoleCall(url(), owner, '/users')).json()) as AdminUserList).users.find(
        (user) => user.email === 'apoio@example.com',
      )!.id;
      expect((await consoleCall(url(), owner, `/users/${id}/permissions`, { permissions: ['page'] })).status).toBe(200);
      expect((await consoleCall(url(), cookie, '/orders')).status).toBe(403);
      expect((await consoleCall(url(), cookie, '/page')).status).toBe(200);
      // Users are the owner's alone, whatever the permissions.
      expect((await consoleCall(url(), cookie, '/users')).status).toBe(403);
    });

    it('an invitation expires after 72 hours, unused', async () => {
      const owner = await signInToConsole(url(), PASSWORD);
      const sent = await invite(owner, 'tarde@example.com', ['page']);
      expect(sent.expiresAt).toBe(running.clock.now + INVITE_TTL_MS);
      running.clock.now += 72 * HOUR + 1;
      expect((await accept(tokenOf(sent.link), 'Chegou Tarde', 'chegou-tarde-123456')).status).toBe(410);
    });

    it('stores passwords with scrypt: salted, never the password, checked only by hashing again', async () => {
      const owner = await signInToConsole(url(), PASSWORD);
      const sent = await invite(owner, 'hash@example.com', ['page']);
      expect((await accept(tokenOf(sent.link), 'Hana Hash', EDITOR_PASSWORD)).status).toBe(200);
      const rows = await running.db.db.selectFrom('admin_users').selectAll().execute();
      const row = rows.find((user) => user.email === 'hash@example.com')!;
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
      expect(row.password_hash).not.toContain(EDITOR_PASSWORD);
      expect(await verifyPassword(EDITOR_PASSWORD, row.password_hash)).toBe(true);
      expect(await verifyPassword(`${EDITOR_PASSWORD}x`, row.password_hash)).toBe(false);
      const [one, two] = [await hashPassword(EDITOR_PASSWORD), await hashPassword(EDITOR_PASSWORD)];
      expect(one).not.toBe(two);
    });

    it("each version's sales: visitors and checkouts under the version served, PIX paid and net revenue from the orders of each", async () => {
      const { server, db } = running;
      const owner = await signInToConsole(url(), PASSWORD);
      const figures = async () =>
        ((await (await consoleCall(url(), owner, '/page/figures')).json()) as { versions: PageVersionFigures[] }).versions;
      const before = await figures();
      const live = before[0]!.number;

      const event = (name: string, path = '/') =>
        fetchFrom(newClientAddress())(`${url()}/api/events`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'User-Agent': BROWSER },
          body: JSON.stringify({ name, path }),
        });
      const visit = async (views: number, checkouts: number) => {
        for (let index = 0; index < views; index++) expect((await event('page_view')).status).toBe(204);
        // The pre-sell's views are not the landing's visitors.
        expect((await event('page_view', '/presell')).status).toBe(204);
        for (let index = 0; index < checkouts; index++) expect((await event('begin_checkout', '/checkout')).status).toBe(204);
      };
      const sell = async (paid: number, unpaid: number) => {
        for (let index = 0; index < paid; index++) {
          const { orderId } = await buy(server);
          expect(await payBySandboxPostback(server, db, orderId)).toBe(200);
        }
        for (let index = 0; index < unpaid; index++) await buy(server);
      };
      const publishPrice = async (priceCents: number) => {
        const state = (await (await consoleCall(url(), owner, '/page')).json()) as AdminPageState;
        const offer = { ...state.live.offer, product: { ...state.live.offer.product, priceCents } };
        expect((await consoleCall(url(), owner, '/page/draft', { baseNumber: state.live.number, offer })).status).toBe(200);
        expect((await consoleCall(url(), owner, '/page/publish', { baseNumber: state.live.number })).status).toBe(200);
        return state.live.number + 1;
      };

      const first = await publishPrice(2490);
      const firstAt = running.clock.now;
      await visit(5, 3);
      await sell(2, 1);
      running.clock.now += 2 * HOUR;
      const second = await publishPrice(2990);
      await visit(4, 1);
      await sell(1, 2);

      const after = await figures();
      expect(after.slice(0, 2)).toEqual([
        { number: second, liveFrom: firstAt + 2 * HOUR, liveUntil: null, visitors: 4, checkoutsBegun: 1, pixPaid: 1, revenueCents: 2990 },
        { number: first, liveFrom: firstAt, liveUntil: firstAt + 2 * HOUR, visitors: 5, checkoutsBegun: 3, pixPaid: 2, revenueCents: 4980 },
      ]);
      expect(after.find((version) => version.number === live)?.liveUntil).toBe(firstAt);
    });

    it("counts a version's visitors as the A/B tests do: one a day however often they load it, for those who may see orders", async () => {
      const { server, db } = running;
      let owner = await signInToConsole(url(), PASSWORD);
      const figuresAs = (cookie: string) => consoleCall(url(), cookie, '/page/figures');
      const current = async () => {
        const reply = await figuresAs(owner);
        expect(reply.status).toBe(200);
        return ((await reply.json()) as { versions: PageVersionFigures[] }).versions[0]!;
      };
      const before = await current();
      const loads = (address: string, times: number, userAgent = BROWSER) =>
        Promise.all(
          Array.from({ length: times }, () =>
            fetchFrom(address)(`${url()}/api/events`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
              body: JSON.stringify({ name: 'page_view', path: '/' }),
            }).then((reply) => expect(reply.status).toBe(204)),
          ),
        );

      const one = newClientAddress();
      await loads(one, 3);
      expect((await current()).visitors - before.visitors).toBe(1);
      await loads(newClientAddress(), 1);
      await loads(one, 1);
      expect((await current()).visitors - before.visitors).toBe(2);
      // A script is not a visitor, as in the A/B tests.
      await loads(newClientAddress(), 2, 'curl/8.5.0');
      expect((await current()).visitors - before.visitors).toBe(2);
      const { orderId } = await buy(server);
      expect(await payBySandboxPostback(server, db, orderId)).toBe(200);
      await server.background.idle();
      const after = await current();
      expect({ number: after.number, paid: after.pixPaid - before.pixPaid }).toEqual({ number: before.number, paid: 1 });
      expect(after.revenueCents).toBeGreaterThan(before.revenueCents);
      // Conversion as the console shows it: paid over visitors, one PIX for two people.
      expect((after.pixPaid - before.pixPaid) / (after.visitors - before.visitors)).toBe(0.5);

      // The next day the same visitor counts again: a daily id, as in the A/B tests.
      running.clock.now += 24 * HOUR;
      owner = await signInToConsole(url(), PASSWORD);
      await loads(one, 2);
      expect((await current()).visitors - before.visitors).toBe(3);

      // Orders' people see them; a page-only editor is refused by the server.
      const ordersOnly = await invite(owner, 'pedidos@example.com', ['orders']);
      expect((await accept(tokenOf(ordersOnly.link), 'Paula Pedidos', EDITOR_PASSWORD)).status).toBe(200);
      const pageOnly = await invite(owner, 'pagina@example.com', ['page']);
      expect((await accept(tokenOf(pageOnly.link), 'Pedro Página', EDITOR_PASSWORD)).status).toBe(200);
      expect((await figuresAs(await signInAs('pedidos@example.com'))).status).toBe(200);
      expect((await figuresAs(await signInAs('pagina@example.com'))).status).toBe(403);
    });
  });
}

import { beforeEach, describe, expect, it } from 'vitest';
import { admin as copy } from '../../../src/content/admin.ts';
import { LOGIN_GLOBAL_MAX_FAILURES, LOGIN_MAX_FAILURES } from '../../../src/server/admin/admin-auth.ts';
import { createLogger } from '../../../src/server/lib/logger.ts';
import { createRetentionJob } from '../../../src/server/jobs/retention.ts';
import { clientKey, MAX_OPEN_CHARGES_PER_CLIENT } from '../../../src/server/http/rate-limit.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, uniqueBuyer } from '../../support/clients.ts';
import { auditRows, insertOrderRow, tableRows } from '../../support/db-reads.ts';
import { databases } from '../test-db.ts';
import { useTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * The console's sessions and lockout attacked over real HTTP, on SQLite and PostgreSQL: parallel
 * guesses, guesses from many addresses, a poll that never stops, a changed password, "Encerrar
 * todas as sessões", the audit of who did what (hashed clients only), and which peer may speak for
 * a client through X-Forwarded-For.
 */
const PASSWORD = 'senha-do-painel-seguranca';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One browser: a client address of its own, the console's Origin, and its cookie once signed in. */
function consoleClient(server: TestServer, from = newClientAddress(), extra: Record<string, string> = {}) {
  const send = fetchFrom(from);
  const client = {
    from,
    cookie: undefined as string | undefined,
    async request(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = { Origin: server.url, ...extra, ...init.headers };
      if (client.cookie) headers.Cookie = client.cookie;
      if (init.json !== undefined) headers['Content-Type'] = 'application/json';
      return send(`${server.url}${path}`, {
        method: init.method ?? 'GET',
        headers,
        ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      });
    },
    async login(password = PASSWORD) {
      const response = await client.request('/api/admin/login', { method: 'POST', json: { password } });
      const cookie = response.headers.get('Set-Cookie')?.split(';')[0];
      if (response.status === 200) client.cookie = cookie;
      return response;
    },
  };
  return client;
}

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

for (const database of databases) {
  describe(`console security on ${database.name}`, () => {
    // Behind one proxy of ours on loopback (the default TRUSTED_PROXIES), as behind nginx.
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY_HOPS: '1' }, { clock: Date.UTC(2025, 5, 2, 12, 0, 0) });
    // Each test starts in a fresh lockout window.
    beforeEach(() => {
      running.clock.now += 16 * MINUTE;
    });

    it('judges at most 5 of 40 parallel wrong passwords from one client; the right one then waits', async () => {
      const { db, server, clock } = running;
      const attacker = consoleClient(server);
      const replies = await Promise.all(Array.from({ length: 40 }, (_, index) => attacker.login(`errada-${index}-xxxxxxx`)));
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - LOGIN_MAX_FAILURES);
      const right = await attacker.login();
      expect(right.status).toBe(429);
      expect(await errorOf(right)).toContain('Muitas tentativas erradas');
      const rows = (await auditRows(db)).filter((row) => row.client === clientKey(attacker.from));
      expect(rows.filter((row) => row.action === 'login_failed')).toHaveLength(LOGIN_MAX_FAILURES);
      expect(rows.filter((row) => row.action === 'login_locked')).toHaveLength(1);
      // Another client still signs in, and so does this one once the window is over.
      expect((await consoleClient(server).login()).status).toBe(200);
      clock.now += 15 * MINUTE;
      expect((await attacker.login()).status).toBe(200);
    });

    it('locks an IPv6 client by its /64: a new address in the same /64 is still locked', async () => {
      const { server } = running;
      const from = (address: string) => consoleClient(server, newClientAddress(), { 'X-Forwarded-For': address });
      for (let host = 1; host <= LOGIN_MAX_FAILURES; host++) {
        expect((await from(`2001:db8:77:1::${host}`).login(`errada-${host}-xxxxxxx`)).status).toBe(401);
      }
      expect((await from('2001:db8:77:1:ffff::9').login()).status).toBe(429);
      expect((await from('2001:db8:77:2::1').login()).status).toBe(200);
    });

    it(`pauses logins after ${LOGIN_GLOBAL_MAX_FAILURES} wrong passwords from many clients, except from the machine itself`, async () => {
      const { db, server, clock } = running;
      const signedIn = consoleClient(server);
      expect((await signedIn.login()).status).toBe(200);
      // 25 clients (/64s) × 4 guesses: each stays under its own lock.
      const guesses = Array.from({ length: LOGIN_GLOBAL_MAX_FAILURES }, (_, index) =>
        consoleClient(server, newClientAddress(), { 'X-Forwarded-For': `2001:db8:${100 + (index % 25)}:1::1` }).login(
          `errada-${index}-xxxxxxx`,
        ),
      );
      expect((await Promise.all(guesses)).map((reply) => reply.status)).toEqual(Array(LOGIN_GLOBAL_MAX_FAILURES).fill(401));

      const fresh = consoleClient(server, newClientAddress(), { 'X-Forwarded-For': '2001:db8:999:1::1' });
      const paused = await fresh.login();
      expect(paused.status).toBe(429);
      expect(await errorOf(paused)).toBe(copy.api.paused(15));
      // Not judged, so it did not use up that client's own tries, nor wrote a row of its own.
      const audit = await auditRows(db);
      expect(audit.filter((row) => row.client === clientKey('2001:db8:999:1::1'))).toEqual([]);
      // Once paused, a client with a new address is turned away before writing its counter.
      const another = consoleClient(server, newClientAddress(), { 'X-Forwarded-For': '2001:db8:998:1::1' });
      expect((await another.login()).status).toBe(429);
      const counters = await tableRows(db, 'admin_login_limits');
      expect(counters.map((row) => row.key)).not.toContain(clientKey('2001:db8:998:1::1'));
      expect(audit.filter((row) => row.action === 'logins_paused')).toHaveLength(1);
      // An open session keeps working; a login from loopback (an SSH tunnel) is exempt.
      expect((await signedIn.request('/api/admin/overview')).status).toBe(200);
      expect((await consoleClient(server).login()).status).toBe(200);
      clock.now += 15 * MINUTE;
      expect((await fresh.login()).status).toBe(200);
    });

    it('ends a session 7 days after its login even though the overview polls it every 15 s', async () => {
      const { server, clock } = running;
      const seller = consoleClient(server);
      const loginAt = clock.now;
      expect((await seller.login()).status).toBe(200);
      const poll = async () => (await seller.request('/api/admin/overview')).status;
      // Every 6 h of the week (the idle limit is 12 h), then every 15 s around the seventh day.
      while (clock.now < loginAt + 7 * DAY - 2 * MINUTE) {
        clock.now += 6 * 60 * MINUTE;
        if (clock.now >= loginAt + 7 * DAY - 2 * MINUTE) clock.now = loginAt + 7 * DAY - 2 * MINUTE;
        expect(await poll()).toBe(200);
      }
      const answers: Array<{ at: number; status: number }> = [];
      while (clock.now < loginAt + 7 * DAY + 2 * MINUTE) {
        clock.now += 15_000;
        answers.push({ at: clock.now - loginAt, status: await poll() });
      }
      expect(answers.filter((answer) => answer.status === 200).every((answer) => answer.at < 7 * DAY)).toBe(true);
      expect(answers.filter((answer) => answer.at >= 7 * DAY).every((answer) => answer.status === 401)).toBe(true);
      expect(answers.some((answer) => answer.status === 200)).toBe(true);
      // And on through the eighth day.
      clock.now = loginAt + 8 * DAY;
      expect(await poll()).toBe(401);
      expect((await seller.login()).status).toBe(200);
    });

    it('"Encerrar todas as sessões" signs out every browser, this one included', async () => {
      const { db, server } = running;
      const laptop = consoleClient(server);
      const phone = consoleClient(server);
      expect((await laptop.login()).status).toBe(200);
      expect((await phone.login()).status).toBe(200);
      // Not without a session, nor from another origin.
      expect((await consoleClient(server).request('/api/admin/sessions/end-all', { method: 'POST' })).status).toBe(401);
      const foreign = await phone.request('/api/admin/sessions/end-all', { method: 'POST', headers: { Origin: 'http://evil.example' } });
      expect(foreign.status).toBe(403);
      expect((await laptop.request('/api/admin/orders')).status).toBe(200);

      expect((await phone.request('/api/admin/sessions/end-all', { method: 'POST' })).status).toBe(200);
      expect((await laptop.request('/api/admin/orders')).status).toBe(401);
      expect((await phone.request('/api/admin/orders')).status).toBe(401);
      const ended = (await auditRows(db)).filter((row) => row.action === 'end_all_sessions');
      expect(ended).toHaveLength(1);
      expect(ended[0]!.client).toBe(clientKey(phone.from));
      expect(JSON.parse(ended[0]!.detail ?? '{}')).toMatchObject({ ended: expect.any(Number) });
      expect((JSON.parse(ended[0]!.detail ?? '{}') as { ended: number }).ended).toBeGreaterThanOrEqual(2);
    });

    it('audits logins, wrong passwords, order views, buyer look-ups, the suppliers export and logout with a hashed client', async () => {
      const { db, server, clock } = running;
      const email = `auditada${Date.now()}@example.com`;
      await insertOrderRow(db, {
        id: 'ord_audit',
        status: 'paid',
        buyer_name: 'Aurora Auditada',
        buyer_email: email,
        created_at: clock.now,
      });
      // A made-up cookie's "Sair" ends nothing and writes nothing.
      const stranger = consoleClient(server);
      stranger.cookie = 'vitrine_admin=inventado';
      const beforeStranger = (await auditRows(db)).length;
      expect((await stranger.request('/api/admin/logout', { method: 'POST' })).status).toBe(200);
      expect(await auditRows(db)).toHaveLength(beforeStranger);

      const seller = consoleClient(server);
      const before = (await auditRows(db)).length;
      expect((await seller.login('errada-uma-vez-xx')).status).toBe(401);
      expect((await seller.login()).status).toBe(200);
      expect((await seller.request('/api/admin/orders/ord_audit')).status).toBe(200);
      expect((await seller.request('/api/admin/buyer', { method: 'POST', json: { email } })).status).toBe(200);
      expect((await seller.request('/api/admin/suppliers.csv')).status).toBe(200);
      expect((await seller.request('/api/admin/logout', { method: 'POST' })).status).toBe(200);

      const rows = (await auditRows(db)).slice(before);
      // One clock tick for all of them: compared as a set.
      expect(rows.map((row) => row.action).sort()).toEqual([
        'export_suppliers',
        'find_buyer',
        'login',
        'login_failed',
        'logout',
        'view_order',
      ]);
      expect(rows.every((row) => row.client === clientKey(seller.from))).toBe(true);
      expect(rows.find((row) => row.action === 'view_order')?.order_id).toBe('ord_audit');
      expect(JSON.parse(rows.find((row) => row.action === 'find_buyer')?.detail ?? '{}')).toEqual({ orders: 1 });
      // Neither the address nor the e-mail looked up is kept, in any row.
      const everything = JSON.stringify(await auditRows(db));
      expect(everything).not.toContain(seller.from);
      expect(everything).not.toContain(email);
      expect(everything).not.toContain('auditada');
      // A view is in the audit, not on the order's timeline.
      const again = consoleClient(server);
      await again.login();
      const detail = (await (await again.request('/api/admin/orders/ord_audit')).json()) as { timeline: Array<{ detail?: string }> };
      expect(detail.timeline.some((entry) => entry.detail === 'view_order')).toBe(false);
    });

    it('the retention job drops login counters whose window is over and keeps the live ones', async () => {
      const { db, server, clock } = running;
      const old = consoleClient(server);
      expect((await old.login('errada-antiga-xxxx')).status).toBe(401);
      clock.now += 16 * MINUTE;
      const recent = consoleClient(server);
      expect((await recent.login('errada-recente-xxx')).status).toBe(401);
      const keys = async () => (await tableRows(db, 'admin_login_limits')).map((row) => row.key);
      expect(await keys()).toEqual(expect.arrayContaining([clientKey(old.from), clientKey(recent.from)]));
      const logger = createLogger({ level: 'error', sink: { write: () => undefined } });
      await createRetentionJob({ db: db.db, logger, unpaidRetentionDays: 30, now: () => clock.now }).runOnce();
      const left = await keys();
      expect(left).not.toContain(clientKey(old.from));
      expect(left).toContain(clientKey(recent.from));
    });
  });

  describe(`a new ADMIN_PASSWORD on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD });

    it('ends every session opened with the old one, even if the old one comes back', async () => {
      const first = running.server;
      const seller = consoleClient(first, '127.0.0.1');
      expect((await seller.login()).status).toBe(200);
      expect((await seller.request('/api/admin/orders')).status).toBe(200);

      const renamed = await running.restart({ ADMIN_PASSWORD: 'outra-senha-do-painel' });
      const sameBrowser = consoleClient(renamed, '127.0.0.1');
      sameBrowser.cookie = seller.cookie;
      expect((await sameBrowser.request('/api/admin/orders')).status).toBe(401);
      const probe = (await (await sameBrowser.request('/api/admin/session')).json()) as { signedIn: boolean };
      expect(probe.signedIn).toBe(false);
      expect((await consoleClient(renamed, '127.0.0.1').login('outra-senha-do-painel')).status).toBe(200);

      const back = await running.restart();
      const stillOld = consoleClient(back, '127.0.0.1');
      stillOld.cookie = seller.cookie;
      expect((await stillOld.request('/api/admin/orders')).status).toBe(401);
    });
  });
}

describe('which peer may speak for a client (TRUSTED_PROXIES)', () => {
  // Only 127.0.0.1 is our proxy; every other loopback address plays a client reaching the port directly.
  const running = useTestServer(databases[0], { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY_HOPS: '1', TRUSTED_PROXIES: '127.0.0.1/32' });

  it('a direct client forging X-Forwarded-For is still one client: its sixth guess is locked', async () => {
    const { server } = running;
    const direct = newClientAddress();
    const statuses: number[] = [];
    for (let guess = 1; guess <= LOGIN_MAX_FAILURES + 1; guess++) {
      const forged = consoleClient(server, direct, { 'X-Forwarded-For': `198.51.100.${guess}` });
      statuses.push((await forged.login(`errada-${guess}-xxxxxxx`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a direct client forging X-Forwarded-For gets no more PIX charges than any one client', async () => {
    const { server } = running;
    const direct = fetchFrom(newClientAddress());
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const response = await direct(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `2001:db8:${attempt}::1` },
        body: JSON.stringify({ ...uniqueBuyer(), checkoutKey: newCheckoutKey() }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([
      ...Array<number>(MAX_OPEN_CHARGES_PER_CLIENT).fill(201),
      ...Array<number>(8 - MAX_OPEN_CHARGES_PER_CLIENT).fill(429),
    ]);
  });

  it('through the trusted proxy each forwarded address is its own client', async () => {
    const { server } = running;
    const statuses: number[] = [];
    for (let guess = 1; guess <= LOGIN_MAX_FAILURES + 1; guess++) {
      const forwarded = consoleClient(server, '127.0.0.1', { 'X-Forwarded-For': `203.0.113.${guess}` });
      statuses.push((await forwarded.login(`errada-${guess}-xxxxxxx`)).status);
    }
    expect(statuses).toEqual(Array(LOGIN_MAX_FAILURES + 1).fill(401));
  });

  it('entries that are not IP addresses are ignored, so junk cannot make a new client each time', async () => {
    const { server } = running;
    const statuses: number[] = [];
    for (let guess = 1; guess <= LOGIN_MAX_FAILURES + 1; guess++) {
      const junk = consoleClient(server, '127.0.0.1', { 'X-Forwarded-For': `nao-e-ip-${guess}` });
      statuses.push((await junk.login(`errada-${guess}-xxxxxxx`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('the console Origin with PUBLIC_URL', () => {
  const PUBLIC = 'http://localhost:4173';
  const running = useTestServer(databases[0], { ADMIN_PASSWORD: PASSWORD, PUBLIC_URL: PUBLIC });

  it("accepts only PUBLIC_URL's origin, not the address the request was sent to", async () => {
    const { server } = running;
    const direct = consoleClient(server);
    const refused = await direct.login();
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(copy.api.foreignOrigin);
    const viaPublic = consoleClient(server, newClientAddress(), { Origin: PUBLIC });
    expect((await viaPublic.login()).status).toBe(200);
    expect((await viaPublic.request('/api/admin/sessions/end-all', { method: 'POST', headers: { Origin: server.url } })).status).toBe(403);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveSignals } from '../../src/shared/live.ts';
import { businessMonth } from '../../src/shared/time.ts';
import { databases, type TestDb } from './test-db.ts';
import { createTestApp, startTestServer, type TestServer } from './test-server.ts';

const buyer = { name: 'Maria Souza', email: 'maria@example.com', phone: '(11) 98765-4321' };
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.padEnd(20, 'x');
const visitor = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

async function postOrder(server: TestServer) {
  const response = await fetch(`${server.url}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...buyer, checkoutKey: key() }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function readLive(server: { url: string }): Promise<{ signals: LiveSignals; response: Response }> {
  const response = await fetch(`${server.url}/api/live`);
  expect(response.status).toBe(200);
  return { signals: (await response.json()) as LiveSignals, response };
}

function beat(server: { url: string }, visitorId: string) {
  return fetch(`${server.url}/api/presence`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ visitorId }),
  });
}

for (const database of databases) {
  describe(`live signals on ${database.name}`, () => {
    let db: TestDb;
    let server: TestServer | undefined;
    beforeEach(async () => {
      db = await database.create();
    });
    afterEach(async () => {
      await server?.stop();
      server = undefined;
      await db.close();
    });

    it('counts this month\'s orders against MONTHLY_CAPACITY and the checkout refuses a third', async () => {
      server = await startTestServer(db, { MONTHLY_CAPACITY: '2' });
      const before = await readLive(server);
      expect(before.response.headers.get('cache-control')).toBe('no-store');
      expect(before.signals).toMatchObject({ spotsLeft: 2, capacity: 2, soldOut: false });

      expect((await postOrder(server)).status).toBe(201);
      expect((await readLive(server)).signals).toMatchObject({ spotsLeft: 1, soldOut: false });
      expect((await postOrder(server)).status).toBe(201);

      const { signals } = await readLive(server);
      const month = businessMonth(signals.serverTime);
      expect(signals).toEqual({
        spotsLeft: 0,
        capacity: 2,
        soldOut: true,
        nextBatchAt: month.nextStart,
        offerEndsAt: month.nextStart,
        viewers: 0,
        serverTime: signals.serverTime,
      });
      expect(Math.abs(signals.serverTime - Date.now())).toBeLessThan(5_000);

      const third = await postOrder(server);
      expect(third.status).toBe(409);
      expect(third.body.error).toMatch(/^As vagas deste mês esgotaram\./);
      expect(await db.db.selectFrom('orders').select('id').execute()).toHaveLength(2);
    });

    it('gives the spot of an expired pending charge back, and a paid order keeps its spot', async () => {
      server = await startTestServer(db, { MONTHLY_CAPACITY: '2' });
      const first = await postOrder(server);
      const second = await postOrder(server);
      expect((await readLive(server)).signals.soldOut).toBe(true);

      await db.db.updateTable('orders').set({ status: 'paid', paid_at: Date.now() }).where('id', '=', first.body.orderId as string).execute();
      await db.db.updateTable('orders').set({ expires_at: Date.now() - 1_000 }).where('id', '=', second.body.orderId as string).execute();
      expect((await readLive(server)).signals).toMatchObject({ spotsLeft: 1, soldOut: false });

      expect((await postOrder(server)).status).toBe(201);
      expect((await readLive(server)).signals).toMatchObject({ spotsLeft: 0, soldOut: true });
    });

    it('MONTHLY_CAPACITY=0 means unlimited: no spots number, never sold out', async () => {
      const { app } = createTestApp(db, { MONTHLY_CAPACITY: '0' });
      const response = await app.request('/api/live');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ spotsLeft: null, capacity: 0, soldOut: false });
    });

    it("runs the offer countdown to OFFER_ENDS_AT while it is ahead, else to the month's end", async () => {
      const ahead = new Date(Date.now() + 15 * 60_000);
      ahead.setUTCMilliseconds(0);
      const future = createTestApp(db, { OFFER_ENDS_AT: ahead.toISOString() }).app;
      const inFuture = (await (await future.request('/api/live')).json()) as LiveSignals;
      expect(inFuture.offerEndsAt).toBe(ahead.getTime());
      expect(inFuture.nextBatchAt).toBe(businessMonth(inFuture.serverTime).nextStart);

      const past = createTestApp(db, { OFFER_ENDS_AT: '2020-01-01T00:00:00-03:00' }).app;
      const afterIt = (await (await past.request('/api/live')).json()) as LiveSignals;
      expect(afterIt.offerEndsAt).toBe(businessMonth(afterIt.serverTime).nextStart);
      expect(afterIt.offerEndsAt).toBeGreaterThan(afterIt.serverTime);
    });

    it('counts distinct visitors seen in the last 60 s', async () => {
      let clock = Date.now();
      server = await startTestServer(db, {}, { now: () => clock });
      const [ana, bia] = [visitor(), visitor()];

      const first = await beat(server, ana);
      expect(first.status).toBe(204);
      expect(first.headers.get('set-cookie')).toBeNull();
      expect((await readLive(server)).signals.viewers).toBe(1);
      expect((await beat(server, ana)).status).toBe(204);
      expect((await readLive(server)).signals.viewers).toBe(1);
      expect((await beat(server, bia)).status).toBe(204);
      expect((await readLive(server)).signals.viewers).toBe(2);

      // Ana's tab went quiet; Bia's keeps beating.
      clock += 45_000;
      expect((await beat(server, bia)).status).toBe(204);
      clock += 16_000;
      expect((await readLive(server)).signals.viewers).toBe(1);
      clock += 60_000;
      expect((await readLive(server)).signals.viewers).toBe(0);

      const rows = await db.db.selectFrom('presence').selectAll().orderBy('last_seen').execute();
      expect(rows.map((row) => row.visitor_id)).toEqual([ana, bia]);
      expect(Object.keys(rows[0]!).sort()).toEqual(['last_seen', 'visitor_id']);
    });

    it('prunes visitors not seen for ten minutes on the next heartbeat', async () => {
      let clock = Date.now();
      server = await startTestServer(db, {}, { now: () => clock });
      const [gone, here] = [visitor(), visitor()];
      await beat(server, gone);
      clock += 10 * 60_000 + 1;
      await beat(server, here);
      const rows = await db.db.selectFrom('presence').select('visitor_id').execute();
      expect(rows.map((row) => row.visitor_id)).toEqual([here]);
    });

    it('refuses bad heartbeats with 400 and writes nothing', async () => {
      const { app } = createTestApp(db);
      const post = (body: string, contentType = 'application/json') =>
        app.request('/api/presence', { method: 'POST', headers: { 'Content-Type': contentType }, body });
      const bad = [
        '{}',
        '{"visitorId":""}',
        '{"visitorId":"short"}',
        `{"visitorId":"${'a'.repeat(65)}"}`,
        '{"visitorId":"has spaces and ; drop table"}',
        '{"visitorId":12345678901234567890}',
        `["${visitor()}"]`,
        'null',
        '{"visitorId":',
        JSON.stringify({ visitorId: visitor(), padding: 'x'.repeat(300) }),
      ];
      for (const body of bad) {
        const response = await post(body);
        expect(response.status, body.slice(0, 40)).toBe(400);
        expect(await response.json()).toEqual({ error: 'Requisição inválida.' });
      }
      expect((await post(JSON.stringify({ visitorId: visitor() }), 'text/plain')).status).toBe(400);
      expect((await app.request('/api/presence')).status).toBe(404);
      expect(await db.db.selectFrom('presence').selectAll().execute()).toEqual([]);
    });

    it('limits heartbeats per address so one script cannot inflate the count', async () => {
      // One fixed instant: all the beats fall in one rate-limit window.
      const clock = Date.now();
      server = await startTestServer(db, {}, { now: () => clock });
      const url = server.url;
      // The test client is on loopback, i.e. "our proxy": the forwarded address is the client's.
      const from = (address: string) =>
        fetch(`${url}/api/presence`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
          body: JSON.stringify({ visitorId: visitor() }),
        });
      const statuses: number[] = [];
      for (let index = 0; index < 122; index++) statuses.push((await from('203.0.113.7')).status);
      expect(statuses.slice(0, 120)).toEqual(Array(120).fill(204));
      expect(statuses.slice(120)).toEqual([429, 429]);
      expect((await from('198.51.100.9')).status).toBe(204);
      expect((await readLive(server)).signals.viewers).toBe(121);
      const keys = await db.db.selectFrom('rate_limits').select('key').execute();
      expect(keys).toHaveLength(2);
      expect(keys.every((row) => row.key.startsWith('presence:ip:') && !row.key.includes('203.0.113.7'))).toBe(true);
    });
  });
}

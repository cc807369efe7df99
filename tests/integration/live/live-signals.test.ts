import { describe, expect, it } from 'vitest';
import type { LiveSignals } from '../../../src/shared/live.ts';
import { businessMonth } from '../../../src/shared/time.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, postOrder, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, setOrderColumns, setSandboxCharge, tableRows } from '../../support/db-reads.ts';
import { databases, type TestDb } from '../test-db.ts';
import { createTestApp, useTestServer, type TestServer } from '../../support/test-server.ts';

const visitor = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** A new buyer from a new client address starts a checkout (which a sell-out may refuse). */
const startCheckout = (server: TestServer) => postOrder(server.url, { ...uniqueBuyer(), checkoutKey: newCheckoutKey() });

/** The buyer pays at the gateway (the sandbox), and the status poll (not a postback) confirms it. */
async function pay(server: TestServer, db: TestDb, orderId: string) {
  const order = await orderRow(db, orderId);
  await setSandboxCharge(db, order.charge_id!, 'paid');
  const status = (await (await fetch(`${server.url}/api/orders/${orderId}`)).json()) as { status: string };
  expect(status.status).toBe('paid');
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
    const running = useTestServer(database, {}, { each: true });

    it('only payment takes a spot: unpaid charges leave the month open, two paid orders sell it out and a third charge is refused', async () => {
      const { db } = running;
      const server = await running.restart({ MONTHLY_CAPACITY: '2' });
      const before = await readLive(server);
      expect(before.response.headers.get('cache-control')).toBe('no-store');
      expect(before.signals).toMatchObject({ spotsLeft: 2, capacity: 2, soldOut: false });

      const first = await startCheckout(server);
      const second = await startCheckout(server);
      expect([first.status, second.status]).toEqual([201, 201]);
      // Two PIX charges on offer, none paid: nothing is taken.
      expect((await readLive(server)).signals).toMatchObject({ spotsLeft: 2, soldOut: false });
      expect((await startCheckout(server)).status).toBe(201);

      await pay(server, db, first.body.orderId as string);
      expect((await readLive(server)).signals).toMatchObject({ spotsLeft: 1, soldOut: false });
      await pay(server, db, second.body.orderId as string);

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

      const refused = await startCheckout(server);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/^As vagas deste mês esgotaram\./);
      expect(await tableRows(db, 'orders')).toHaveLength(3);
    });

    it('a charge already on offer stays payable after the sell-out and is honoured; a refund gives its spot back', async () => {
      const { db } = running;
      const server = await running.restart({ MONTHLY_CAPACITY: '1' });
      const early = await startCheckout(server);
      const late = await startCheckout(server);
      await pay(server, db, early.body.orderId as string);
      expect((await readLive(server)).signals).toMatchObject({ spotsLeft: 0, soldOut: true });

      // The late buyer's PIX was offered before the sell-out: paying it still delivers.
      await pay(server, db, late.body.orderId as string);
      expect((await readLive(server)).signals).toMatchObject({ spotsLeft: 0, soldOut: true });

      for (const orderId of [early.body.orderId, late.body.orderId]) await setOrderColumns(db, orderId as string, { status: 'reversed' });
      expect((await readLive(server)).signals).toMatchObject({ spotsLeft: 1, soldOut: false });
      expect((await startCheckout(server)).status).toBe(201);
    });

    it('MONTHLY_CAPACITY=0 means unlimited: no spots number, never sold out', async () => {
      const { db } = running;
      const { app } = createTestApp(db, { MONTHLY_CAPACITY: '0' });
      const response = await app.request('/api/live');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ spotsLeft: null, capacity: 0, soldOut: false });
    });

    it("runs the offer countdown to OFFER_ENDS_AT while it is ahead, else to the month's end", async () => {
      const { db } = running;
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

    it('refuses bad heartbeats with 400 and writes nothing', async () => {
      const { db } = running;
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
      ];
      for (const body of bad) {
        const response = await post(body);
        expect(response.status, body.slice(0, 40)).toBe(400);
        expect(await response.json()).toEqual({ error: 'Requisição inválida.' });
      }
      expect((await post(JSON.stringify({ visitorId: visitor() }), 'text/plain')).status).toBe(400);
      const oversized = await post(JSON.stringify({ visitorId: visitor(), padding: 'x'.repeat(300) }));
      expect(oversized.status).toBe(413);
      expect(oversized.headers.get('connection')).toBe('close');
      expect((await app.request('/api/presence')).status).toBe(404);
      expect(await tableRows(db, 'presence')).toEqual([]);
    });
  });

  describe(`live signals on ${database.name}, the server's clock moved by the test`, () => {
    const running = useTestServer(database, {}, { each: true, clock: 'now' });

    it('counts distinct visitors seen in the last 60 s', async () => {
      const { db, server, clock } = running;
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
      clock.now += 45_000;
      expect((await beat(server, bia)).status).toBe(204);
      clock.now += 16_000;
      expect((await readLive(server)).signals.viewers).toBe(1);
      clock.now += 60_000;
      expect((await readLive(server)).signals.viewers).toBe(0);

      const rows = (await tableRows(db, 'presence')).sort((a, b) => Number(a.last_seen) - Number(b.last_seen));
      expect(rows.map((row) => row.visitor_id)).toEqual([ana, bia]);
      // The random id, a hash of the client's address group and a time: nothing personal.
      expect(Object.keys(rows[0]!).sort()).toEqual(['client_key', 'last_seen', 'visitor_id']);
      expect(rows[0]!.client_key).not.toContain('127.0.0.1');
    });

    it('prunes visitors not seen for ten minutes on the next heartbeat', async () => {
      const { db, server, clock } = running;
      const [gone, here] = [visitor(), visitor()];
      await beat(server, gone);
      clock.now += 10 * 60_000 + 1;
      await beat(server, here);
      const rows = await tableRows(db, 'presence');
      expect(rows.map((row) => row.visitor_id)).toEqual([here]);
    });

    it('limits heartbeats per address; one address inventing visitor ids adds at most two viewers', async () => {
      // One fixed instant: all the beats fall in one rate-limit window.
      const { db, server } = running;
      const url = server.url;
      const from = (address: string) =>
        fetchFrom(address)(`${url}/api/presence`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ visitorId: visitor() }),
        });
      const script = newClientAddress();
      const statuses: number[] = [];
      for (let index = 0; index < 62; index++) statuses.push((await from(script)).status);
      expect(statuses.slice(0, 60)).toEqual(Array(60).fill(204));
      expect(statuses.slice(60)).toEqual([429, 429]);
      expect((await from(newClientAddress())).status).toBe(204);
      // 60 invented visitors from one address count as 2; the other address as 1.
      expect((await readLive(server)).signals.viewers).toBe(3);
      const keys = await tableRows(db, 'rate_limits');
      expect(keys).toHaveLength(2);
      expect(keys.every((row) => row.key.startsWith('presence:') && !row.key.includes('127.0.'))).toBe(true);
    });
  });
}

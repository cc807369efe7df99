import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { limits, MAX_OPEN_CHARGES_PER_CLIENT } from '../../../src/server/http/rate-limit.ts';
import { newCheckoutKey, newClientAddress, postOrder as postTo, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, rowCount, setOrderColumns } from '../../support/db-reads.ts';
import { databases, type TestDb } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * Abuse, done for real against the real server on loopback: floods from one address and from many
 * (distinct loopback source addresses stand in for distinct clients), spoofed X-Forwarded-For, and
 * a flood of writes whose storage is measured on disk.
 */
const visitor = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

interface Live {
  spotsLeft: number | null;
  soldOut: boolean;
}

/** A checkout from `address`, whatever it answers: a new buyer unless `body` says otherwise. */
function postOrder(url: string, address: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return postTo(url, { ...uniqueBuyer(), checkoutKey: newCheckoutKey(), ...body }, address, headers);
}

async function readLive(url: string): Promise<Live> {
  return (await (await fetch(`${url}/api/live`)).json()) as Live;
}

/** `count` requests from one address over a few keep-alive connections. */
async function flood(
  count: number,
  address: string,
  send: (agent: http.Agent, index: number) => Promise<number>,
  concurrency = 8,
): Promise<Map<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, localAddress: address });
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        const status = await send(agent, index);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  return statuses;
}

function request(agent: http.Agent, url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

for (const database of databases) {
  describe(`abuse on ${database.name}`, () => {
    // The clock stands still unless a test moves it: a flood falls in one rate-limit window.
    const running = useTestServer(database, {}, { clock: 'now', each: true });

    it('a single-address flood of 300 checkouts gets 429 past the limit; another buyer still gets a PIX', async () => {
      const { server, db } = running;
      const script = newClientAddress();
      const statuses: number[] = [];
      for (let index = 0; index < 300; index++) statuses.push((await postOrder(server.url, script)).status);
      const created = statuses.filter((status) => status === 201).length;
      expect(created).toBe(MAX_OPEN_CHARGES_PER_CLIENT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(300 - created);
      // The gateway saw no more charges than the limit allows.
      expect(await rowCount(db, 'sandbox_transactions')).toBe(MAX_OPEN_CHARGES_PER_CLIENT);

      const refused = await postOrder(server.url, script);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Muitas tentativas de pagamento seguidas\./);

      const buyer = await postOrder(server.url, newClientAddress());
      expect(buyer.status).toBe(201);
      expect((buyer.body.pix as { code: string }).code).toMatch(/^000201/);
      expect(await readLive(server.url)).toMatchObject({ spotsLeft: 100, soldOut: false });
    });

    it('the open-charge limit answers 429 in Portuguese; the hourly cap stops a client that keeps starting over', async () => {
      const { server, db, clock } = running;
      const client = newClientAddress();
      for (let index = 0; index < MAX_OPEN_CHARGES_PER_CLIENT; index++) expect((await postOrder(server.url, client)).status).toBe(201);
      const tooMany = await postOrder(server.url, client);
      expect(tooMany.status).toBe(429);
      expect(tooMany.body.error).toMatch(/^Já existem vários PIX em aberto feitos desta conexão\./);
      // The hourly cap counts every attempt: past it, even a client whose charges lapsed must wait.
      await setOrderColumns(db, undefined, { expires_at: clock.now - 1 });
      clock.now += 1;
      let status = 0;
      let attempts = MAX_OPEN_CHARGES_PER_CLIENT + 1;
      while (attempts < limits.orderCreate.max) {
        status = (await postOrder(server.url, client)).status;
        attempts += 1;
        await setOrderColumns(db, undefined, { expires_at: clock.now - 1 });
      }
      expect(status).toBe(201);
      const capped = await postOrder(server.url, client);
      expect(capped.status).toBe(429);
      expect(capped.body.error).toMatch(/^Muitas tentativas de pagamento seguidas\./);
    });

    it('a rotated X-Forwarded-For escapes no limit with TRUST_PROXY_HOPS=0; behind a proxy each client is limited on its own', async () => {
      const { server } = running;
      const script = newClientAddress();
      const statuses: number[] = [];
      for (let index = 0; index < 20; index++) {
        statuses.push((await postOrder(server.url, script, {}, { 'X-Forwarded-For': `198.51.100.${index + 1}` })).status);
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_OPEN_CHARGES_PER_CLIENT);

      // One proxy of ours in front: it appends the address it saw, and the server trusts that entry only.
      const upstream = (await running.restart({ TRUST_PROXY_HOPS: '1' })).url;
      const proxy = http.createServer((incoming, outgoing) => {
        const claimed = incoming.headers['x-forwarded-for'];
        const forwarded = [claimed, incoming.socket.remoteAddress].filter(Boolean).join(', ');
        const upstreamRequest = http.request(
          `${upstream}${incoming.url ?? '/'}`,
          { method: incoming.method, headers: { ...incoming.headers, 'x-forwarded-for': forwarded } },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        incoming.pipe(upstreamRequest);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      try {
        const [alice, bob] = [newClientAddress(), newClientAddress()];
        const through = async (address: string, spoof: string) =>
          (await postOrder(proxyUrl, address, {}, { 'X-Forwarded-For': spoof })).status;
        const aliceStatuses: number[] = [];
        for (let index = 0; index < 6; index++) aliceStatuses.push(await through(alice, `203.0.113.${index + 1}`));
        expect(aliceStatuses).toEqual([201, 201, 201, 429, 429, 429]);
        // Bob, through the same proxy, is a client of his own.
        expect(await through(bob, '203.0.113.1')).toBe(201);
      } finally {
        proxy.closeAllConnections();
        await new Promise((resolve) => proxy.close(resolve));
      }
    });

    it('5,000 requests each to events, presence, a wrong-secret webhook and random 404s barely grow the database', async () => {
      const { server, db } = running;
      const url = server.url;
      const script = newClientAddress();
      const order = await postOrder(url, newClientAddress());
      const orderId = order.body.orderId as string;
      await server.background.idle();

      const sizeOnDisk = () => {
        if (!('dir' in db)) return 0;
        const dir = (db as TestDb & { dir: string }).dir;
        return fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
      };
      const rows = async () => ({
        funnel: await rowCount(db, 'funnel'),
        presence: await rowCount(db, 'presence'),
        webhook_events: await rowCount(db, 'webhook_events'),
        rate_limits: await rowCount(db, 'rate_limits'),
      });
      const sizeBefore = sizeOnDisk();
      const rowsBefore = await rows();

      const json = { 'Content-Type': 'application/json' };
      const events = await flood(5_000, script, (agent) =>
        request(agent, `${url}/api/events`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'page_view', path: '/' }) }),
      );
      const beats = await flood(5_000, script, (agent) =>
        request(agent, `${url}/api/presence`, { method: 'POST', headers: json, body: JSON.stringify({ visitorId: visitor() }) }),
      );
      const postbacks = await flood(5_000, script, (agent, index) =>
        request(agent, `${url}/api/webhooks/gateway?t=${orderId}.pbs_forged${index}`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ hash: 'x', payment_status: 'paid', padding: 'x'.repeat(2_000) }),
        }),
      );
      const missing = await flood(5_000, script, (agent, index) => request(agent, `${url}/nao-existe-${index}-${visitor()}`));

      expect(events.get(204)).toBe(limits.events.max);
      expect(events.get(429)).toBe(5_000 - limits.events.max);
      expect(beats.get(204)).toBe(limits.presence.max);
      expect(postbacks.get(401)).toBe(5_000);
      expect(missing.get(404)).toBe(5_000);

      const rowsAfter = await rows();
      expect(rowsAfter.webhook_events).toBe(rowsBefore.webhook_events);
      expect(rowsAfter.presence - rowsBefore.presence).toBeLessThanOrEqual(limits.presence.max);
      expect(rowsAfter.funnel - rowsBefore.funnel).toBeLessThanOrEqual(2);
      expect(rowsAfter.rate_limits - rowsBefore.rate_limits).toBeLessThanOrEqual(4);
      // The order under attack is untouched, and the flood's viewers count as at most two.
      expect((await orderRow(db, orderId)).status).toBe('pending');
      expect(((await (await fetch(`${url}/api/live`)).json()) as { viewers: number }).viewers).toBeLessThanOrEqual(2);
      if (database.name === 'sqlite') expect(sizeOnDisk() - sizeBefore).toBeLessThan(1024 * 1024);
    }, 120_000);
  });

  describe(`abuse on ${database.name}, on the real clock`, () => {
    const running = useTestServer(database, {}, { each: true });

    it('a distributed flood (100 addresses × 2 unpaid orders) leaves every spot for real buyers', async () => {
      const url = running.server.url;
      const addresses = Array.from({ length: 100 }, () => newClientAddress());
      const results = await Promise.all(addresses.map(async (address) => [await postOrder(url, address), await postOrder(url, address)]));
      expect(results.flat().filter((result) => result.status === 201)).toHaveLength(200);
      expect(await readLive(url)).toMatchObject({ spotsLeft: 100, soldOut: false });
      const buyer = await postOrder(url, newClientAddress());
      expect(buyer.status).toBe(201);
      expect(await readLive(url)).toMatchObject({ spotsLeft: 100, soldOut: false });
    }, 90_000);

    it('the same buyer from two tabs with two checkout keys gets the same PIX and one gateway charge', async () => {
      const { server, db } = running;
      const buyer = uniqueBuyer('Joana Lima');
      const before = await rowCount(db, 'sandbox_transactions');
      const [first, second] = await Promise.all([
        postOrder(server.url, newClientAddress(), { ...buyer, checkoutKey: newCheckoutKey() }),
        postOrder(server.url, newClientAddress(), { ...buyer, checkoutKey: newCheckoutKey() }),
      ]);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.body.orderId).toBe(first.body.orderId);
      expect((second.body.pix as { code: string }).code).toBe((first.body.pix as { code: string }).code);
      expect(await rowCount(db, 'sandbox_transactions')).toBe(before + 1);
      // The same phone with another e-mail is the same buyer too.
      const byPhone = await postOrder(server.url, newClientAddress(), { ...uniqueBuyer(), phone: buyer.phone });
      expect(byPhone.body.orderId).toBe(first.body.orderId);
      expect(await rowCount(db, 'sandbox_transactions')).toBe(before + 1);
    });
  });
}

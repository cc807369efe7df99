import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENINGS_KEPT_PER_ORDER } from '../../../src/server/access/access-repository.ts';
import { issueAccessToken } from '../../../src/server/access/access-service.ts';
import { limits } from '../../../src/server/http/rate-limit.ts';
import { fetchFrom, newClientAddress, signInToConsole } from '../../support/clients.ts';
import { checkpointSqliteWal, orderRow, rowCount, rowsOfOrder } from '../../support/db-reads.ts';
import { buy, buyAndPay, consoleCall, postSandboxCharge, sandboxSays } from '../../support/purchase.ts';
import { databases, type TestDb } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * Writes an anonymous client can repeat, repeated for real: 5,000 opens of one member-page link and
 * 5,000 charges on the demo's sandbox gateway, each from one address over real HTTP on loopback
 * (20 at a time). On SQLite the data folder (database + WAL, checkpointed) grows by less than 1 MB;
 * on both databases the tables they write stay a handful of rows. The shop keeps selling after.
 */
const FLOOD = 5_000;
const CONCURRENCY = 20;
const MB = 1024 * 1024;

async function flood(count: number, send: () => Promise<Response>): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        const response = await send();
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

/** The SQLite files' size once the WAL is folded in and emptied (what stays on disk). */
async function folderBytes(db: TestDb): Promise<number> {
  await checkpointSqliteWal(db);
  const dir = (db as unknown as { dir: string }).dir;
  return fs.readdirSync(dir).reduce((total, name) => total + fs.statSync(path.join(dir, name)).size, 0);
}

for (const database of databases) {
  describe(`write floods from one address on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: 'senha-do-painel-enchente' });

    it(`${FLOOD} opens of one member-page link are all counted in bounded rows, and the console's timeline still shows them`, async () => {
      const { db, server } = running;
      const { orderId } = await buyAndPay(running);
      const token = await issueAccessToken(db.db, orderId, Date.now());
      const before = database.name === 'sqlite' ? await folderBytes(db) : 0;

      const from = fetchFrom(newClientAddress());
      const started = Date.now();
      const statuses = await flood(FLOOD, () => from(`${server.url}/acesso/${token}`));
      expect(Object.fromEntries(statuses)).toEqual({ 303: FLOOD });
      expect(Date.now() - started).toBeLessThan(60_000);

      // A row per opening up to the cap, then one per day and address: two if the flood crossed midnight (UTC).
      const opens = await rowCount(db, 'member_page_opens');
      expect(opens).toBe(OPENINGS_KEPT_PER_ORDER);
      const tallies = await rowsOfOrder(db, 'member_page_open_tallies', orderId);
      expect(tallies.length).toBeGreaterThanOrEqual(1);
      expect(tallies.length).toBeLessThanOrEqual(2);
      // Every opening is counted all the same.
      expect(opens + tallies.reduce((total, tally) => total + Number(tally.openings), 0)).toBe(FLOOD);
      if (database.name === 'sqlite') expect((await folderBytes(db)) - before).toBeLessThan(MB);

      const cookie = await signInToConsole(server.url, 'senha-do-painel-enchente');
      const detail = (await (await consoleCall(server.url, cookie, `/orders/${orderId}`)).json()) as {
        timeline: Array<{ kind: string; at: number }>;
      };
      const shown = detail.timeline.filter((entry) => entry.kind === 'member_page');
      expect(shown).toHaveLength(opens);
      expect(shown[0]!.at).toBeGreaterThanOrEqual(started);
    }, 120_000);

    it(`${FLOOD} sandbox charges from one address: ${limits.sandboxCharge.max} go through, and real purchases still work`, async () => {
      const { db, server } = running;
      const chargesBefore = await rowCount(db, 'sandbox_transactions');
      const before = database.name === 'sqlite' ? await folderBytes(db) : 0;
      const outsider = newClientAddress();
      const charge = () =>
        postSandboxCharge(server.url, { name: 'Robô', email: 'robo@example.com', phone_number: '11900000000' }, {}, outsider);

      const started = Date.now();
      const statuses = await flood(FLOOD, charge);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(Object.fromEntries(statuses)).toEqual({ 201: limits.sandboxCharge.max, 429: FLOOD - limits.sandboxCharge.max });
      const refused = await charge();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ message: 'Too Many Attempts.' });

      expect((await rowCount(db, 'sandbox_transactions')) - chargesBefore).toBe(limits.sandboxCharge.max);
      expect(await rowCount(db, 'rate_limits')).toBeLessThan(10);
      if (database.name === 'sqlite') expect((await folderBytes(db)) - before).toBeLessThan(MB);

      // The shop's own checkout reaches the sandbox from its loopback address and is not held by
      // that limit: more purchases than it allows, each from a buyer of its own, all get their PIX.
      const orders = [];
      for (let n = 0; n < limits.sandboxCharge.max + 2; n++) {
        const { orderId, reply } = await buy<{ orderId: string; pix: { code: string } }>(server);
        expect(reply.pix.code).toMatch(/^000201/);
        orders.push(orderId);
      }
      await sandboxSays(server, db, orders.at(-1)!, 'paid');
      const paid = await orderRow(db, orders.at(-1)!);
      expect(paid.status).toBe('paid');
    }, 120_000);
  });
}

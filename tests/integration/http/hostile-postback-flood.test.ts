import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueBuyer } from '../../support/clients.ts';
import { orderRow, postgresTableBytes, rowsOfOrder } from '../../support/db-reads.ts';
import { standInGatewayClient, type ChargeLedger } from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { buy } from '../../support/purchase.ts';
import { POSTBACK_READ_INTERVAL_MS } from '../../../src/server/payment/provider-webhook.ts';
import { databases, type TestDb } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * Whoever holds one order's postback URL (a demo's sandbox API hands it out) can send its valid
 * postback in a loop. Each one used to make a gateway read in our name, a database write and a
 * stored copy of its body. Now an order gets at most one read per window, and the postbacks in
 * between store nothing, yet still answer 200 at once (a gateway retries anything else).
 */

const POSTBACKS = 5_000;
const CONCURRENCY = 20;

/** Bytes the database takes on disk: the SQLite file with its journal, or this schema's tables in PostgreSQL. */
async function storedBytes(db: TestDb): Promise<number> {
  if (db.dialect === 'sqlite') {
    const dir = (db as TestDb & { dir: string }).dir;
    return fs.readdirSync(dir).reduce((total, name) => total + fs.statSync(path.join(dir, name)).size, 0);
  }
  return postgresTableBytes(db);
}

for (const database of databases) {
  describe(`${POSTBACKS} valid postbacks for one order on ${database.name}`, () => {
    let ledger: ChargeLedger;
    const running = useTestServer(database, {}, { gateway: (standIn) => standInGatewayClient(standIn) });
    beforeAll(() => {
      ledger = running.gateway.rememberCharges();
    });

    it('make a bounded number of gateway reads, store next to nothing, and the payment is still confirmed', async () => {
      const { server, db, gateway } = running;
      const order = await orderRow(db, (await buy(server, { buyer: uniqueBuyer('Bia Rocha') })).orderId);
      const transaction = ledger.byOrder.get(order.id)!;
      const url = `${server.url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`;
      const body = JSON.stringify(ledger.toJson(transaction));
      const reads = () =>
        gateway.requests.filter((request) => request.method === 'GET' && request.path.endsWith(`/${transaction.hash}`)).length;
      const readsBefore = reads();
      const bytesBefore = await storedBytes(db);

      const started = performance.now();
      const statuses = new Map<number, number>();
      let sent = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (sent < POSTBACKS) {
            sent += 1;
            const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
            await response.body?.cancel();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }
        }),
      );
      const elapsedMs = performance.now() - started;
      await server.background.idle();

      expect(Object.fromEntries(statuses)).toEqual({ 200: POSTBACKS });
      // One read per window that opened while the flood lasted.
      const windows = 1 + Math.floor(elapsedMs / POSTBACK_READ_INTERVAL_MS);
      expect(reads() - readsBefore).toBeGreaterThanOrEqual(1);
      expect(reads() - readsBefore).toBeLessThanOrEqual(windows);
      const events = await rowsOfOrder(db, 'webhook_events', order.id);
      expect(events.length).toBeLessThanOrEqual(windows);
      expect((await storedBytes(db)) - bytesBefore).toBeLessThan(1024 * 1024);

      // The buyer pays; the gateway's next postback lands inside the window, and is not read then.
      ledger.pay(transaction.hash);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ledger.toJson(transaction)),
      });
      expect(response.status).toBe(200);
      await server.background.idle();
      // Once the window has passed, the reconciler's pass reads it and the order is paid.
      server.orders.now = () => Date.now() + POSTBACK_READ_INTERVAL_MS + 1_000;
      try {
        await server.reconciler.runOnce();
      } finally {
        server.orders.now = () => Date.now();
      }
      const after = await orderRow(db, order.id);
      expect(after.status).toBe('paid');
    }, 180_000);

    it('one large postback per window, for hours, is read each time but keeps at most 20 bodies', async () => {
      const { server, db, gateway } = running;
      const order = await orderRow(db, (await buy(server, { buyer: uniqueBuyer('Ciro Neves') })).orderId);
      const transaction = ledger.byOrder.get(order.id)!;
      const reads = () =>
        gateway.requests.filter((request) => request.method === 'GET' && request.path.endsWith(`/${transaction.hash}`)).length;
      const readsBefore = reads();
      const bytesBefore = await storedBytes(db);
      const body = JSON.stringify({ ...ledger.toJson(transaction), note: 'x'.repeat(200 * 1024) });
      const start = Date.now();
      try {
        for (let window = 0; window < 40; window++) {
          // The clock moves one window further each time, as a patient sender's would.
          server.orders.now = () => start + window * (POSTBACK_READ_INTERVAL_MS + 1_000);
          const response = await fetch(`${server.url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          });
          expect(response.status).toBe(200);
          await response.body?.cancel();
          await server.background.idle();
        }
      } finally {
        server.orders.now = () => Date.now();
      }
      expect(reads() - readsBefore).toBe(40);
      const events = await rowsOfOrder(db, 'webhook_events', order.id);
      expect(events.length).toBe(20);
      expect((await storedBytes(db)) - bytesBefore).toBeLessThan(1024 * 1024);
    }, 120_000);
  });
}

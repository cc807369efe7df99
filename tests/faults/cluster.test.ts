import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { OUTBOX_CONCURRENCY } from '../../src/server/outbox/outbox-worker.ts';
import { fetchFrom, newClientAddress, uniqueBuyer } from '../support/clients.ts';
import { forEachInParallel, startCluster, type Cluster } from '../support/cluster.ts';
import { appliedMigrations, tableRows, wholeOutbox } from '../support/db-reads.ts';
import {
  STAND_IN_PRODUCT_HASH,
  startGatewayStandIn,
  type ChargeLedger,
  type GatewayStandIn,
  type LedgerTransaction,
} from '../support/providers/tribopay/tribopay-stand-in.ts';
import { startSlowSmtpServer, type SlowSmtpServer } from '../support/slow-smtp.ts';

/**
 * Three real Vitrine processes on one PostgreSQL database behind a real nginx running the shipped
 * deploy/nginx.conf: buyers go through nginx, the gateway's postbacks hit random instances (some
 * twice), the mail server takes 0–5 s per message, and one instance is SIGKILLed while payments
 * and e-mails are in flight. Every paid order must get exactly one e-mail (a second copy with the
 * same Message-ID only for a message whose acceptance the kill interrupted), and every instance
 * must tell the same viewers and spots.
 */

const ORDERS = 300;
const DUPLICATED_POSTBACKS = 0.2;
const MAX_SMTP_LATENCY_MS = 5_000;
/** Buyers checking out at the same time (bounded: two cores run the instances, nginx and this test). */
const PARALLEL_BUYERS = 12;
/** The instance killed, and after how many payments. */
const VICTIM = 1;
const KILL_AFTER_PAYMENTS = Math.round(ORDERS * 0.4);
/**
 * How long after the last payment every e-mail must have arrived. It covers the outbox lease of
 * the rows the killed instance held (they are re-sent only once it ends) and the mail latency.
 */
const DELIVERY_DEADLINE_MS = 150_000;

interface PlacedOrder {
  orderId: string;
  transaction: LedgerTransaction;
  client: ReturnType<typeof fetchFrom>;
}

interface LiveSignals {
  spotsLeft: number | null;
  soldOut: boolean;
  viewers: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const checkoutKey = () => `cluster${randomBytes(12).toString('hex')}`;

describe('three instances behind nginx on one PostgreSQL', () => {
  let gateway: GatewayStandIn;
  let ledger: ChargeLedger;
  let smtp: SlowSmtpServer;
  let cluster: Cluster;
  let database: Db;

  beforeAll(async () => {
    gateway = await startGatewayStandIn();
    ledger = gateway.rememberCharges();
    smtp = await startSlowSmtpServer({ maxLatencyMs: MAX_SMTP_LATENCY_MS });
    cluster = await startCluster({
      instances: 3,
      env: {
        PROVIDER_URL: gateway.url,
        PROVIDER_TOKEN: 'tok_cluster_test',
        PRODUCT_HASH: STAND_IN_PRODUCT_HASH,
        CUSTOMER_DOCUMENT: '52998224725',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Loja <loja@example.com>',
        SUPPORT_EMAIL: 'suporte@loja.example.com',
        MONTHLY_CAPACITY: String(ORDERS),
      },
    });
    database = openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
    await smtp?.stop();
    await gateway?.stop();
  }, 60_000);

  const live = async (url: string): Promise<LiveSignals> => {
    const response = await fetch(`${url}/api/live`);
    expect(response.status).toBe(200);
    return (await response.json()) as LiveSignals;
  };
  const liveEverywhere = () => Promise.all(cluster.instances.map((instance) => live(instance.url)));

  it('three instances started at once on an empty database applied each migration once', async () => {
    const names = await appliedMigrations(database);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  it('every instance counts the same viewers, whichever instance received their heartbeats', async () => {
    const beat = (client: ReturnType<typeof fetchFrom>) =>
      client(`${cluster.url}/api/presence`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ visitorId: randomBytes(16).toString('hex') }),
      });
    // Seven visitors on seven addresses, and three tabs behind one address (which count as two).
    const visitors = Array.from({ length: 7 }, () => fetchFrom(newClientAddress()));
    const shared = fetchFrom(newClientAddress());
    const answers = await Promise.all([...visitors.map(beat), beat(shared), beat(shared), beat(shared)]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(204));

    const signals = await liveEverywhere();
    expect(signals.map((signal) => signal.viewers)).toEqual([9, 9, 9]);
    expect((await live(cluster.url)).viewers).toBe(9);
  });

  it(`${ORDERS} orders through nginx, paid by postbacks to random instances, one instance killed: every buyer gets one e-mail`, async () => {
    // 1. Buyers check out through nginx, each from their own address (as real buyers are).
    const orders: PlacedOrder[] = [];
    const createStarted = Date.now();
    await forEachInParallel(
      Array.from({ length: ORDERS }, (_, index) => index),
      PARALLEL_BUYERS,
      async () => {
        const client = fetchFrom(newClientAddress());
        const response = await client(`${cluster.url}/api/orders`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...uniqueBuyer(), checkoutKey: checkoutKey() }),
        });
        const body = (await response.json()) as { orderId?: string; error?: string };
        expect(response.status, body.error).toBe(201);
        orders.push({ orderId: body.orderId!, transaction: ledger.byOrder.get(body.orderId!)!, client });
      },
    );
    const createSeconds = (Date.now() - createStarted) / 1000;
    expect(ledger.charges()).toBe(ORDERS);
    expect(new Set(orders.map((order) => order.orderId)).size).toBe(ORDERS);
    // Unpaid charges hold no spot, on every instance.
    expect((await liveEverywhere()).map((signal) => signal.spotsLeft)).toEqual([ORDERS, ORDERS, ORDERS]);

    // 2. Buyers pay; the gateway posts back to a random instance, a fifth of the time twice.
    let payments = 0;
    let postbacks = 0;
    let inFlightAtKill = new Set<string>();
    const postback = async (transaction: LedgerTransaction) => {
      const target = cluster.instances[Math.floor(Math.random() * cluster.instances.length)]!;
      const direct = transaction.postbackUrl.replace(cluster.url, target.url);
      const body = JSON.stringify(ledger.toJson(transaction));
      const send = (url: string) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      postbacks += 1;
      // An instance that died a moment ago refuses the connection; the gateway then retries the
      // address it was given, nginx, which passes it to a live instance.
      const response = await send(direct).catch(() => send(transaction.postbackUrl));
      expect(response.status).toBe(200);
    };
    const payStarted = Date.now();
    await forEachInParallel(orders, PARALLEL_BUYERS, async (order) => {
      order.transaction.status = 'paid';
      payments += 1;
      if (payments === KILL_AFTER_PAYMENTS) {
        // What the killed instance may have been sending: DATA received and not yet answered, or
        // answered so recently that the sender may not have recorded it. Read before and after the
        // kill: a message the victim began between the first look and the signal is in flight too.
        const killStarted = Date.now();
        const pendingBefore = smtp.pending();
        await cluster.kill(VICTIM);
        inFlightAtKill = new Set([...pendingBefore, ...smtp.pending(), ...smtp.acceptedSince(killStarted - 2_000)]);
      }
      const copies = Math.random() < DUPLICATED_POSTBACKS ? 2 : 1;
      await Promise.all(Array.from({ length: copies }, () => postback(order.transaction)));
    });
    const paySeconds = (Date.now() - payStarted) / 1000;
    // The killed instance comes back, as systemd's Restart= brings it back.
    await cluster.restart(VICTIM);

    // 3. Each buyer's open modal polls the order through nginx until it reads paid.
    const unpaid = new Set(orders);
    let failedThroughNginx = 0;
    const pollDeadline = Date.now() + 60_000;
    while (unpaid.size > 0 && Date.now() < pollDeadline) {
      await forEachInParallel([...unpaid], PARALLEL_BUYERS, async (order) => {
        const response = await order.client(`${cluster.url}/api/orders/${order.orderId}`);
        if (response.status !== 200) failedThroughNginx += 1;
        else if (((await response.json()) as { status: string }).status === 'paid') unpaid.delete(order);
      });
      if (unpaid.size > 0) await sleep(3_000);
    }
    expect(unpaid.size).toBe(0);
    expect(failedThroughNginx).toBe(0);

    // 4. Every e-mail arrives. The outbox marks a row sent only after the mail server accepted it,
    // so once every row is marked sent no copy is still on its way.
    const expected = new Set(orders.map((order) => `<access-${order.orderId}-access_email@vitrine>`));
    // "Seu PIX está pronto" went out at each charge (or was dropped once paid); this counts the access e-mails.
    const accessDeliveries = () => [...smtp.deliveries].filter(([id]) => id.startsWith('<access-'));
    const unsentRows = async () => (await wholeOutbox(database)).filter((row) => row.sent_at === null).length;
    const deliveryDeadline = Date.now() + DELIVERY_DEADLINE_MS;
    while (([...expected].some((id) => !smtp.deliveries.has(id)) || (await unsentRows()) > 0) && Date.now() < deliveryDeadline) {
      await sleep(1_000);
    }
    const deliveredSeconds = (Date.now() - payStarted) / 1000;

    const missing = [...expected].filter((id) => !smtp.deliveries.has(id));
    expect(missing, `${missing.length} paid orders got no e-mail`).toEqual([]);
    expect(
      accessDeliveries()
        .map(([id]) => id)
        .sort(),
    ).toEqual([...expected].sort());
    const repeated = accessDeliveries().filter(([, count]) => count > 1);
    // The killed instance was sending at most this many messages: no more can arrive twice.
    expect(repeated.length).toBeLessThanOrEqual(OUTBOX_CONCURRENCY);
    for (const [id, count] of repeated) {
      // The documented crash case: accepted by the mail server while the sender was being killed.
      expect(count, id).toBe(2);
      expect(inFlightAtKill.has(id), `${id} was delivered ${count} times but was not in flight at the kill`).toBe(true);
    }

    const statuses = (await tableRows(database, 'orders')).map((row) => row.status);
    expect([...new Set(statuses)].map((status) => [status, statuses.filter((each) => each === status).length])).toEqual([['paid', ORDERS]]);
    const outbox = await wholeOutbox(database, 'access_email');
    expect([outbox.filter((row) => row.sent_at !== null).length, outbox.length]).toEqual([ORDERS, ORDERS]);

    // 5. The month is sold out, and every instance says and enforces so.
    const signals = await liveEverywhere();
    expect(signals.map((signal) => [signal.spotsLeft, signal.soldOut])).toEqual([
      [0, true],
      [0, true],
      [0, true],
    ]);
    for (const url of [cluster.url, ...cluster.instances.map((instance) => instance.url)]) {
      const response = await fetchFrom(newClientAddress())(`${url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...uniqueBuyer(), checkoutKey: checkoutKey() }),
      });
      expect(response.status).toBe(409);
    }
    expect(ledger.charges()).toBe(ORDERS);

    console.log(
      [
        'Three instances behind nginx, one PostgreSQL (figures of this run):',
        `  orders created through nginx   ${ORDERS} in ${createSeconds.toFixed(1)} s = ${(ORDERS / createSeconds).toFixed(1)} orders/s (${PARALLEL_BUYERS} buyers at a time)`,
        `  payments (postbacks sent)      ${ORDERS} (${postbacks}, ${postbacks - ORDERS} duplicated) in ${paySeconds.toFixed(1)} s`,
        `  e-mails delivered              ${smtp.accepted()} (${smtp.deliveries.size} distinct Message-IDs), all within ${deliveredSeconds.toFixed(0)} s of the first payment`,
        `  same Message-ID twice          ${repeated.length} (messages in flight at the kill: ${inFlightAtKill.size})`,
        `  lost orders                    ${missing.length}`,
        `  instances killed (SIGKILL)     1, restarted 1; failed requests through nginx after the kill: ${failedThroughNginx}`,
      ].join('\n'),
    );
  }, 420_000);
});

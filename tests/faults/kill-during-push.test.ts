import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { checkout } from '../support/fault-kit.ts';
import { signInToConsole } from '../support/clients.ts';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { consoleCall } from '../support/purchase.ts';
import { startPushService, type BrowserSubscription, type PushServiceStandIn } from '../support/stand-ins/push-service.ts';
import { waitFor } from '../support/wait.ts';

/**
 * The seller's phone on two real Vitrine processes (the built server) on one PostgreSQL database, against the push
 * service written from RFC 8030/8291/8292 (tests/support/stand-ins/push-service.ts), docs/notifications.md#delivery:
 * a sale paid on one instance rings each device once; an instance SIGKILLed while its push is on the wire (the push
 * service took the message and holds its answer) leaves the row leased, and once the lease ends the other instance,
 * or the killed one started again, sends it: the phone rings at most once more, never not at all.
 */
const PASSWORD = 'senha-do-painel-push-cluster';
/** The worker's next poll once the lease is over (its 90 s are ended by hand below, as time passing would). */
const RESEND_DEADLINE_MS = 45_000;
/** How long the test listens for a copy too many once a notification arrived. */
const QUIET_MS = 8_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The process among `pids` holding the TCP socket whose local port is `port` on loopback: Linux's table of TCP
 * sockets (/proc/net/tcp, proc(5)) names the socket's inode, and a process's /proc/<pid>/fd links to `socket:[inode]`.
 */
function processOfPort(port: number, pids: number[]): number | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    ['/proc/net/tcp', '/proc/net/tcp6']
      .filter((file) => fs.existsSync(file))
      .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hex}`))
      .map((fields) => `socket:[${fields[9]}]`),
  );
  return pids.find((pid) =>
    fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    }),
  );
}

let push: PushServiceStandIn;
let cluster: Cluster;
let database: Db;
let phone: BrowserSubscription;
let tablet: BrowserSubscription;

beforeAll(async () => {
  push = await startPushService();
  cluster = await startCluster({ instances: 2, env: { ADMIN_PASSWORD: PASSWORD, SELLER_NAME: 'Loja da Ana' } });
  database = openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
  // The console through nginx, as the seller's browser reaches it.
  const cookie = await signInToConsole(cluster.url, PASSWORD);
  const subscribe = async (device: string) => {
    const subscription = push.subscribe();
    const reply = await consoleCall(cluster.url, cookie, '/notifications/devices', { subscription: subscription.json, device });
    expect(reply.status, await reply.clone().text()).toBe(200);
    return subscription;
  };
  phone = await subscribe('Pixel 8');
  tablet = await subscribe('Galaxy Tab');
}, 150_000);
afterAll(async () => {
  // The test's own connection first: the cluster drops its database WITH (FORCE).
  await database?.close();
  await cluster?.stop();
  await push?.stop();
});

/** A buyer checks out on instance `index` and pays there in the demo's sandbox; resolves with the order's id. */
async function saleOn(index: number): Promise<string> {
  const { url } = cluster.instances[index]!;
  const created = await checkout(url);
  expect(created.status).toBe(201);
  const orderId = created.body.orderId!;
  const { charge_id: charge } = await database.db
    .selectFrom('orders')
    .select('charge_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const paid = await fetch(`${url}/sandbox/pay/${charge}`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return orderId;
}

const urls = (device: BrowserSubscription) => push.delivered(device.id).map((message) => message.url);

it('a sale paid on one instance of two rings each device once', async () => {
  const orderId = await saleOn(0);
  await waitFor('both devices rung', () => urls(phone).length > 0 && urls(tablet).length > 0, 60_000);
  await sleep(QUIET_MS);
  expect(urls(phone)).toEqual([`/painel#pedidos/${orderId}`]);
  expect(urls(tablet)).toEqual([`/painel#pedidos/${orderId}`]);
  expect(push.arrivals.every((arrival) => arrival.problem === null)).toBe(true);
});

it('kill -9 of the instance sending a push: it rings at most once more, never not at all', async () => {
  const held = push.hold(phone.id);
  const orderId = await saleOn(1);
  const { senderPort } = await held.arrived;
  const pids = cluster.instances.map((instance) => instance.server.process.pid!);
  const sender = pids.indexOf(processOfPort(senderPort, pids) ?? -1);
  expect(sender, 'one of the two instances sent it').toBeGreaterThanOrEqual(0);
  // The phone has the message, the sender never hears the push service's 201: it dies with the row leased.
  await cluster.kill(sender);
  held.release();
  expect(urls(phone)).toHaveLength(2);
  const [leased] = await database.db
    .selectFrom('outbox')
    .select(['sent_at', 'locked_until'])
    .where('order_id', '=', orderId)
    .where('kind', 'like', 'push:%:sale')
    .where('sent_at', 'is', null)
    .execute();
  expect(leased, 'the phone’s row, leased by the dead instance').toBeDefined();
  // The killed instance comes back as systemd's Restart= would; the lease ends; one of the two sends it again. The
  // lease's 90 s pass in the database rather than on the wall clock: the rows' locked_until moves to a moment just past.
  await cluster.restart(sender);
  await database.db
    .updateTable('outbox')
    .set({ locked_until: Date.now() - 1 })
    .where('order_id', '=', orderId)
    .where('kind', 'like', 'push:%:sale')
    .where('sent_at', 'is', null)
    .execute();
  await waitFor('the push sent again after the lease', () => urls(phone).length === 3, RESEND_DEADLINE_MS, 1_000);
  await waitFor('the tablet rung', () => urls(tablet).length === 2, 10_000);
  await sleep(QUIET_MS);
  const sale = `/painel#pedidos/${orderId}`;
  // Once before the kill and once after: one more, with the same tag, so the phone shows one notification.
  expect(urls(phone).slice(1)).toEqual([sale, sale]);
  const [before, after] = push.delivered(phone.id).slice(1);
  expect(after!.tag).toBe(before!.tag);
  expect(urls(tablet).slice(1)).toEqual([sale]);
  const rows = await database.db
    .selectFrom('outbox')
    .select('sent_at')
    .where('order_id', '=', orderId)
    .where('kind', 'like', 'push%')
    .execute();
  expect(rows.every((row) => row.sent_at !== null)).toBe(true);
});

import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCluster } from '../support/cluster.ts';
import { checkout, postback, readOrder, startKillRig, type KillRig } from '../support/fault-kit.ts';
import { waitFor } from '../support/wait.ts';
import { isPixEmail } from '../integration/smtp-test-server.ts';

/**
 * Production runs Node with --disable-proto=throw (no `__proto__` accessor on any object), and so
 * does every test that starts the built server as a process. Here: every way production starts
 * says so, the spawned servers (the fault tests' single one, the cluster harness's instances)
 * really run with it, and a buyer can still pay after prototype-key attacks on it, so neither our
 * code nor a dependency needs `__proto__` on the purchase path.
 */

const FLAG = '--disable-proto=throw';

/** The arguments a running process was started with, as the kernel has them. */
const commandLineOf = (pid: number | undefined) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

let rig: KillRig;

beforeAll(async () => {
  rig = await startKillRig('proto-flag');
});
afterAll(async () => {
  await rig.close();
});

it('npm start, the Docker image and the systemd unit all pass the flag', () => {
  const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(packageJson.scripts.start).toMatch(
    /&& MALLOC_ARENA_MAX=2 exec node --disable-proto=throw --max-semi-space-size=2 dist\/server\/main\.js$/,
  );
  expect(fs.readFileSync('Dockerfile', 'utf8')).toContain(
    'CMD ["node", "--disable-proto=throw", "--max-semi-space-size=2", "dist/server/main.js"]',
  );
  expect(fs.readFileSync('Dockerfile', 'utf8')).toMatch(/^\s+MALLOC_ARENA_MAX=2$/m);
  expect(fs.readFileSync('deploy/vitrine.service', 'utf8')).toMatch(/^Environment=.* MALLOC_ARENA_MAX=2$/m);
  expect(fs.readFileSync('deploy/vitrine.service', 'utf8')).toMatch(
    /^ExecStart=\/usr\/bin\/node --disable-proto=throw --max-semi-space-size=2 \S+main\.js$/m,
  );
});

it('an instance of the cluster harness (npm run cluster, the cluster fault tests) runs with the flag', async () => {
  // One instance is enough: they all start the same way. Still the real harness: nginx in front, PostgreSQL behind.
  const cluster = await startCluster({ instances: 1 });
  try {
    const [instance] = cluster.instances;
    expect(commandLineOf(instance!.server.process.pid)).toContain(FLAG);
    const live = await fetch(`${cluster.url}/api/live`);
    expect(live.status).toBe(200);
    await live.body?.cancel();
  } finally {
    await cluster.stop();
  }
}, 120_000);

it('the spawned server runs with the flag, shrugs off prototype keys, and a buyer still pays', async () => {
  const { ledger, server, order } = await rig.placePendingOrder('Dora Prado');
  expect(commandLineOf(server.process.pid)).toContain(FLAG);

  const hostile: Array<[string, string]> = [
    ['application/x-www-form-urlencoded', '__proto__[now]=x&constructor[prototype][now]=x'],
    ['text/plain', '__proto__[now]=x'],
    ['application/json', '{"__proto__":{"now":1},"constructor":{"prototype":{"now":1}}}'],
  ];
  for (const [type, body] of hostile) {
    // The order's secret gets 200, a wrong one 401: either way an answer, never a 500.
    for (const [query, answer] of [
      [`${order.id}.${order.postback_secret}`, 200],
      [`${order.id}.wrong`, 401],
    ] as const) {
      const response = await fetch(`${server.url}/api/webhooks/gateway?t=${query}`, {
        method: 'POST',
        headers: { 'Content-Type': type },
        body,
      });
      expect(response.status).toBe(answer);
      await response.body?.cancel();
    }
    const created = await fetch(`${server.url}/api/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    // Refused as a bad form (400 or 422 with Portuguese field messages), never a 500.
    expect([400, 422]).toContain(created.status);
    await created.body?.cancel();
  }
  const live = await fetch(`${server.url}/api/live`);
  expect(live.status).toBe(200);
  await live.body?.cancel();
  const another = await checkout(server.url);
  expect(another.status).toBe(201);

  ledger.pay(order.charge_id!);
  // The hostile postbacks above opened and closed this order's read window: wait it out, as the gateway's retry would.
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  expect(await postback(server.url, order, { hash: order.charge_id, payment_status: 'paid' })).toBe(200);
  await waitFor('the order paid', async () => (await readOrder(rig.dataDir, order.id)).status === 'paid', 30_000, 100);
  await waitFor('the access e-mail', () => rig.smtp.received.some((mail) => !isPixEmail(mail)), 30_000, 100);
  expect(server.logs.filter((line) => /__proto__|TypeError/.test(line))).toEqual([]);
});

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildIsStale } from '../../scripts/build-freshness.ts';
import { uniqueBuyer } from '../support/clients.ts';
import { tableRows } from '../support/db-reads.ts';
import { checkout } from '../support/fault-kit.ts';
import { waitFor } from '../support/wait.ts';
import { standInEnv, startGatewayStandIn, type GatewayStandIn } from '../support/providers/tribopay/tribopay-stand-in.ts';
import { SERVER_ENTRY, startServer, withServerDb, type RunningServer } from '../support/server-process.ts';

let gateway: GatewayStandIn;
let server: RunningServer | undefined;
/** Lets the held charge request answer (the test holds it while the server drains). */
let releaseCharge = () => {};

beforeAll(async () => {
  gateway = await startGatewayStandIn();
});
afterAll(async () => {
  releaseCharge();
  await server?.stop();
  await gateway.stop();
});

it('SIGTERM to the process group of `npm start` during a checkout: the checkout completes, a new one gets 503, /readyz answers 503, exit code 0', async () => {
  const ledger = gateway.rememberCharges();
  const answer = gateway.onCreate;
  // The gateway holds the charge until the test has seen the draining server refuse a new checkout,
  // so the SIGTERM lands while the checkout is in flight however slow the machine is. (A fixed delay
  // raced the checks below: once the charge returned, the server stopped listening and they failed.)
  const chargeHeld = new Promise<void>((resolve) => (releaseCharge = resolve));
  gateway.onCreate = async (c, request) => {
    await chargeHeld;
    return answer(c, request);
  };
  // A stale build would make `npm start` rebuild dist/ under the other fault tests' feet.
  expect(buildIsStale(path.resolve('dist/.build-stamp'), SERVER_ENTRY), 'dist/ is older than the sources: build first').toBe(false);
  // `npm start` in a process group of its own, as systemd and Docker run it; the signal goes to the group.
  server = await startServer(standInEnv(gateway), { command: ['npm', 'start'], detached: true, startTimeoutMs: 180_000 });
  // What serves is the bundled server alone: the build step (tsx, esbuild, Vite) ran in a child that has ended.
  const group = spawnSync('ps', ['-o', 'args=', '-g', String(server.process.pid)], { encoding: 'utf8' }).stdout.split('\n');
  expect(group.filter((args) => /node --disable-proto=throw --max-semi-space-size=2 dist\/server\/main\.js/.test(args))).toHaveLength(1);
  // (An ended esbuild service may linger as a zombie, `<defunct>`: it holds no memory.)
  expect(group.filter((args) => /tsx|esbuild|vite/.test(args) && !args.includes('<defunct>'))).toEqual([]);

  const inFlight = checkout(server.url, uniqueBuyer('Gil Souto'));
  await waitFor('the charge request at the gateway', () => gateway.charges().length > 0, 60_000);
  const exit = server.kill('SIGTERM');
  await server.waitForLog(/Shutting down/, 30_000);

  const refused = await checkout(server.url, uniqueBuyer('Hugo Teles')).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${server!.logs.join('\n')}`);
  });
  expect(refused.status).toBe(503);
  expect(refused.body.error ?? refused.body.message).toBe('Estamos atualizando o sistema. Tente novamente em alguns segundos.');
  // The load balancer's readiness check takes the draining instance out; the process still serves.
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(ready.headers.get('cache-control')).toBe('no-store');
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  expect(server.logs.some((line) => /INFO Stopped/.test(line))).toBe(false);

  releaseCharge();
  const completed = await inFlight.catch((error: unknown) => {
    throw new Error(`${String(error)}\n${server!.logs.join('\n')}`);
  });
  expect(completed.status).toBe(201);
  expect(completed.body.pix!.code).toMatch(/^000201/);
  expect(await exit).toEqual({ code: 0, signal: null });
  expect(server.logs.some((line) => /INFO Stopped/.test(line))).toBe(true);

  const orders = await withServerDb(server.dataDir, (db) => tableRows(db, 'orders'));
  expect(orders.map(({ status }) => ({ status }))).toEqual([{ status: 'pending' }]);
  expect(ledger.charges()).toBe(1);
});

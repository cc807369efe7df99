import { afterAll, beforeAll, expect, it } from 'vitest';
import { uniqueBuyer } from '../support/clients.ts';
import { checkout } from '../support/fault-kit.ts';
import {
  chargeRequestsFor,
  standInEnv,
  startGatewayStandIn,
  type GatewayStandIn,
} from '../support/providers/tribopay/tribopay-stand-in.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';

const DAY = 24 * 60 * 60_000;
let gateway: GatewayStandIn;
let server: RunningServer;

beforeAll(async () => {
  gateway = await startGatewayStandIn();
  server = await startServer(standInEnv(gateway));
});
afterAll(async () => {
  await server.stop();
  await gateway.stop();
});

/** "YYYY-MM-DD HH:MM:SS" in Brazil time (UTC−3, no zone written), as the gateway writes times. */
function gatewayTime(at: number): string {
  return new Date(at - 3 * 60 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

it('the expiry shown is the one the gateway names, and "Gerar novo código" before it returns the same code with no new POST', async () => {
  const gatewayExpiry = Math.floor((Date.now() + 6 * 60 * 60_000) / 1000) * 1000;
  gateway.rememberCharges({ expiresAt: gatewayTime(gatewayExpiry) });
  const buyer = uniqueBuyer('Elisa Maia');
  const first = await checkout(server.url, buyer);
  expect(first.status).toBe(201);
  expect(first.body.expiresAt).toBe(gatewayExpiry);

  // "Gerar novo código" sends a new attempt (a new key); a new checkout for the same e-mail does too.
  const regenerated = await checkout(server.url, buyer);
  const otherPhone = await checkout(server.url, { ...buyer, phone: '(31) 99123-4567' });
  for (const reply of [regenerated, otherPhone]) {
    expect(reply.status).toBe(201);
    expect(reply.body.orderId).toBe(first.body.orderId);
    expect(reply.body.pix!.code).toBe(first.body.pix!.code);
    expect(reply.body.expiresAt).toBe(gatewayExpiry);
  }
  expect(chargeRequestsFor(gateway, first.body.orderId!)).toHaveLength(1);
  expect(gateway.charges()).toHaveLength(1);
});

it('without an expiry in the reply, the code is shown as payable for expire_in_days from the request, as sent', async () => {
  gateway.rememberCharges();
  const before = Date.now();
  const reply = await checkout(server.url, uniqueBuyer('Fabio Nunes'));
  const after = Date.now();
  expect(reply.status).toBe(201);
  expect(reply.body.expiresAt).toBeGreaterThanOrEqual(before + DAY);
  expect(reply.body.expiresAt).toBeLessThanOrEqual(after + DAY);
  const sent = gateway.charges().at(-1)!.body as { expire_in_days: number };
  expect(sent.expire_in_days).toBe(1);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFrom, newClientAddress } from '../support/clients.ts';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';
import { gatewayReplies, standInEnv, startGatewayStandIn, type GatewayStandIn } from '../support/gateway-stand-in.ts';
import { createSqliteDb } from './test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * The log at debug level after a whole sandbox purchase and after a gateway that echoes the
 * customer's data in its error: no e-mail address, phone or CPF of the buyer in any line.
 */
const buyer = { name: 'Marina Teixeira', email: 'marina.teixeira@example.com', phone: '(11) 98765-4321', document: '529.982.247-25' };
const leaks = (lines: string[]) => {
  const text = lines.join('\n');
  return [buyer.email, 'marina.teixeira', '98765-4321', '987654321', '529.982.247-25', '52998224725', '11987654321'].filter((value) =>
    text.includes(value),
  );
};

describe('no buyer data in the log', () => {
  let db: Awaited<ReturnType<typeof createSqliteDb>>;
  let smtp: TestSmtpServer;
  let gateway: GatewayStandIn;
  beforeAll(async () => {
    db = await createSqliteDb();
    smtp = await startSmtpServer();
    gateway = await startGatewayStandIn();
  });
  afterAll(async () => {
    await gateway.stop();
    await smtp.stop();
    await db.close();
  });

  it('a whole sandbox purchase, e-mail and resend included', async () => {
    const server: TestServer = await startTestServer(db, { SMTP_URL: smtp.url, LOG_LEVEL: 'debug' });
    try {
      const post = fetchFrom(newClientAddress());
      const created = await post(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...buyer, checkoutKey: 'logprivacy0000000001' }),
      });
      expect(created.status).toBe(201);
      const { orderId } = (await created.json()) as { orderId: string };
      const order = await db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      await db.db.updateTable('sandbox_transactions').set({ payment_status: 'paid' }).where('hash', '=', order.transaction_hash!).execute();
      await fetch(`${server.url}/api/webhooks/gateway?t=${orderId}.${order.postback_secret}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          hash: order.transaction_hash,
          payment_status: 'paid',
          customer: { name: buyer.name, email: buyer.email, phone: buyer.phone, document: buyer.document },
        }),
      });
      await server.background.idle();
      await server.outbox.runOnce();
      // "Seu PIX está pronto" at the charge, then the access e-mail: neither path logs the buyer.
      expect(smtp.received.map((mail) => mail.to)).toEqual([[buyer.email], [buyer.email]]);
      expect(smtp.received.filter(isPixEmail)).toHaveLength(1);
      await post(`${server.url}/api/access/resend`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: buyer.email }),
      });
      await server.background.idle();

      const lines = server.logLines.map((entry) => entry.line);
      expect(lines.some((line) => line.includes('Order paid'))).toBe(true);
      expect(leaks(lines)).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('a gateway error that quotes the customer', async () => {
    gateway.onCreate = (c) =>
      gatewayReplies.validation(
        c,
        { 'customer.email': [`${buyer.email} já existe`] },
        `Cliente inválido: ${buyer.email}, CPF ${buyer.document}, telefone ${buyer.phone}`,
      );
    // No fixed CUSTOMER_DOCUMENT (empty is unset): the CPF the buyer typed goes to the gateway.
    const server: TestServer = await startTestServer(db, standInEnv(gateway, { CUSTOMER_DOCUMENT: '', LOG_LEVEL: 'debug' }));
    try {
      const refused = await fetchFrom(newClientAddress())(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...buyer, checkoutKey: 'logprivacy0000000002' }),
      });
      expect(refused.status).toBe(502);
      const lines = server.logLines.map((entry) => entry.line);
      expect(lines.some((line) => /Charge failed|Gateway call/.test(line))).toBe(true);
      expect(leaks(lines)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { fetchFrom, newClientAddress, postOrder } from '../../support/clients.ts';
import { orderRow, setSandboxCharge } from '../../support/db-reads.ts';
import { buy } from '../../support/purchase.ts';
import { isPixEmail } from '../smtp-test-server.ts';
import { gatewayReplies } from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { createSqliteDb } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

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
  describe('with the sandbox gateway', () => {
    const running = useTestServer({ create: createSqliteDb }, { LOG_LEVEL: 'debug' }, { smtp: true });

    it('a whole sandbox purchase, e-mail and resend included', async () => {
      const { server, db, smtp } = running;
      const { orderId } = await buy(server, { buyer, fields: { checkoutKey: 'logprivacy0000000001' } });
      const order = await orderRow(db, orderId);
      await setSandboxCharge(db, order.charge_id!, 'paid');
      // The postback carries the customer's data, as a gateway may send it.
      await fetch(`${server.url}/api/webhooks/gateway?t=${orderId}.${order.postback_secret}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          hash: order.charge_id,
          payment_status: 'paid',
          customer: { name: buyer.name, email: buyer.email, phone: buyer.phone, document: buyer.document },
        }),
      });
      await server.background.idle();
      await server.outbox.runOnce();
      // "Seu PIX está pronto" at the charge, then the access e-mail: neither path logs the buyer.
      expect(smtp.received.map((mail) => mail.to)).toEqual([[buyer.email], [buyer.email]]);
      expect(smtp.received.filter(isPixEmail)).toHaveLength(1);
      await fetchFrom(newClientAddress())(`${server.url}/api/access/resend`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: buyer.email }),
      });
      await server.background.idle();

      const lines = server.logLines.map((entry) => entry.line);
      expect(lines.some((line) => line.includes('Order paid'))).toBe(true);
      expect(leaks(lines)).toEqual([]);
    });
  });

  describe('with a gateway that quotes the customer', () => {
    // No fixed CUSTOMER_DOCUMENT (empty is unset): the CPF the buyer typed goes to the gateway.
    const running = useTestServer({ create: createSqliteDb }, { CUSTOMER_DOCUMENT: '', LOG_LEVEL: 'debug' }, { gateway: true });

    it('a gateway error that quotes the customer', async () => {
      const { server, gateway } = running;
      gateway.onCreate = (c) =>
        gatewayReplies.validation(
          c,
          { 'customer.email': [`${buyer.email} já existe`] },
          `Cliente inválido: ${buyer.email}, CPF ${buyer.document}, telefone ${buyer.phone}`,
        );
      const refused = await postOrder(server.url, { ...buyer, checkoutKey: 'logprivacy0000000002' });
      expect(refused.status).toBe(502);
      const lines = server.logLines.map((entry) => entry.line);
      expect(lines.some((line) => /Charge failed|Gateway call/.test(line))).toBe(true);
      expect(leaks(lines)).toEqual([]);
    });
  });
});

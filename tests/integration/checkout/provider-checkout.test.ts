import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainOffer, orderBump } from '../../../src/content/offers.ts';
import { site } from '../../../src/content/site.ts';
import {
  type ChargeLedger,
  gatewayReplies,
  type GatewayStandIn,
  standInProduct,
  startGatewayStandIn,
  tribopayVariables,
} from '../../support/providers/tribopay/tribopay-stand-in.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  startMercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { checkout, providersEnv, type StandInRig } from '../../support/provider-rig.ts';
import { askRefund, drainOutbox, memberCookie } from '../../support/purchase.ts';
import { orderRow, outboxRows } from '../../support/db-reads.ts';
import { databases, type TestDb } from '../test-db.ts';
import { startTestServer, useTestServer, type TestServer } from '../../support/test-server.ts';
import { providerFolders } from '../../support/providers/provider-folders.ts';

/**
 * A purchase, its payment and a refund work end to end against each provider's stand-in: each
 * provider configured alone (PAYMENT_PROVIDERS=<id>), through the real server wiring and its HTTP
 * API, over a real SQLite file and a real PostgreSQL, speaking real HTTP to the provider's
 * stand-in. The buyer's one "Gerar PIX" gets that provider's code; the stand-in's signed webhook
 * (TriboPay: its postback) pays the order and queues the access e-mail; the buyer's "Pedir
 * reembolso" (REFUND_MODE=auto, GATEWAY_REFUNDS=1) refunds the whole charge there, once. Efí, whose
 * API needs mTLS with a test CA, is in tests/faults/provider-efi-process.test.ts.
 */

for (const database of databases) {
  for (const { id, rig: start } of providerFolders()) {
    if (!start) continue;
    const rig = { id, start };
    describe(`${rig.id} alone, end to end through the API on ${database.name}`, () => {
      let standIn: StandInRig;
      let dataDir: string;
      beforeAll(async () => {
        standIn = await rig.start();
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-${rig.id}-`));
      });
      afterAll(async () => {
        await standIn?.stop();
        if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const running = useTestServer(
        database,
        () => providersEnv([rig.id], standIn.env, { REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1', DATA_DIR: dataDir }),
        { clock: 'now', ownPublicUrl: true },
      );

      it('one PIX from the provider, paid through its webhook, the access e-mailed, then refunded there in full', async () => {
        const created = await checkout(running.server.url);
        expect(created.status).toBe(201);
        const order = await orderRow(running.db, created.body.orderId!);
        expect(order).toMatchObject({ provider: rig.id, status: 'pending', amount_cents: mainOffer.priceCents });
        expect(created.body.amountCents).toBe(1990);
        expect(standIn.charges()).toBe(1);
        const chargeId = order.charge_id!;
        expect(created.body.pix?.code).toBe(standIn.codeOf(chargeId));
        expect(created.body.pix?.code).toMatch(/^000201/);

        const readsBefore = standIn.readsOf(chargeId);
        await standIn.payAndNotify(running.server, chargeId);
        await running.server.background.idle();
        // The webhook named the charge; the read-back is what paid the order.
        expect(standIn.readsOf(chargeId)).toBeGreaterThan(readsBefore);
        expect(await orderRow(running.db, order.id)).toMatchObject({ status: 'paid' });
        await drainOutbox(running.server);
        const access = await outboxRows(running.db, order.id, 'access_email');
        expect(access).toHaveLength(1);
        expect(access[0]!.sent_at).not.toBeNull();

        const cookie = await memberCookie(running.server.url, running.db, order.id, running.clock.now);
        const asked = await askRefund(running.server.url, cookie);
        expect(asked.status).toBe(200);
        expect(asked.body.guarantee?.request?.status).toBe('approved');
        await drainOutbox(running.server);
        expect(standIn.refundsOf(chargeId)).toEqual([1990]);
        expect(await orderRow(running.db, order.id)).toMatchObject({ status: 'reversed' });
        // Running the queue again asks for nothing more.
        await drainOutbox(running.server);
        expect(standIn.refundsOf(chargeId)).toEqual([1990]);
      });

      it('with the bump ticked: one charge of R$ 29,80 at the provider', async () => {
        const created = await checkout(running.server.url, { bump: true });
        expect(created.status).toBe(201);
        expect(created.body.amountCents).toBe(mainOffer.priceCents + orderBump!.priceCents);
        expect(created.body.amountCents).toBe(2980);
        const order = await orderRow(running.db, created.body.orderId!);
        expect(order).toMatchObject({ provider: rig.id, status: 'pending', amount_cents: 2980 });
        expect(created.body.pix?.code).toContain('540529.80');
      });
    });
  }
}

/** TriboPay's offer at another price than the page's (content/site.ts): who decides the price shows. */
const TRIBOPAY_OFFER_CENTS = 2490;

for (const database of databases) {
  describe(`the price charged, on ${database.name}`, () => {
    let db: TestDb;
    let tribopay: GatewayStandIn;
    let mercadoPago: MercadoPagoStandIn;
    let ledger: ChargeLedger;
    const servers: TestServer[] = [];

    beforeAll(async () => {
      db = await database.create();
      tribopay = await startGatewayStandIn();
      tribopay.onProducts = (c) =>
        gatewayReplies.products(c, [{ ...standInProduct, offers: [{ ...standInProduct.offers[0], price: TRIBOPAY_OFFER_CENTS }] }]);
      ledger = tribopay.rememberCharges();
      mercadoPago = await startMercadoPagoStandIn();
    });
    afterAll(async () => {
      for (const server of servers) {
        await server.background.idle();
        await server.stop();
      }
      await tribopay?.stop();
      await mercadoPago?.stop();
      await db?.close();
    });

    async function chargedWith(providers: Array<'tribopay' | 'mercadopago'>) {
      const variables = { tribopay: tribopayVariables(tribopay), mercadopago: mercadoPagoVariables(mercadoPago) };
      const env = providersEnv(providers, ...providers.map((id) => variables[id]));
      const server = await startTestServer(db, env, { ownPublicUrl: true });
      servers.push(server);
      const created = await checkout(server.url);
      expect(created.status).toBe(201);
      return { created, order: await orderRow(db, created.body.orderId!) };
    }

    it('TriboPay alone keeps its offer’s price, as every install from before the provider list', async () => {
      const { created, order } = await chargedWith(['tribopay']);
      expect([created.body.amountCents, order.provider]).toEqual([TRIBOPAY_OFFER_CENTS, 'tribopay']);
      expect(ledger.transactions.get(order.charge_id!)?.amount).toBe(TRIBOPAY_OFFER_CENTS);
    });

    it('any list of providers charges the page’s price, at TriboPay too, so a failover never changes what the buyer pays', async () => {
      const atTribopay = await chargedWith(['tribopay', 'mercadopago']);
      expect([atTribopay.created.body.amountCents, atTribopay.order.provider]).toEqual([mainOffer.priceCents, 'tribopay']);
      expect(ledger.transactions.get(atTribopay.order.charge_id!)?.amount).toBe(mainOffer.priceCents);
      const atMercadoPago = await chargedWith(['mercadopago', 'tribopay']);
      expect([atMercadoPago.created.body.amountCents, atMercadoPago.order.provider]).toEqual([mainOffer.priceCents, 'mercadopago']);
      expect(mercadoPago.payments.get(Number(atMercadoPago.order.charge_id))?.amountCents).toBe(mainOffer.priceCents);
      expect(mainOffer.priceCents).toBe(site.priceCents);
    });
  });
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config/config.ts';
import { unreadableProviderProblems } from '../../../src/server/payment/unreadable-providers.ts';
import { readHealth } from '../../../src/server/admin/admin-health.ts';
import { eraseBuyerData } from '../../../src/server/privacy/buyer-data.ts';
import type { ProviderId } from '../../../src/server/gateway/provider-registry.ts';
import { newCheckoutKey, newViewKey, postOrder, uniqueBuyer } from '../../support/clients.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../../src/shared/order-view-key.ts';
import { orderRow, outboxRows, refundRow } from '../../support/db-reads.ts';
import { checkout, providersEnv, type CheckoutBody } from '../../support/provider-rig.ts';
import { askRefund, buy, memberCookie } from '../../support/purchase.ts';
import {
  type AbacatepayStandIn,
  abacatepayVariables,
  startAbacatepayStandIn,
} from '../../support/providers/abacatepay/abacatepay-stand-in.ts';
import { useEfiAndMercadoPagoShop } from '../../support/providers/efi-and-mercadopago.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  MP_STAND_IN_WEBHOOK_SECRET,
  signNotification,
  startMercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { useTestServer, type TestServerRig } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * What a provider accepted ends delivered or refunded, whatever our own rows said meanwhile
 * (docs/payments.md#reconciliation): a charge whose code a buyer was shown is read again until it is
 * closed at its provider or past its expiry and grace, whether it is pending, retired by a
 * re-checkout, erased, or of a provider taken out of PAYMENT_PROVIDERS; one hanging provider delays
 * no other; a webhook whose signature fails is answered 401 and shown in Saúde. The providers are
 * their stand-ins over real HTTP (tests/support/providers/, each citing the provider's documents).
 */

const MINUTE = 60_000;

async function health(rig: TestServerRig, id: ProviderId) {
  const { orders, payments } = rig.server;
  const read = await readHealth({ db: orders.db, config: orders.config, payments, mailer: undefined, emailKinds: [] }, rig.clock.now);
  return read.providers.find((provider) => provider.id === id);
}

/** Mercado Pago's signed `payment` notification, as the stand-in sends it, to this server's webhook route. */
async function notifyMercadoPago(rig: TestServerRig, paymentId: string): Promise<number> {
  const requestId = randomUUID();
  const ts = String(Date.now());
  const response = await fetch(`${rig.server.url}/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'x-request-id': requestId,
      'x-signature': signNotification({ secret: MP_STAND_IN_WEBHOOK_SECRET, dataId: paymentId, requestId, ts }),
    },
    body: JSON.stringify({ action: 'payment.updated', api_version: 'v1', type: 'payment', data: { id: paymentId } }),
  });
  await response.arrayBuffer();
  await rig.server.background.idle();
  return response.status;
}

/** The reconciler's next tick, `ms` later (by default past each order's next check). */
async function tick(rig: TestServerRig, ms = 2 * MINUTE) {
  rig.clock.now += ms;
  await rig.server.reconciler.runOnce();
  await rig.server.background.idle();
}

for (const database of databases) {
  describe(`the provider's side reconciled on ${database.name}`, () => {
    let mp: MercadoPagoStandIn;
    let abacate: AbacatepayStandIn;
    beforeAll(async () => {
      mp = await startMercadoPagoStandIn();
      abacate = await startAbacatepayStandIn();
    });
    afterAll(async () => {
      await mp?.stop();
      await abacate?.stop();
    });
    const running = useTestServer(database, () => providersEnv(['mercadopago'], mercadoPagoVariables(mp)), {
      ownPublicUrl: true,
      clock: 'now',
      each: true,
    });

    /** The buyer's first PIX, then a re-checkout with the bump that retires it. */
    async function retiredByRecheckout() {
      const buyer = uniqueBuyer('Lúcia Prado');
      const first = await checkout(running.server.url, { buyer });
      expect(first.status).toBe(201);
      const second = await checkout(running.server.url, { buyer, bump: true });
      expect(second.status).toBe(201);
      const retired = await orderRow(running.db, first.body.orderId!);
      expect(retired).toMatchObject({ status: 'failed', replaced_by: second.body.orderId });
      return { retired, replacement: await orderRow(running.db, second.body.orderId!) };
    }

    it('a retired PIX paid late, its one read-back failing, is read again by the reconciler and delivered', async () => {
      // Mercado Pago does not answer the cancel at the re-checkout, nor its retry after the first read: the code stays payable.
      mp.scriptNext('cancel', { kind: 'status', status: 503 });
      mp.scriptNext('cancel', { kind: 'status', status: 503 });
      const { retired, replacement } = await retiredByRecheckout();
      // Read once while unpaid: its next scheduled read is a minute away.
      await tick(running, 0);
      mp.pay(retired.charge_id!);
      mp.scriptNext('read', { kind: 'status', status: 503 });
      expect((await mp.notify(retired.charge_id!)).status).toBe(200);
      await running.server.background.idle();
      expect((await orderRow(running.db, retired.id)).status).toBe('failed');

      // The webhook was stored as a re-check request: the very next tick reads it again.
      await tick(running, 1_000);
      // The buyer holds nothing yet (the replacement is unpaid): what the late payment bought is given.
      expect(await orderRow(running.db, retired.id)).toMatchObject({ status: 'paid', duplicate_of: null });
      expect(await outboxRows(running.db, retired.id, 'access_email')).toHaveLength(1);
      // The replacement would pay for the main product again: it is closed at Mercado Pago at once (docs/money.md#one-payable-pix).
      expect((await orderRow(running.db, replacement.id)).status).toBe('failed');
      expect(mp.payments.get(Number(replacement.charge_id))?.status).toBe('cancelled');
    });

    it('a retired PIX paid after its replacement, with no webhook at all, is found by the reconciler and refunded at the gateway', async () => {
      await running.restart({ GATEWAY_REFUNDS: '1' });
      // The cancel at the re-checkout gets no answer; the buyer pays both codes before the reconciler's next pass.
      mp.scriptNext('cancel', { kind: 'status', status: 503 });
      const { retired, replacement } = await retiredByRecheckout();
      mp.pay(replacement.charge_id!);
      expect((await mp.notify(replacement.charge_id!)).status).toBe(200);
      await running.server.background.idle();
      expect((await orderRow(running.db, replacement.id)).status).toBe('paid');

      mp.pay(retired.charge_id!);
      await tick(running);
      await running.server.outbox.runOnce();
      // It bought again what the buyer holds: the whole charge went back at Mercado Pago, and the order ended refunded.
      expect(await orderRow(running.db, retired.id)).toMatchObject({ status: 'reversed', duplicate_of: replacement.id });
      expect(await refundRow(running.db, retired.id)).toMatchObject({ status: 'refunded', origin: 'duplicate', amount_cents: 1990 });
      expect(mp.payments.get(Number(retired.charge_id))?.status).toBe('refunded');
    });

    it('a retired PIX whose cancel failed is cancelled by the reconciler, and then read no more', async () => {
      mp.scriptNext('cancel', { kind: 'status', status: 503 });
      const { retired } = await retiredByRecheckout();
      expect(mp.payments.get(Number(retired.charge_id))?.status).toBe('pending');
      expect(retired.provider_closed_at).toBeNull();

      await tick(running);
      expect(mp.payments.get(Number(retired.charge_id))?.status).toBe('cancelled');
      expect((await orderRow(running.db, retired.id)).provider_closed_at).not.toBeNull();
      const reads = () => mp.requests.filter((request) => request.path === `/v1/payments/${retired.charge_id}`).length;
      const before = reads();
      await tick(running, 60 * MINUTE);
      expect(reads()).toBe(before);
    });

    it('an add-on PIX closed by the refund request and paid anyway is read again, and goes back with the rest', async () => {
      const viewKey = newViewKey();
      const created = await postOrder<CheckoutBody>(running.server.url, {
        ...uniqueBuyer('Beatriz Melo'),
        checkoutKey: newCheckoutKey(),
        viewKey,
      });
      const main = await orderRow(running.db, created.body.orderId!);
      mp.pay(main.charge_id!);
      expect(await notifyMercadoPago(running, main.charge_id!)).toBe(200);
      expect((await orderRow(running.db, main.id)).status).toBe('paid');
      const offer = await fetch(`${running.server.url}/api/orders/${main.id}/addon`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [ORDER_VIEW_KEY_HEADER]: viewKey },
        body: JSON.stringify({ accept: true }),
      });
      const addonId = ((await offer.json()) as { orderId?: string }).orderId!;
      const addon = await orderRow(running.db, addonId);
      expect(addon).toMatchObject({ status: 'pending', kind: 'addon' });

      // The buyer asks for the refund: the add-on's PIX is closed in our rows, not at Mercado Pago.
      const cookie = await memberCookie(running.server.url, running.db, main.id, running.clock.now);
      expect((await askRefund(running.server.url, cookie)).status).toBe(200);
      expect((await orderRow(running.db, addon.id)).status).toBe('failed');

      mp.pay(addon.charge_id!);
      await tick(running);
      expect((await orderRow(running.db, addon.id)).status).toBe('paid');
      // Asked back with the purchase it belongs to, in "Reembolsos pedidos".
      expect(await refundRow(running.db, addon.id)).toMatchObject({ status: 'requested' });
    });

    it('an expired charge is read no more once its provider says so', async () => {
      const { retired } = await retiredByRecheckout();
      mp.expire(retired.charge_id!);
      await tick(running);
      expect((await orderRow(running.db, retired.id)).provider_closed_at).not.toBeNull();
      const reads = () => mp.requests.filter((request) => request.path === `/v1/payments/${retired.charge_id}`).length;
      const before = reads();
      await tick(running, 60 * MINUTE);
      expect(reads()).toBe(before);
    });

    it('a provider taken out of PAYMENT_PROVIDERS with its credentials set takes no charge, is still read, and Saúde lists it', async () => {
      const earlier = await checkout(running.server.url);
      expect(earlier.status).toBe(201);
      const order = await orderRow(running.db, earlier.body.orderId!);
      await running.restart({ PAYMENT_PROVIDERS: 'abacatepay', ...abacatepayVariables(abacate) });

      const next = await checkout(running.server.url);
      expect((await orderRow(running.db, next.body.orderId!)).provider).toBe('abacatepay');
      expect(await health(running, 'mercadopago')).toMatchObject({ retired: true, unsettledOrders: 1 });

      // Its webhook, now at the restarted server's address, is still verified and its charge read.
      mp.pay(order.charge_id!);
      expect(await notifyMercadoPago(running, order.charge_id!)).toBe(200);
      expect((await orderRow(running.db, order.id)).status).toBe('paid');
      expect(await outboxRows(running.db, order.id, 'access_email')).toHaveLength(1);

      // Its credentials removed too while its paid order is inside the refund window: the start is refused, naming it.
      const env: Record<string, string> = { ...running.env, PAYMENT_PROVIDERS: 'abacatepay', ...abacatepayVariables(abacate) };
      for (const name of Object.keys(mercadoPagoVariables(mp))) delete env[name];
      const withoutIt = loadConfig({ ...env, DATA_DIR: '/tmp/vitrine-unused' });
      expect(await unreadableProviderProblems(running.server.orders.db, withoutIt, running.clock.now)).toEqual([
        'mercadopago still has 1 order with an open PIX or inside the refund window, but its credentials are not set: set MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET again (it may stay out of PAYMENT_PROVIDERS: it then takes no new charges and its charges are still read and refunded)',
      ]);
    });

    // The buyer pays in the instant before the erasure's cancel reaches Mercado Pago, which then refuses it.
    it('erasing a buyer retires their open PIX; a payment that arrives anyway is refunded, not delivered to no one', async () => {
      await running.restart({ GATEWAY_REFUNDS: '1' });
      const buyer = uniqueBuyer('Ana Ribeiro');
      const paidAnyway = await orderRow(running.db, (await checkout(running.server.url, { buyer })).body.orderId!);
      const other = uniqueBuyer('Caio Nunes');
      const unpaid = await orderRow(running.db, (await checkout(running.server.url, { buyer: other })).body.orderId!);
      // The buyer pays while the seller erases them; the provider has told us nothing yet.
      mp.pay(paidAnyway.charge_id!);
      const { orders } = running.server;
      for (const email of [buyer.email, other.email]) {
        await eraseBuyerData(orders.db, orders.dialect, email, {
          now: running.clock.now,
          dataDir: '/tmp/vitrine-unused',
          events: orders.events,
          orders,
        });
      }
      expect((await orderRow(running.db, unpaid.id)).status).toBe('failed');

      await tick(running);
      await running.server.outbox.runOnce();
      expect((await orderRow(running.db, paidAnyway.id)).status).toBe('reversed');
      expect(await refundRow(running.db, paidAnyway.id)).toMatchObject({ status: 'refunded', amount_cents: 1990 });
      expect(await outboxRows(running.db, paidAnyway.id, 'access_email')).toHaveLength(0);
      expect(mp.payments.get(Number(paidAnyway.charge_id))?.status).toBe('refunded');
    });

    it('a webhook whose signature fails is answered 401 and counted in Saúde with the time of the last one', async () => {
      const order = await orderRow(running.db, (await checkout(running.server.url)).body.orderId!);
      expect((await health(running, 'mercadopago'))?.invalidSignatures).toBeNull();
      expect((await mp.notify(order.charge_id!, { secret: 'another-applications-secret' })).status).toBe(401);
      running.clock.now += MINUTE;
      expect((await mp.notify(order.charge_id!, { secret: 'another-applications-secret' })).status).toBe(401);
      expect((await health(running, 'mercadopago'))?.invalidSignatures).toEqual({ count: 2, lastAt: running.clock.now });
      // A valid one is still read and answered 200.
      expect((await mp.notify(order.charge_id!)).status).toBe(200);
      expect((await health(running, 'mercadopago'))?.invalidSignatures?.count).toBe(2);
    });
  });

  describe(`TriboPay's postback with a wrong secret on ${database.name}`, () => {
    const running = useTestServer(database, {}, { clock: 'now', each: true });

    it('is answered 401 and counted in Saúde, as the other providers’ failed signatures', async () => {
      const { orderId } = await buy(running.server);
      const order = await orderRow(running.db, orderId);
      const post = (token: string) =>
        fetch(`${running.server.url}/api/webhooks/gateway?t=${token}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ hash: order.charge_id, payment_status: 'paid' }),
        });
      expect((await post(`${order.id}.pbs_forged`)).status).toBe(401);
      expect((await health(running, 'tribopay'))?.invalidSignatures).toEqual({ count: 1, lastAt: running.clock.now });
      expect((await post(`${order.id}.${order.postback_secret}`)).status).toBe(200);
      await running.server.background.idle();
      expect((await health(running, 'tribopay'))?.invalidSignatures?.count).toBe(1);
    });
  });

  describe(`one hanging provider on ${database.name}`, () => {
    const { running, stands } = useEfiAndMercadoPagoShop(database, {
      clientId: 'Client_Id_ledger',
      clientSecret: 'Client_Secret_ledger',
      pixKey: '5f0b8f44-2a53-4c4e-9d57-0b1c2d3e4f51',
    });

    it('skips a provider whose circuit is open, and reads it again once the skip ends', async () => {
      await running.restart({ PAYMENT_PROVIDERS: 'mercadopago,efi' });
      const waiting = await orderRow(running.db, (await checkout(running.server.url)).body.orderId!);
      expect(waiting.provider).toBe('mercadopago');
      // Mercado Pago refuses the credential: the next buyer's PIX comes from Efí, and Mercado Pago is skipped for a minute.
      stands.mp.scriptNext('create', { kind: 'status', status: 401 });
      expect((await orderRow(running.db, (await checkout(running.server.url)).body.orderId!)).provider).toBe('efi');
      stands.mp.pay(waiting.charge_id!);
      const reads = () => stands.mp.requests.filter((request) => request.path === `/v1/payments/${waiting.charge_id}`).length;
      const before = reads();

      await tick(running, 30_000);
      expect(reads()).toBe(before);
      expect((await orderRow(running.db, waiting.id)).status).toBe('pending');
      await tick(running, 2 * MINUTE);
      expect((await orderRow(running.db, waiting.id)).status).toBe('paid');
    });

    it("delays no other: Efí's payment is confirmed within one tick while four Mercado Pago reads hang", async () => {
      await running.restart({ PAYMENT_PROVIDERS: 'efi,mercadopago' });
      const atEfi = await orderRow(running.db, (await checkout(running.server.url)).body.orderId!);
      expect(atEfi.provider).toBe('efi');
      // Read once already: the least recently read come first, so Mercado Pago's four are ahead of it in any one queue.
      await tick(running, 0);
      await running.restart({ PAYMENT_PROVIDERS: 'mercadopago,efi' });
      for (let index = 0; index < 4; index++) {
        expect((await orderRow(running.db, (await checkout(running.server.url)).body.orderId!)).provider).toBe('mercadopago');
      }
      stands.efi.pay(atEfi.charge_id!);
      for (let index = 0; index < 4; index++) stands.mp.scriptNext('read', { kind: 'hang' });

      running.clock.now += 2 * MINUTE;
      const started = performance.now();
      const tickDone = running.server.reconciler.runOnce();
      while ((await orderRow(running.db, atEfi.id)).status !== 'paid' && performance.now() - started < 25_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await orderRow(running.db, atEfi.id)).status).toBe('paid');
      expect(performance.now() - started).toBeLessThan(5_000);
      await tickDone;
      // The tick itself ends within its budget, not after the hanging reads.
      expect(performance.now() - started).toBeLessThan(22_000);
    }, 90_000);
  });
}

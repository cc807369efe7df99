import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniqueBuyer } from '../../support/clients.ts';
import { orderRow, outboxRows } from '../../support/db-reads.ts';
import {
  type AbacatepayStandIn,
  abacatepayVariables,
  startAbacatepayStandIn,
} from '../../support/providers/abacatepay/abacatepay-stand-in.ts';
import { startEfiStandIn } from '../../support/providers/efi/efi-stand-in.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  startMercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { databases, type TestDb } from '../test-db.ts';

/**
 * A re-checkout that retires a PIX cancels it at its provider, so "one payable PIX" holds there and not only in our
 * database: the buyer makes PIX A (R$ 19,90), comes back and ticks the bump, and gets PIX B (R$ 29,80). A is cancelled
 * at once where the provider documents a cancel, and marked closed (`provider_closed_at`) only once the provider says
 * so; paying A is then refused by the provider. Sources of each cancel call, in its stand-in:
 * - Mercado Pago, "Create cancellation" (`PUT /v1/payments/{id}`, `status: cancelled`):
 *   https://www.mercadopago.com.br/developers/en/reference/online-payments/checkout-api-payments/create-cancellation/put
 * - Efí, the API Pix's `PATCH /v2/cob/{txid}` with `status: REMOVIDA_PELO_USUARIO_RECEBEDOR` (github.com/bacen/pix-api
 *   openapi.yaml, CobRevisada; https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas).
 * - AbacatePay documents no cancel for a transparent PIX (github.com/AbacatePay/documentation pages/transparents): its
 *   open PIX is kept, and only what it lacks is charged (uncancellable-recheckout.test.ts).
 */

for (const database of databases) {
  describe(`retiring a PIX cancels it at its provider, on ${database.name}`, () => {
    let db: TestDb;
    let mercadoPago: MercadoPagoStandIn;
    let efi: Awaited<ReturnType<typeof startEfiStandIn>>;
    let abacatepay: AbacatepayStandIn;
    const servers: TestServer[] = [];

    beforeAll(async () => {
      db = await database.create();
      mercadoPago = await startMercadoPagoStandIn();
      efi = await startEfiStandIn();
      abacatepay = await startAbacatepayStandIn();
    });
    afterEach(async () => {
      for (const server of servers.splice(0)) {
        await server.background.idle();
        await server.stop();
      }
    });
    afterAll(async () => {
      await mercadoPago?.stop();
      await efi?.stop();
      await abacatepay?.stop();
      await db?.close();
    });

    async function serverWith(env: Record<string, string>) {
      const server = await startTestServer(db, env, { ownPublicUrl: true, efiCa: efi.ca });
      servers.push(server);
      return server;
    }

    /** PIX A, then the re-checkout with the bump: B. Returns both orders as stored. */
    async function replaceWithBump(server: TestServer, name: string) {
      const buyer = uniqueBuyer(name);
      const first = await checkout(server.url, { buyer });
      expect(first.status).toBe(201);
      const second = await checkout(server.url, { buyer, bump: true });
      expect([second.status, second.body.amountCents]).toEqual([201, 2980]);
      const a = await orderRow(db, first.body.orderId!);
      const b = await orderRow(db, second.body.orderId!);
      expect(a).toMatchObject({ status: 'failed', replaced_by: b.id });
      expect(b).toMatchObject({ status: 'pending', amount_cents: 2980 });
      return { a, b, codeA: first.body.pix!.code! };
    }

    it('Mercado Pago: A is cancelled there at once, closed in our ledger, paying it is refused, and no e-mail offers it again', async () => {
      const server = await serverWith(providersEnv(['mercadopago'], mercadoPagoVariables(mercadoPago)));
      const { a, b } = await replaceWithBump(server, 'Bianca Prado');
      const cancels = mercadoPago.requests.filter((request) => request.method === 'PUT' && request.path.endsWith(a.charge_id!));
      expect(cancels.map((request) => request.body)).toEqual([{ status: 'cancelled' }]);
      expect(mercadoPago.payments.get(Number(a.charge_id))?.status).toBe('cancelled');
      expect(a.provider_closed_at).not.toBeNull();
      expect(() => mercadoPago.pay(a.charge_id!)).toThrow(/not pending/);
      // B is untouched and payable.
      expect(mercadoPago.payments.get(Number(b.charge_id))?.status).toBe('pending');
      expect(b.provider_closed_at).toBeNull();
      // The PIX e-mails and reminders of A that had not gone out are gone: nothing offers its code again.
      const unsent = (await outboxRows(db, a.id)).filter((row) => row.kind.startsWith('pix_') && row.sent_at === null);
      expect(unsent).toEqual([]);
      // A's page no longer offers its code: it says it was replaced, and points to B's.
      const page = await fetch(`${server.url}/api/order-page/${a.public_ref}`);
      expect(await page.json()).toEqual({ status: 'failed', amountCents: 1990, replacedBy: b.public_ref });
    });

    it('Efí: A’s cob is removed (REMOVIDA_PELO_USUARIO_RECEBEDOR), closed in our ledger, and can no longer be paid', async () => {
      const server = await serverWith(providersEnv(['efi'], efi.env()));
      const { a, b } = await replaceWithBump(server, 'Caio Ventura');
      const patches = efi.standIn.requests.filter((request) => request.method === 'PATCH' && request.path === `/v2/cob/${a.charge_id}`);
      expect(patches.map((request) => JSON.parse(request.rawBody) as unknown)).toEqual([{ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }]);
      expect(efi.standIn.cob(a.charge_id!)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect(a.provider_closed_at).not.toBeNull();
      expect(() => efi.standIn.pay(a.charge_id!)).toThrow(/no payable cob/);
      expect(efi.standIn.cob(b.charge_id!)?.status).toBe('ATIVA');
      expect(efi.standIn.violations).toEqual([]);
    });

    it('a cancel that gets no answer leaves A retired but not closed, so the reconciler keeps reading it', async () => {
      const server = await serverWith(providersEnv(['mercadopago'], mercadoPagoVariables(mercadoPago)));
      mercadoPago.scriptNext('cancel', { kind: 'status', status: 503 });
      const { a } = await replaceWithBump(server, 'Dora Quintas');
      expect(mercadoPago.requests.filter((request) => request.method === 'PUT' && request.path.endsWith(a.charge_id!))).toHaveLength(1);
      expect(mercadoPago.payments.get(Number(a.charge_id))?.status).toBe('pending');
      expect(a.provider_closed_at).toBeNull();
      // A's tab is told where the live order is, and keeps asking: paid late, A shows paid there, not "failed".
      const status = async () =>
        (await fetch(`${server.url}/api/orders/${a.id}`)).json() as Promise<{ status: string; replacedBy?: string }>;
      expect(await status()).toEqual({ status: 'failed', replacedBy: (await orderRow(db, a.replaced_by!)).public_ref });
      mercadoPago.pay(a.charge_id!);
      expect((await mercadoPago.notify(a.charge_id!)).status).toBe(200);
      await server.background.idle();
      expect((await status()).status).toBe('paid');
    });

    it('AbacatePay cannot cancel: A is not retired, it stays the buyer’s PIX, and only the bump is charged beside it', async () => {
      const server = await serverWith(providersEnv(['abacatepay'], abacatepayVariables(abacatepay)));
      const buyer = uniqueBuyer('Elisa Moura');
      const first = await checkout(server.url, { buyer });
      const second = await checkout(server.url, { buyer, bump: true });
      expect(second.body).toMatchObject({ orderId: first.body.orderId, amountCents: 1990, addon: { amountCents: 990 } });
      const a = await orderRow(db, first.body.orderId!);
      expect(a).toMatchObject({ status: 'pending', replaced_by: null, provider_closed_at: null });
      expect(abacatepay.charges.get(a.charge_id!)?.status).toBe('PENDING');
    });
  });
}

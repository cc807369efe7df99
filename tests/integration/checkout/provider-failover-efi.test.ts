import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniqueBuyer } from '../../support/clients.ts';
import { orderRow, ordersBy } from '../../support/db-reads.ts';
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
 * PAYMENT_PROVIDERS=efi,mercadopago through the real server, over mTLS to Efí's stand-in and HTTP to Mercado Pago's,
 * on SQLite and PostgreSQL: failover tells the seller's faults from the buyer's, and never wastes a charge Efí made.
 * - A 400 about the seller's account or settings (Efí's own `{ nome, mensagem }`: `chave_invalida`,
 *   `documento_bloqueado`) fails over to Mercado Pago, and Saúde shows Efí's message; a refusal of the debtor's CPF
 *   (the standard's `violacoes` on `cob.devedor`) is the buyer's, and stops there.
 * - Efí answers an unknown txid with 400 `cobranca_nao_encontrada` (https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas;
 *   the standard's 404 is github.com/bacen/pix-api openapi.yaml): after an unknown outcome that read is "none made".
 * - A cob found after an unknown outcome is the buyer's PIX at once; one that cannot be used is removed
 *   (`PATCH /v2/cob/{txid}`, REMOVIDA_PELO_USUARIO_RECEBEDOR) before Mercado Pago makes the PIX.
 */

for (const database of databases) {
  describe(`Efí then Mercado Pago, on ${database.name}`, () => {
    let db: TestDb;
    let efi: Awaited<ReturnType<typeof startEfiStandIn>>;
    let mercadoPago: MercadoPagoStandIn;
    const servers: TestServer[] = [];
    const clock = { now: Date.now() };

    beforeAll(async () => {
      db = await database.create();
      efi = await startEfiStandIn();
      mercadoPago = await startMercadoPagoStandIn();
    });
    afterEach(async () => {
      for (const server of servers.splice(0)) {
        await server.background.idle();
        await server.stop();
      }
      efi.standIn.violations.length = 0;
    });
    afterAll(async () => {
      await efi?.stop();
      await mercadoPago?.stop();
      await db?.close();
    });

    async function serverWith(efiOverrides: { pixKey?: string } = {}) {
      clock.now = Date.now();
      const env = providersEnv(['efi', 'mercadopago'], efi.env(efiOverrides), mercadoPagoVariables(mercadoPago));
      const server = await startTestServer(db, env, { ownPublicUrl: true, efiCa: efi.ca, now: () => clock.now });
      servers.push(server);
      return server;
    }

    function traffic() {
      const [efiBefore, mpBefore] = [efi.standIn.requests.length, mercadoPago.requests.length];
      return {
        efiCreates: () =>
          efi.standIn.requests.slice(efiBefore).filter((request) => request.method === 'PUT' && request.path.startsWith('/v2/cob/')),
        efi: () => efi.standIn.requests.slice(efiBefore),
        mercadoPagoCreates: () =>
          mercadoPago.requests.slice(mpBefore).filter((request) => request.method === 'POST' && request.path === '/v1/payments'),
      };
    }

    const efiHealth = (server: TestServer) => server.payments.health(clock.now).find((entry) => entry.id === 'efi');

    async function expectPixFrom(server: TestServer, provider: 'efi' | 'mercadopago') {
      const created = await checkout(server.url);
      expect(created.status).toBe(201);
      const order = await orderRow(db, created.body.orderId!);
      expect(order).toMatchObject({ provider, status: 'pending' });
      const code =
        provider === 'efi'
          ? efi.standIn.copiaECola(efi.standIn.cob(order.charge_id!)!)
          : mercadoPago.payments.get(Number(order.charge_id))?.qrCode;
      expect(created.body.pix?.code).toBe(code);
      return order;
    }

    it('a PIX key that is not in the Efí account (chave_invalida): Mercado Pago makes the PIX, and Saúde shows Efí’s message', async () => {
      const server = await serverWith({ pixKey: 'pix@outra-conta.com.br' });
      const seen = traffic();
      await expectPixFrom(server, 'mercadopago');
      expect(seen.efiCreates()).toHaveLength(1);
      expect(seen.mercadoPagoCreates()).toHaveLength(1);
      expect(efiHealth(server)?.lastError?.message).toContain('A chave informada não pertence ao usuário recebedor');
      expect(efiHealth(server)?.skippedUntil).not.toBeNull();
    });

    it('Efí refuses the account (documento_bloqueado): Mercado Pago makes the PIX, and Saúde shows why', async () => {
      const server = await serverWith();
      efi.standIn.script('PUT', '/v2/cob/', {
        kind: 'status',
        status: 400,
        body: '{"nome":"documento_bloqueado","mensagem":"O documento do usuário recebedor está bloqueado"}',
      });
      await expectPixFrom(server, 'mercadopago');
      expect(efiHealth(server)?.lastError?.message).toContain('O documento do usuário recebedor está bloqueado');
    });

    it('Efí refuses the buyer’s CPF (a violation on cob.devedor): no failover, no skip, the buyer reads the error', async () => {
      const server = await serverWith();
      efi.standIn.script('PUT', '/v2/cob/', {
        kind: 'status',
        status: 400,
        body: JSON.stringify({
          title: 'Cobrança inválida.',
          status: 400,
          detail: 'A requisição que busca alterar ou criar uma cobrança não respeita o schema.',
          violacoes: [{ razao: 'O campo cob.devedor.cpf não respeita o schema.', propriedade: 'cob.devedor.cpf' }],
        }),
      });
      const seen = traffic();
      const created = await checkout(server.url);
      expect([created.status, created.body.error]).toEqual([502, 'Erro ao processar pagamento: 400']);
      expect(seen.mercadoPagoCreates()).toHaveLength(0);
      expect(efiHealth(server)?.skippedUntil).toBeNull();
    });

    it('Efí answers 500 without making the cob: the read-back’s 400 cobranca_nao_encontrada is none, so Mercado Pago makes the PIX with no second create at Efí', async () => {
      const server = await serverWith();
      efi.standIn.script('PUT', '/v2/cob/', { kind: 'status', status: 500, body: '{"title":"Erro interno","status":500}' });
      const seen = traffic();
      await expectPixFrom(server, 'mercadopago');
      expect(seen.efiCreates()).toHaveLength(1);
      const reads = seen.efi().filter((request) => request.method === 'GET' && request.path.startsWith('/v2/cob/'));
      expect(reads).toHaveLength(1);
    });

    it('Efí makes the cob but its answer is lost: the read-back finds it with its code, and the buyer gets that PIX with no second create', async () => {
      const server = await serverWith();
      efi.standIn.script('PUT', '/v2/cob/', { kind: 'drop-after' });
      const seen = traffic();
      await expectPixFrom(server, 'efi');
      expect(seen.efiCreates()).toHaveLength(1);
      expect(seen.mercadoPagoCreates()).toHaveLength(0);
    });

    it('the cob found cannot be used (not the amount asked): it is removed at Efí, then Mercado Pago makes the PIX', async () => {
      const server = await serverWith();
      efi.standIn.script('PUT', '/v2/cob/', { kind: 'drop-after' });
      efi.standIn.script('GET', '/v2/cob/', {
        kind: 'rewrite',
        rewrite: (normal) => JSON.stringify({ ...normal, valor: { original: '1.00' } }),
      });
      const buyer = uniqueBuyer('Fausto Leme');
      const seen = traffic();
      const created = await checkout(server.url, { buyer });
      expect(created.status).toBe(201);
      expect(await orderRow(db, created.body.orderId!)).toMatchObject({ provider: 'mercadopago', status: 'pending' });
      const removed = seen.efi().filter((request) => request.method === 'PATCH');
      expect(removed).toHaveLength(1);
      const txid = removed[0]!.path.split('/').at(-1)!;
      expect(efi.standIn.cob(txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect(await ordersBy(db, 'buyer_email', buyer.email)).toHaveLength(1);
    });
  });
}

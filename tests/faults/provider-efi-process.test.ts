import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../src/server/access/access-service.ts';
import type { Db } from '../../src/server/db/database.ts';
import { FIRST_SKIP_MS } from '../../src/server/gateway/payments.ts';
import { fetchFrom } from '../support/clients.ts';
import { freePort } from '../support/nginx.ts';
import { checkout, processDatabase, providersEnv } from '../support/provider-rig.ts';
import { askRefund } from '../support/purchase.ts';
import { orderRow, outboxRows } from '../support/db-reads.ts';
import { startClockedServer, type ClockedServer } from '../support/server-process.ts';
import { EfiStandIn, makeTestPki, type TestPki } from '../support/providers/efi/efi-stand-in.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  mpError,
  startMercadoPagoStandIn,
} from '../support/providers/mercadopago/mercadopago-stand-in.ts';
import { waitFor } from '../support/wait.ts';

/**
 * Efí through the real server, end to end: its API needs the seller's certificate on every call and
 * its stand-in a server certificate from a CA the test makes (tests/support/providers/efi/efi-stand-in.ts),
 * which the server trusts only through NODE_EXTRA_CA_CERTS, read at a process's start. So here the
 * server is its own process (tests/support/clocked-server.ts, the same wiring as main.ts, with a clock
 * the test moves; it serves the client build, hence this suite), on a SQLite file or a PostgreSQL
 * database of its own. The other providers' tests run the server in-process
 * (tests/integration/provider-*.test.ts).
 *
 * Efí's webhook (`POST {url}/pix`) is verified by mutual TLS at the seller's nginx
 * (deploy/nginx-efi-mtls.conf), which passes `X-Client-Verified: SUCCESS`: here the test is that
 * proxy, on 127.0.0.1 (TRUSTED_PROXIES). Efí's alternative, the `hmac` in the URL from Efí's own
 * address (34.193.116.226, the profile's; no setting adds another), arrives through the same proxy
 * with that address in X-Forwarded-For (TRUST_PROXY_HOPS=1). Neither scheme signs the body or a
 * timestamp: the body only names charges, which are read back.
 */

const CLIENT_ID = 'Client_Id_efi_checkout';
const CLIENT_SECRET = 'Client_Secret_efi_checkout';
const PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const WEBHOOK_HMAC = 'hmac-da-loja-para-a-efi';
const EFI_ADDRESS = '34.193.116.226';
/** Starting a server from source, and the checks that follow it, take a while on a busy machine. */
const SLOW = 90_000;

/** A server process with these providers, its own port as PUBLIC_URL, trusting the stand-in's CA. */
async function startEfiServer(pki: TestPki, env: Record<string, string>) {
  const port = await freePort();
  return startClockedServer({
    ...env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_EXTRA_CA_CERTS: path.join(pki.dir, 'ca.crt'),
    // The test is the TLS terminator in front (127.0.0.1) and appends the caller's address.
    TRUSTED_PROXIES: '127.0.0.1/32',
    TRUST_PROXY_HOPS: '1',
  });
}

for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`Efí through the server process, on ${kind}`, () => {
    let pki: TestPki;
    let efi: EfiStandIn;
    let mercadoPago: MercadoPagoStandIn;
    const running: Array<{ server: ClockedServer; close(): Promise<void> }> = [];

    beforeAll(async () => {
      pki = makeTestPki();
      efi = new EfiStandIn({ pki, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, pixKey: PIX_KEY });
      await efi.start();
      mercadoPago = await startMercadoPagoStandIn();
    });
    afterAll(async () => {
      for (const { server, close } of running) {
        await server.stop();
        await close();
      }
      await mercadoPago?.stop();
      await efi?.stop();
      pki?.cleanup();
    });

    const efiVariables = () => ({
      EFI_CLIENT_ID: CLIENT_ID,
      EFI_CLIENT_SECRET: CLIENT_SECRET,
      EFI_CERTIFICATE: pki.sellerP12Path,
      EFI_PIX_KEY: PIX_KEY,
      EFI_API_URL: efi.url,
      EFI_WEBHOOK_HMAC: WEBHOOK_HMAC,
    });

    async function serverWith(providers: Array<'efi' | 'mercadopago'>, extra: Record<string, string> = {}) {
      const database = await processDatabase(kind);
      const parts = providers.map((id) => (id === 'efi' ? efiVariables() : mercadoPagoVariables(mercadoPago)));
      const server = await startEfiServer(pki, { ...providersEnv(providers, ...parts), ...extra, ...database.env });
      running.push({ server, close: database.close });
      return { server, db: database.db };
    }

    const cobReads = (txid: string) =>
      efi.requests.filter((request) => request.method === 'GET' && request.path === `/v2/cob/${txid}`).length;

    /** Efí's notification for paid charges, as the proxy in front hands it over: from `from`, with those headers. */
    async function notify(
      server: ClockedServer,
      txids: string[],
      options: { from?: string; headers?: Record<string, string>; query?: string } = {},
    ) {
      const body = JSON.stringify({ pix: txids.flatMap((txid) => efi.cob(txid)?.pix ?? []) });
      const response = await fetchFrom(options.from ?? '127.0.0.1')(`${server.url}/api/webhooks/efi/pix${options.query ?? ''}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...options.headers },
        body,
      });
      return response.status;
    }

    const viaMtls = { 'X-Client-Verified': 'SUCCESS' };

    describe('Efí alone', () => {
      let server: ClockedServer;
      let db: Db;

      beforeAll(async () => {
        ({ server, db } = await serverWith(['efi'], { REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' }));
      }, SLOW);

      async function paidAtEfi() {
        const created = await checkout(server.url);
        expect(created.status).toBe(201);
        const order = await orderRow(db, created.body.orderId!);
        expect(order).toMatchObject({ provider: 'efi', status: 'pending', amount_cents: 1990 });
        const endToEndId = efi.pay(order.charge_id!);
        return { order, txid: order.charge_id!, endToEndId, code: created.body.pix?.code };
      }

      const statusOf = async (id: string) => (await orderRow(db, id)).status;

      it(
        'one PIX from Efí, paid through its webhook (mTLS at the proxy), the access e-mailed, then returned in full by a devolução',
        async () => {
          const { order, txid, endToEndId, code } = await paidAtEfi();
          // The stand-in's copia-e-cola: its location names the charge's txid, and the amount is R$ 19,90.
          expect(code).toMatch(new RegExp(`^000201.*/qr/v2/${txid}.*54\\d{2}19\\.90`));

          expect(await notify(server, [txid], { headers: viaMtls })).toBe(200);
          await waitFor('the order to be paid', async () => (await statusOf(order.id)) === 'paid', 15_000);
          expect(cobReads(txid)).toBeGreaterThan(0);
          await waitFor(
            'the access e-mail to be sent',
            async () => (await outboxRows(db, order.id, 'access_email')).some((row) => row.sent_at !== null),
            15_000,
          );

          const token = await issueAccessToken(db.db, order.id, Date.now());
          const visit = await fetch(`${server.url}/acesso/${token}`, { redirect: 'manual' });
          expect(visit.status).toBe(303);
          const asked = await askRefund(server.url, visit.headers.getSetCookie()[0]!.split(';')[0]!);
          expect([asked.status, asked.body.guarantee?.request?.status]).toEqual([200, 'approved']);
          // The devolução is asked for once, for the whole charge, and Efí processes it.
          const devolucoes = () =>
            efi.requests.filter((request) => request.method === 'PUT' && request.path.includes(`/v2/pix/${endToEndId}/devolucao/`));
          await waitFor('the devolução to be asked for', () => devolucoes().length === 1, 15_000);
          expect(JSON.parse(devolucoes()[0]!.rawBody)).toEqual({ valor: '19.90' });
          expect(await statusOf(order.id)).toBe('paid');

          // Efí returns the money; the refund's next read (after its backoff) sees it and ends the access.
          efi.settleRefund(endToEndId, devolucoes()[0]!.path.split('/').at(-1)!, 'DEVOLVIDO');
          await server.advance(20 * 60_000);
          await waitFor('the order to be reversed', async () => (await statusOf(order.id)) === 'reversed', 30_000);
          expect(devolucoes()).toHaveLength(1);
        },
        SLOW,
      );

      it(
        'the mTLS header from a peer that is not the proxy (127.0.0.2) is not believed: 401, nothing read back, the order still waits',
        async () => {
          const { order, txid } = await paidAtEfi();
          const reads = cobReads(txid);
          expect(await notify(server, [txid], { from: '127.0.0.2', headers: viaMtls })).toBe(401);
          expect(await notify(server, [txid], { from: '127.0.0.2', headers: { ...viaMtls, 'X-Forwarded-For': EFI_ADDRESS } })).toBe(401);
          await new Promise((resolve) => setTimeout(resolve, 500));
          expect(cobReads(txid)).toBe(reads);
          expect(await statusOf(order.id)).toBe('pending');
        },
        SLOW,
      );

      it(
        'the HMAC in the URL: a wrong one, or the right one from another address than Efí’s, is refused (401); the right one from Efí’s address is read back and pays',
        async () => {
          const { order, txid } = await paidAtEfi();
          const reads = cobReads(txid);
          const fromEfi = { 'X-Forwarded-For': EFI_ADDRESS };
          expect(await notify(server, [txid], { query: '?hmac=hmac-de-outra-loja&ignorar=', headers: fromEfi })).toBe(401);
          expect(
            await notify(server, [txid], { query: `?hmac=${WEBHOOK_HMAC}&ignorar=`, headers: { 'X-Forwarded-For': '203.0.113.7' } }),
          ).toBe(401);
          // Loopback itself is not Efí's address either, and no setting makes it one.
          expect(await notify(server, [txid], { query: `?hmac=${WEBHOOK_HMAC}&ignorar=` })).toBe(401);
          await new Promise((resolve) => setTimeout(resolve, 500));
          expect(cobReads(txid)).toBe(reads);
          expect(await statusOf(order.id)).toBe('pending');

          expect(await notify(server, [txid], { query: `?hmac=${WEBHOOK_HMAC}&ignorar=`, headers: fromEfi })).toBe(200);
          await waitFor('the order to be paid', async () => (await statusOf(order.id)) === 'paid', 15_000);
          expect(cobReads(txid)).toBeGreaterThan(reads);
        },
        SLOW,
      );
    });

    describe('Mercado Pago first, then Efí (mercadopago,efi)', () => {
      let server: ClockedServer;
      let db: Db;

      beforeAll(async () => {
        ({ server, db } = await serverWith(['mercadopago', 'efi']));
      }, SLOW);

      const creates = () => mercadoPago.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payments');

      async function expectPixFrom(provider: 'efi' | 'mercadopago') {
        const created = await checkout(server.url);
        expect(created.status).toBe(201);
        const order = await orderRow(db, created.body.orderId!);
        expect(order).toMatchObject({ provider, status: 'pending', amount_cents: 1990 });
        return order;
      }

      it(
        'Mercado Pago refuses the credential: one PIX from Efí in the same tap; Mercado Pago is skipped until the skip ends',
        async () => {
          mercadoPago.scriptNext('create', { kind: 'status', status: 401, body: mpError(401, 'unauthorized', 'invalid access token') });
          const [createsBefore, paymentsBefore] = [creates().length, mercadoPago.payments.size];
          const order = await expectPixFrom('efi');
          expect(efi.cob(order.charge_id!)?.status).toBe('ATIVA');
          expect(creates().length - createsBefore).toBe(1);
          expect(mercadoPago.payments.size).toBe(paymentsBefore);

          await expectPixFrom('efi');
          expect(creates().length - createsBefore).toBe(1);
          await server.advance(FIRST_SKIP_MS + 1_000);
          await expectPixFrom('mercadopago');
          expect(creates().length - createsBefore).toBe(2);
        },
        SLOW,
      );

      it(
        'Mercado Pago answers 500 after making the payment: its search finds it with its code, which is the PIX, with no second create; Efí never asked',
        async () => {
          mercadoPago.scriptNext('create', { kind: 'status', status: 500, processed: true });
          const [createsBefore, efiBefore] = [creates().length, efi.requests.length];
          await expectPixFrom('mercadopago');
          expect(creates().slice(createsBefore)).toHaveLength(1);
          expect(efi.requests.length).toBe(efiBefore);
        },
        SLOW,
      );
    });
  });
}

import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { JourneyRig } from '../../provider-rig.ts';
import { EfiStandIn, makeTestPki, type TestPki } from './efi-stand-in.ts';

/** Efí's stand-in as the browser journeys (tests/e2e/) drive it: the API Pix over mTLS and the seller's mTLS terminator in front of the shop. */
const EFI_CLIENT_ID = 'Client_Id_e2e_stand_in';
const EFI_CLIENT_SECRET = 'Client_Secret_e2e_stand_in';
/** A random key, one of the Banco Central's PIX key forms (EFI_PIX_KEY is checked at start). */
const EFI_PIX_KEY = '3f2b9c1e-7a4d-4e8b-9c0f-5d6e7a8b9c0d';

export async function efiRig(shopUrl: string): Promise<JourneyRig & { standIn: EfiStandIn; pki: TestPki; webhookFront: string }> {
  const pki = makeTestPki();
  const standIn = new EfiStandIn({ pki, clientId: EFI_CLIENT_ID, clientSecret: EFI_CLIENT_SECRET, pixKey: EFI_PIX_KEY });
  await standIn.start();
  const front = await startMtlsFront(pki, shopUrl);
  // The webhook registered for the PIX key: Efí calls it with /pix appended, presenting its certificate.
  standIn.webhookUrl = `${front.url}/api/webhooks/efi`;
  const cob = (txid: string) => standIn.cob(txid)!;
  const devolucoes = (txid: string) => cob(txid).pix.flatMap((pix) => pix.devolucoes);
  const notify = async (txid: string) => expect(await standIn.notify([txid])).toBe(200);
  return {
    standIn,
    pki,
    // The seller's mTLS terminator, for other Efí callbacks (Open Finance's) to reach the shop through.
    webhookFront: front.url,
    env: {
      PAYMENT_PROVIDERS: 'efi',
      EFI_CLIENT_ID,
      EFI_CLIENT_SECRET,
      // The seller's certificate and key, as `openssl pkcs12 -nodes` converts Efí's .p12.
      EFI_CERTIFICATE: pki.sellerPemPath,
      EFI_PIX_KEY,
      EFI_API_URL: standIn.url,
      // The bank's server certificate is signed by the test CA.
      NODE_EXTRA_CA_CERTS: path.join(pki.dir, 'ca.crt'),
    },
    pixCode: (txid) => standIn.copiaECola(cob(txid)),
    async pay(txid) {
      standIn.pay(txid);
      await notify(txid);
    },
    async settleRefund(txid) {
      // The devolução is EM_PROCESSAMENTO until the payer's bank returns it; then Efí notifies again.
      await expect.poll(() => devolucoes(txid).length, { timeout: 20_000 }).toBe(1);
      const [pix] = cob(txid).pix;
      standIn.settleRefund(pix!.endToEndId, devolucoes(txid)[0]!.id, 'DEVOLVIDO');
      await notify(txid);
    },
    // `valor` is reais with two decimals (\d{1,10}\.\d{2}), so dropping the point gives centavos.
    refundsInCents: (txid) => devolucoes(txid).map((devolucao) => Number(devolucao.valor.replace('.', ''))),
    chargeIds: () => [],
    async stop() {
      await front.stop();
      await standIn.stop();
      pki.cleanup();
    },
  };
}

/**
 * The seller's TLS terminator, as deploy/nginx-efi-mtls.conf sets it up: the webhook's caller must
 * present a certificate from the bank's CA, and the server is told so in X-Client-Verified (which
 * it believes from loopback, TRUSTED_PROXIES' default).
 */
async function startMtlsFront(pki: TestPki, target: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = https.createServer(
    { key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const upstream = http.request(
        new URL(request.url ?? '/', target),
        { method: request.method, headers: { ...request.headers, host: new URL(target).host, 'x-client-verified': 'SUCCESS' } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

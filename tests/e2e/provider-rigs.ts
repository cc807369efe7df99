import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { freePort } from '../support/nginx.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';
import { EfiStandIn, makeTestPki, type TestPki } from '../support/providers/efi/efi-stand-in.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../support/providers/mercadopago/mercadopago-stand-in.ts';
import { startWooviStandIn, type WooviStandIn } from '../support/providers/woovi/woovi-stand-in.ts';
import { expect } from './fixtures.ts';

/**
 * The shop with a real provider's stand-in (tests/support/stand-ins/, built from its public documentation), as the
 * provider and dispute specs drive it: the shop's own address, a provider's rig, the buyer's checkout.
 */

export const PRODUCT = 'Lista de Fornecedores Secretos Vitalícia';
const EFI_CLIENT_ID = 'Client_Id_e2e_stand_in';
const EFI_CLIENT_SECRET = 'Client_Secret_e2e_stand_in';
/** A random key, one of the Banco Central's PIX key forms (EFI_PIX_KEY is checked at start). */
const EFI_PIX_KEY = '3f2b9c1e-7a4d-4e8b-9c0f-5d6e7a8b9c0d';

export interface Buyer {
  name: string;
  email: string;
}

/** One provider's stand-in, as a journey needs it; charges are named by the id the order keeps. */
export interface ProviderRig {
  env: Record<string, string>;
  /** The PIX code the provider gave for the charge. */
  pixCode(chargeId: string): string;
  /** The buyer pays: the stand-in marks the charge paid and posts its webhook, signed as the provider signs it. */
  pay(chargeId: string): Promise<void>;
  /** Brings a refund the provider accepted to its end (Efí's devolução settles later and is notified). */
  settleRefund(chargeId: string): Promise<void>;
  /** The refunds the stand-in holds for the charge, in centavos. */
  refundsInCents(chargeId: string): number[];
  /** Every charge the stand-in holds. */
  chargeIds(): string[];
  stop(): Promise<void>;
}

/**
 * The shop as a seller runs it with real providers, its port chosen first so that PUBLIC_URL (the
 * address in webhook URLs and in e-mailed links) is the server's own. E-mails are files (outbox).
 */
export async function shopAddress(): Promise<{ url: string; env: Record<string, string> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return { url, env: { ...REAL_GATEWAY_TEST_ENV, PORT: String(port), PUBLIC_URL: url, REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' } };
}

export async function efiRig(shopUrl: string): Promise<ProviderRig & { standIn: EfiStandIn; pki: TestPki; webhookFront: string }> {
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

export function mercadoPagoEnv(standIn: { url: string }, token = MP_STAND_IN_TOKEN): Record<string, string> {
  return { MERCADOPAGO_ACCESS_TOKEN: token, MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET, MERCADOPAGO_API_URL: standIn.url };
}

export async function mercadoPagoRig(): Promise<ProviderRig & { standIn: MercadoPagoStandIn }> {
  const standIn = await startMercadoPagoStandIn();
  const payment = (chargeId: string) => standIn.payments.get(Number(chargeId))!;
  return {
    standIn,
    env: { PAYMENT_PROVIDERS: 'mercadopago', ...mercadoPagoEnv(standIn) },
    pixCode: (chargeId) => payment(chargeId).qrCode,
    async pay(chargeId) {
      standIn.pay(chargeId);
      // To the payment's notification_url, which the server built from PUBLIC_URL.
      expect((await standIn.notify(chargeId)).status).toBe(200);
    },
    // Mercado Pago approves the refund in its answer.
    settleRefund: async () => undefined,
    refundsInCents: (chargeId) => payment(chargeId).refunds.map((refund) => refund.amountCents),
    chargeIds: () => [...standIn.payments.keys()].map(String),
    stop: () => standIn.stop(),
  };
}

export function wooviEnv(standIn: WooviStandIn, url = standIn.url): Record<string, string> {
  // The stand-in signs with a key pair of its own: the server is given its public half in place of Woovi's.
  return { WOOVI_APP_ID: standIn.appId, WOOVI_WEBHOOK_PUBLIC_KEY: standIn.publicKey, WOOVI_API_URL: url };
}

export async function wooviRig(shopUrl: string): Promise<ProviderRig & { standIn: WooviStandIn }> {
  const standIn = await startWooviStandIn();
  // The webhook the seller registers in Woovi's panel (docs/payments.md#woovi).
  standIn.webhookUrl = `${shopUrl}/api/webhooks/woovi`;
  const charge = (chargeId: string) => standIn.charges.get(chargeId)!;
  return {
    standIn,
    env: { PAYMENT_PROVIDERS: 'woovi', ...wooviEnv(standIn) },
    pixCode: (chargeId) => charge(chargeId).brCode,
    async pay(chargeId) {
      await standIn.pay(chargeId);
      expect(standIn.deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:CHARGE_COMPLETED', status: 200 });
    },
    // Woovi answers IN_PROCESSING; the refund is confirmed moments later, with OPENPIX:TRANSACTION_REFUND_RECEIVED.
    settleRefund: async () => undefined,
    refundsInCents: (chargeId) =>
      charge(chargeId)
        .refunds.filter((refund) => refund.status === 'CONFIRMED')
        .map((refund) => refund.value),
    chargeIds: () => [...standIn.charges.keys()],
    stop: () => standIn.stop(),
  };
}

/** The checkout as a buyer fills it: pre-sell → "Sim, quero!" → landing → the form (with a CPF, which a real provider's bank needs). */
export async function fillCheckout(page: Page, buyer: Buyer): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: PRODUCT });
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987650044');
  // A real provider's bank needs the buyer's CPF (no CUSTOMER_DOCUMENT here).
  await dialog.getByLabel('CPF').fill('52998224725');
  return dialog;
}

/** The buy tap: the filled checkout and one "GERAR PIX". Returns the dialog and the code shown. */
export async function tapForPix(page: Page, buyer: Buyer): Promise<{ dialog: Locator; code: string; orderPosts: () => number }> {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') posts += 1;
  });
  const dialog = await fillCheckout(page, buyer);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
  const code = await dialog.getByLabel('PIX copia e cola').inputValue();
  return { dialog, code, orderPosts: () => posts };
}

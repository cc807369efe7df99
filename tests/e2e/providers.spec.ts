import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import type { ProviderId } from '../../src/server/gateway/provider-registry.ts';
import { createPostgresDb, type TestDb } from '../integration/test-db.ts';
import { ordersBy } from '../support/db-reads.ts';
import { refusedUrl } from '../support/loopback.ts';
import { freePort } from '../support/nginx.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';
import { startAbacatepayStandIn, type AbacatepayStandIn } from '../support/stand-ins/abacatepay-stand-in.ts';
import { EfiStandIn, makeTestPki, type TestPki } from '../support/stand-ins/efi-stand-in.ts';
import { MP_STAND_IN_TOKEN, MP_STAND_IN_WEBHOOK_SECRET, startMercadoPagoStandIn } from '../support/stand-ins/mercadopago-stand-in.ts';
import { startWooviStandIn, type WooviStandIn } from '../support/stand-ins/woovi-stand-in.ts';
import { accessLinkIn } from './admin-helpers.ts';
import { expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { expectAccessEndedOnReload } from './member-helpers.ts';
import { waitForMail } from './mails-and-shots.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Each PIX provider end to end in real Chromium, against the production build and the provider's
 * stand-in (tests/support/stand-ins/, built from its public documentation): the buyer taps, gets
 * the provider's PIX, the provider posts its signed webhook, the page confirms, the access e-mail's
 * link opens the member page, and the refund asked there goes back through the provider
 * (REFUND_MODE=auto, GATEWAY_REFUNDS=1) and ends the access. Then failover: with the first provider
 * down, the same one tap gives one PIX, from the second (docs/payments.md#pix-providers).
 */

const PRODUCT = 'Lista de Fornecedores Secretos Vitalícia';
const ACCESS_SUBJECT = `Seu acesso à ${PRODUCT} está liberado`;
const PRICE_CENTS = 1990;
const ABACATEPAY_WEBHOOK_SECRET = 'abacate-webhook-secret-e2e';
const EFI_CLIENT_ID = 'Client_Id_e2e_stand_in';
const EFI_CLIENT_SECRET = 'Client_Secret_e2e_stand_in';
/** A random key, one of the Banco Central's PIX key forms (EFI_PIX_KEY is checked at start). */
const EFI_PIX_KEY = '3f2b9c1e-7a4d-4e8b-9c0f-5d6e7a8b9c0d';

interface Buyer {
  name: string;
  email: string;
}

/** One provider's stand-in, as a journey needs it; charges are named by the id the order keeps. */
interface ProviderRig {
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
async function shopAddress(): Promise<{ url: string; env: Record<string, string> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return { url, env: { ...REAL_GATEWAY_TEST_ENV, PORT: String(port), PUBLIC_URL: url, REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' } };
}

function mercadoPagoEnv(standIn: { url: string }, token = MP_STAND_IN_TOKEN): Record<string, string> {
  return { MERCADOPAGO_ACCESS_TOKEN: token, MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET, MERCADOPAGO_API_URL: standIn.url };
}

async function mercadoPagoRig(): Promise<ProviderRig> {
  const standIn = await startMercadoPagoStandIn();
  const payment = (chargeId: string) => standIn.payments.get(Number(chargeId))!;
  return {
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

async function abacatepayRig(shopUrl: string): Promise<ProviderRig & { standIn: AbacatepayStandIn }> {
  const standIn = await startAbacatepayStandIn();
  // The webhook the seller registers in AbacatePay's dashboard (docs/payments.md#abacatepay).
  standIn.webhook = { url: `${shopUrl}/api/webhooks/abacatepay`, secret: ABACATEPAY_WEBHOOK_SECRET };
  const charge = (chargeId: string) => standIn.charges.get(chargeId)!;
  return {
    standIn,
    env: {
      PAYMENT_PROVIDERS: 'abacatepay',
      ABACATEPAY_API_KEY: standIn.apiKey,
      ABACATEPAY_WEBHOOK_SECRET,
      ABACATEPAY_API_URL: standIn.url,
    },
    pixCode: (chargeId) => charge(chargeId).brCode,
    async pay(chargeId) {
      await standIn.markPaid(chargeId);
      expect(standIn.deliveries.at(-1)?.status).toBe(200);
    },
    // AbacatePay refunds the whole charge in its answer (and posts `transparent.refunded`).
    settleRefund: async () => undefined,
    refundsInCents: (chargeId) => (charge(chargeId).refundPublicId ? [charge(chargeId).amount] : []),
    chargeIds: () => [...standIn.charges.keys()],
    stop: () => standIn.stop(),
  };
}

function wooviEnv(standIn: WooviStandIn, url = standIn.url): Record<string, string> {
  // The stand-in signs with a key pair of its own: the server is given its public half in place of Woovi's.
  return { WOOVI_APP_ID: standIn.appId, WOOVI_WEBHOOK_PUBLIC_KEY: standIn.publicKey, WOOVI_API_URL: url };
}

async function wooviRig(shopUrl: string): Promise<ProviderRig & { standIn: WooviStandIn }> {
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

async function efiRig(shopUrl: string): Promise<ProviderRig> {
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

/** The buy tap: pre-sell → "Sim, quero!" → landing → the form → one "GERAR PIX". Returns the dialog and the code shown. */
async function tapForPix(page: Page, buyer: Buyer): Promise<{ dialog: Locator; code: string; orderPosts: () => number }> {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') posts += 1;
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: PRODUCT });
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987650044');
  // A real provider's bank needs the buyer's CPF (no CUSTOMER_DOCUMENT here).
  await dialog.getByLabel('CPF').fill('52998224725');
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
  const code = await dialog.getByLabel('PIX copia e cola').inputValue();
  return { dialog, code, orderPosts: () => posts };
}

/** The buyer's one order: which provider took it and under which charge id. */
async function orderOf(
  server: RunningServer,
  email: string,
  database?: TestDb,
): Promise<{ id: string; provider: string; chargeId: string }> {
  const orders = database
    ? await ordersBy(database, 'buyer_email', email)
    : await withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', email));
  expect(orders).toHaveLength(1);
  return { id: orders[0]!.id, provider: orders[0]!.provider, chargeId: orders[0]!.charge_id! };
}

/** Buy, pay through the provider's webhook, open the member page from the e-mail, refund, access ended. */
async function buyPayAndRefund(
  browser: Browser,
  provider: ProviderId,
  makeRig: (shopUrl: string) => Promise<ProviderRig>,
  buyer: Buyer,
  database?: TestDb & { url: string },
) {
  const shop = await shopAddress();
  const rig = await makeRig(shop.url);
  const server = await startServer({ ...shop.env, ...rig.env, ...(database ? { DATABASE_URL: database.url } : {}) });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    const { dialog, code, orderPosts } = await tapForPix(page, buyer);
    const order = await orderOf(server, buyer.email, database);
    expect(order.provider).toBe(provider);
    expect(code).toBe(rig.pixCode(order.chargeId));
    expect(orderPosts()).toBe(1);

    // The provider's webhook is verified and read back; the open dialog learns it without a reload.
    await rig.pay(order.chargeId);
    await server.waitForLog(new RegExp(`INFO Webhook received .*provider=${provider} order=${order.id}`), 10_000);
    await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
    consoleErrors();

    // The access e-mail's "Pedir reembolso" link opens the member page at the guarantee.
    const mail = await waitForMail(server, buyer.email, ACCESS_SUBJECT);
    const refundLink = /<a\b[^>]*href="([^"]+)"[^>]*>\s*Pedir reembolso\s*<\/a>/.exec(mail.html)?.[1];
    expect(refundLink).toBe(`${accessLinkIn(mail.file)}#reembolso`);
    const member = await context.newPage();
    const memberErrors = watchConsole(member);
    await member.goto(refundLink!);
    await expect(member).toHaveURL(/\/acesso#reembolso$/);
    await expect(member.getByRole('heading', { name: `Olá, ${buyer.name.split(' ')[0]}!` })).toBeVisible();

    const card = member.getByRole('region', { name: /^Garantia de 7 dias/ });
    await card.getByRole('button', { name: 'Pedir reembolso' }).click();
    const ask = member.getByRole('dialog', { name: 'Pedir reembolso' });
    await ask.getByRole('radio', { name: 'Esperava outra coisa' }).check();
    await ask.getByRole('button', { name: 'Confirmar pedido de reembolso' }).click();
    await expect(card).toContainText('Reembolso aprovado: o valor volta pelo PIX, para a mesma conta que pagou.');
    memberErrors();

    // The refund goes back through the provider that took the charge: one, of the whole R$ 19,90.
    await rig.settleRefund(order.chargeId);
    await expect.poll(() => rig.refundsInCents(order.chargeId), { timeout: 20_000 }).toEqual([PRICE_CENTS]);
    await expectAccessEndedOnReload(member);
    const done = await waitForMail(server, buyer.email, 'Reembolso feito');
    expect(done.text).toMatch(/R\$\s19,90/);
    expect(rig.refundsInCents(order.chargeId)).toEqual([PRICE_CENTS]);
  } finally {
    await context.close();
    await server.stop();
    await rig.stop();
  }
}

test.describe('each provider, purchase to refund', () => {
  test('Mercado Pago', async ({ browser }) => {
    await buyPayAndRefund(browser, 'mercadopago', mercadoPagoRig, { name: 'Marina Costa', email: 'marina.costa@example.com' });
  });

  test('Efí (API Pix, mTLS)', async ({ browser }) => {
    await buyPayAndRefund(browser, 'efi', efiRig, { name: 'Eduardo Fonseca', email: 'eduardo.fonseca@example.com' });
  });

  test('AbacatePay', async ({ browser }) => {
    await buyPayAndRefund(browser, 'abacatepay', abacatepayRig, { name: 'Alice Pereira', email: 'alice.pereira@example.com' });
  });

  test('Woovi', async ({ browser }) => {
    await buyPayAndRefund(browser, 'woovi', wooviRig, { name: 'Wagner Oliveira', email: 'wagner.oliveira@example.com' });
  });

  test('Woovi on PostgreSQL', async ({ browser }) => {
    const database = await createPostgresDb();
    try {
      await buyPayAndRefund(browser, 'woovi', wooviRig, { name: 'Vera Moraes', email: 'vera.moraes@example.com' }, database);
    } finally {
      await database.close();
    }
  });
});

test.describe('with the first provider down, one tap gives one PIX from the second', () => {
  /**
   * PAYMENT_PROVIDERS=<first>,<second>, the first's variables as given; the buyer taps once and gets the second's PIX,
   * which its own webhook confirms like any other.
   */
  async function failOver(
    browser: Browser,
    first: { id: ProviderId; env: Record<string, string> },
    second: { id: ProviderId; rig: (shopUrl: string) => Promise<ProviderRig> },
    buyer: Buyer,
  ) {
    const shop = await shopAddress();
    const rig = await second.rig(shop.url);
    const server = await startServer({ ...shop.env, ...rig.env, ...first.env, PAYMENT_PROVIDERS: `${first.id},${second.id}` });
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const page = await context.newPage();
      const consoleErrors = watchConsole(page);
      const { dialog, code, orderPosts } = await tapForPix(page, buyer);
      expect(orderPosts()).toBe(1);
      const order = await orderOf(server, buyer.email);
      expect(order.provider).toBe(second.id);
      expect(rig.chargeIds()).toEqual([order.chargeId]);
      expect(code).toBe(rig.pixCode(order.chargeId));
      await server.waitForLog(new RegExp(`WARN Charge failed .*provider=${first.id} .*failOver=true`), 1000);

      await rig.pay(order.chargeId);
      await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
      consoleErrors();
    } finally {
      await context.close();
      await server.stop();
      await rig.stop();
    }
  }

  const toAbacatepay = { id: 'abacatepay', rig: abacatepayRig } as const;

  test('Mercado Pago not answering (connection refused)', async ({ browser }) => {
    await failOver(browser, { id: 'mercadopago', env: mercadoPagoEnv({ url: await refusedUrl() }) }, toAbacatepay, {
      name: 'Fernanda Lopes',
      email: 'fernanda.lopes@example.com',
    });
  });

  test('Mercado Pago refusing the credential: it holds no charge', async ({ browser }) => {
    const first = await startMercadoPagoStandIn();
    try {
      await failOver(browser, { id: 'mercadopago', env: mercadoPagoEnv(first, 'APP_USR-revoked-token') }, toAbacatepay, {
        name: 'Rafael Gomes',
        email: 'rafael.gomes@example.com',
      });
      // Asked once, refused before anything was made.
      expect(first.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
      expect(first.payments.size).toBe(0);
    } finally {
      await first.stop();
    }
  });

  test('to Woovi: Mercado Pago not answering', async ({ browser }) => {
    await failOver(
      browser,
      { id: 'mercadopago', env: mercadoPagoEnv({ url: await refusedUrl() }) },
      { id: 'woovi', rig: wooviRig },
      {
        name: 'Viviane Souza',
        email: 'viviane.souza@example.com',
      },
    );
  });

  test('from Woovi: its 500 is read back by our correlationID, which it never charged, so AbacatePay makes the PIX', async ({
    browser,
  }) => {
    const first = await startWooviStandIn();
    first.failNext('create', { status: 500, body: { error: 'Internal server error' } });
    try {
      await failOver(browser, { id: 'woovi', env: wooviEnv(first) }, toAbacatepay, {
        name: 'Otávio Nunes',
        email: 'otavio.nunes@example.com',
      });
      // One create, then one read of its key, answered "not found": no charge held there.
      const create = first.requests.find((request) => request.method === 'POST' && request.path === '/api/v1/charge');
      const key = (create?.body as { correlationID?: string } | undefined)?.correlationID;
      expect(first.requests.filter((request) => request.method === 'GET' && request.path === `/api/v1/charge/${key}`)).toHaveLength(1);
      expect(first.charges.size).toBe(0);
    } finally {
      await first.stop();
    }
  });
});

import type { Browser } from '@playwright/test';
import type { ProviderId } from '../../src/server/gateway/provider-registry.ts';
import { createPostgresDb, type TestDb } from '../integration/test-db.ts';
import { ordersBy } from '../support/db-reads.ts';
import { refusedUrl } from '../support/loopback.ts';
import { startMercadoPagoStandIn } from '../support/providers/mercadopago/mercadopago-stand-in.ts';
import { startWooviStandIn } from '../support/providers/woovi/woovi-stand-in.ts';
import { accessLinkIn } from './admin-helpers.ts';
import { expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { expectAccessEndedOnReload } from './member-helpers.ts';
import { waitForMail } from './mails-and-shots.ts';
import { PRODUCT, shopAddress, tapForPix, type Buyer } from './provider-rigs.ts';
import { abacatepayRig } from '../support/providers/abacatepay/abacatepay-journey-rig.ts';
import { journeyFolders } from '../support/providers/journey-folders.ts';
import { mercadoPagoEnv } from '../support/providers/mercadopago/mercadopago-journey-rig.ts';
import { wooviEnv, wooviRig } from '../support/providers/woovi/woovi-journey-rig.ts';
import type { JourneyRig } from '../support/provider-rig.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Each PIX provider end to end in real Chromium, against the production build and the provider's
 * stand-in (tests/support/providers/<id>/, built from its public documentation): the buyer taps, gets
 * the provider's PIX, the provider posts its signed webhook, the page confirms, the access e-mail's
 * link opens the member page, and the refund asked there goes back through the provider
 * (REFUND_MODE=auto, GATEWAY_REFUNDS=1) and ends the access. Then failover: with the first provider
 * down, the same one tap gives one PIX, from the second (docs/payments.md#pix-providers).
 */

const ACCESS_SUBJECT = `Seu acesso à ${PRODUCT} está liberado`;
const PRICE_CENTS = 1990;
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
  makeRig: (shopUrl: string) => Promise<JourneyRig>,
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
  for (const journey of journeyFolders()) {
    test(journey.title, async ({ browser }) => {
      await buyPayAndRefund(browser, journey.id, journey.rig, journey.buyer);
    });
  }

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
    second: { id: ProviderId; rig: (shopUrl: string) => Promise<JourneyRig> },
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
    first.scriptNext('create', { kind: 'status', status: 500, body: { error: 'Internal server error' } });
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

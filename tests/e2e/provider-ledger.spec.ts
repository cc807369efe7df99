import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ordersBy } from '../support/db-reads.ts';
import { freePort } from '../support/nginx.ts';
import { checkout } from '../support/provider-rig.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';
import { startAbacatepayStandIn } from '../support/providers/abacatepay/abacatepay-stand-in.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  startMercadoPagoStandIn,
} from '../support/providers/mercadopago/mercadopago-stand-in.ts';
import { signIn } from './admin-helpers.ts';
import { expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { waitForMail } from './mails-and-shots.ts';
import { runServerExpectingExit, startServer, type RunningServer } from './server.ts';

/**
 * What a provider accepted ends delivered or refunded, in real Chromium against the production build
 * and the providers' stand-ins (tests/support/providers/, built from their public documentation;
 * docs/payments.md#reconciliation): a PIX retired by a re-checkout and paid late, its one read-back
 * failing, is found by the reconciler and its page shows it paid; a provider taken out of
 * PAYMENT_PROVIDERS with its credentials set still confirms the PIX it gave, Saúde lists it, and
 * removing its credentials too stops the start.
 */

const PRODUCT = 'Lista de Fornecedores Secretos Vitalícia';
const ACCESS_SUBJECT = `Seu acesso à ${PRODUCT} está liberado`;
const PASSWORD = 'senha-do-painel-ledger-e2e';
const PHONE = '21987650071';
const ABACATEPAY_WEBHOOK_SECRET = 'abacate-webhook-secret-ledger-e2e';

interface Buyer {
  name: string;
  email: string;
}

/** The shop with real providers, its port chosen first so PUBLIC_URL (in the webhook URLs) is its own and survives a restart. */
async function shopEnv(): Promise<Record<string, string>> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The CPF is the seller's setting, so the buyer's form asks none.
  return { ...REAL_GATEWAY_TEST_ENV, PORT: String(port), PUBLIC_URL: url, CUSTOMER_DOCUMENT: '52998224725', ADMIN_PASSWORD: PASSWORD };
}

/** Pre-sell → "Sim, quero!" → landing → the form → "GERAR PIX": the dialog with its code. */
async function tapForPix(page: Page, buyer: Buyer): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: PRODUCT });
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill(PHONE);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  return dialog;
}

async function ordersOf(server: RunningServer, email: string) {
  return withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', email));
}

test('a retired PIX paid late, its read-back failing once, is delivered by the reconciler and its page says paid', async ({ browser }) => {
  const env = await shopEnv();
  const mercadoPago = await startMercadoPagoStandIn();
  const server = await startServer({
    ...env,
    PAYMENT_PROVIDERS: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: MP_STAND_IN_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET,
    MERCADOPAGO_API_URL: mercadoPago.url,
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const buyer = { name: 'Lúcia Prado', email: 'lucia.prado@example.com' };
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await tapForPix(page, buyer);
    const [first] = await ordersOf(server, buyer.email);

    // The buyer checks out again with the bump: the first PIX is retired. Mercado Pago does not answer its cancel
    // (nor the reconciler's retries in the meantime), so its code stays payable.
    for (let attempt = 0; attempt < 3; attempt++) mercadoPago.scriptNext('cancel', { kind: 'status', status: 503 });
    const again = await checkout(server.url, { buyer: { ...buyer, phone: `(21) 98765-0071` }, bump: true });
    expect(again.status).toBe(201);
    const retired = (await ordersOf(server, buyer.email)).find((order) => order.id === first!.id)!;
    expect(retired).toMatchObject({ status: 'failed', replaced_by: again.body.orderId });

    // It is paid anyway; Mercado Pago's webhook comes, but its one read-back fails.
    mercadoPago.pay(retired.charge_id!);
    mercadoPago.scriptNext('read', { kind: 'status', status: 503 });
    expect((await mercadoPago.notify(retired.charge_id!)).status).toBe(200);
    await server.waitForLog(new RegExp(`WARN Payment re-check failed .*order=${retired.id}`), 10_000);

    // The reconciler reads it again (the webhook was stored as a re-check request) and delivers it.
    await server.waitForLog(new RegExp(`INFO Order paid .*order=${retired.id}`), 45_000);
    await waitForMail(server, buyer.email, ACCESS_SUBJECT);
    await page.goto(`/pedido/${retired.public_ref}`);
    await expect(page.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
    await expect(page.getByText('Não foi possível gerar este PIX')).toHaveCount(0);
    consoleErrors();
  } finally {
    await context.close();
    await server.stop();
    await mercadoPago.stop();
  }
});

test('a provider taken out of PAYMENT_PROVIDERS still confirms its PIX, Saúde lists it, and removing its credentials stops the start', async ({
  browser,
}) => {
  const env = await shopEnv();
  const mercadoPago = await startMercadoPagoStandIn();
  const abacatepay = await startAbacatepayStandIn();
  abacatepay.webhook = { url: `${env.PUBLIC_URL}/api/webhooks/abacatepay`, secret: ABACATEPAY_WEBHOOK_SECRET };
  const mercadoPagoEnv = {
    MERCADOPAGO_ACCESS_TOKEN: MP_STAND_IN_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET,
    MERCADOPAGO_API_URL: mercadoPago.url,
  };
  const abacatepayEnv = { ABACATEPAY_API_KEY: abacatepay.apiKey, ABACATEPAY_WEBHOOK_SECRET, ABACATEPAY_API_URL: abacatepay.url };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-ledger-'));
  let server = await startServer({ ...env, PAYMENT_PROVIDERS: 'mercadopago', ...mercadoPagoEnv }, { dataDir });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const buyer = { name: 'Helena Duarte', email: 'helena.duarte@example.com' };
    const page = await context.newPage();
    const dialog = await tapForPix(page, buyer);
    const [order] = await ordersOf(server, buyer.email);
    expect(order!.provider).toBe('mercadopago');

    // The seller moves to AbacatePay, leaving Mercado Pago's credentials set; the buyer's tab stays open.
    await server.stop();
    server = await startServer({ ...env, PAYMENT_PROVIDERS: 'abacatepay', ...mercadoPagoEnv, ...abacatepayEnv }, { dataDir });
    await server.waitForLog(/WARN mercadopago is out of PAYMENT_PROVIDERS with its credentials set/, 5_000);

    mercadoPago.pay(order!.charge_id!);
    expect((await mercadoPago.notify(order!.charge_id!)).status).toBe(200);
    await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 20_000 });
    await waitForMail(server, buyer.email, ACCESS_SUBJECT);

    // New charges go to AbacatePay only.
    const next = await browser.newContext({ baseURL: server.url });
    await tapForPix(await next.newPage(), { name: 'Otávio Reis', email: 'otavio.reis@example.com' });
    expect((await ordersOf(server, 'otavio.reis@example.com'))[0]!.provider).toBe('abacatepay');
    await next.close();

    // Saúde lists Mercado Pago as read only, with its paid order inside the refund window.
    const panel = await context.newPage();
    await signIn(panel, PASSWORD);
    await panel.getByRole('link', { name: 'Saúde' }).click();
    const row = panel.getByRole('region', { name: 'Provedores de PIX' }).getByRole('listitem').filter({ hasText: 'Mercado Pago' });
    await expect(row).toContainText('Só leitura');
    await expect(row).toContainText('1 pedido com PIX em aberto ou no prazo de reembolso');

    // Its credentials removed too while that order can still be refunded: the start is refused, naming it.
    await server.stop();
    const refused = await runServerExpectingExit({
      ...env,
      PORT: '0',
      PAYMENT_PROVIDERS: 'abacatepay',
      ...abacatepayEnv,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'vitrine.sqlite')}`,
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Invalid configuration: mercadopago still has 1 order with an open PIX or inside the refund window/);
  } finally {
    await context.close();
    await server.stop();
    await mercadoPago.stop();
    await abacatepay.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

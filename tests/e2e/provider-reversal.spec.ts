import type { Page } from '@playwright/test';
import { ordersBy } from '../support/db-reads.ts';
import { freePort } from '../support/nginx.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  refundInPanel,
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../support/providers/mercadopago/mercadopago-stand-in.ts';
import { accessLinkIn, signIn } from './admin-helpers.ts';
import { expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { expectAccessEndedOnReload } from './member-helpers.ts';
import { waitForMail } from './mails-and-shots.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * A main order refunded in the provider's own panel takes its paid add-on with it, in real Chromium against the
 * production build and the Mercado Pago stand-in (tests/support/providers/mercadopago/mercadopago-stand-in.ts, built from
 * https://www.mercadopago.com.br/developers/pt/docs/checkout-api/payment-management/cancellations-and-refunds):
 * the buyer pays the main product, then the add-on in a PIX of its own; the seller refunds the main payment in
 * Mercado Pago's panel, where no notification comes; the reconciler reads the payment back as refunded; the add-on's
 * refund appears in "Reembolsos pedidos", with the steps in Mercado Pago's panel; and the member page closes.
 */
const PASSWORD = 'senha-do-painel-estorno-e2e';
const MAIN = 'Lista de Fornecedores Secretos Vitalícia';
const BUMP = 'Lista de Fornecedores de Recarga';
const ACCESS_SUBJECT = `Seu acesso à ${MAIN} está liberado`;
const buyer = { name: 'Helena Furtado', email: 'helena.furtado@example.com' };

let standIn: MercadoPagoStandIn;
let server: RunningServer;
test.beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
  // PUBLIC_URL is the server's own address: the payments' notification_url and the e-mailed links.
  const port = await freePort();
  server = await startServer({
    ...REAL_GATEWAY_TEST_ENV,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_PASSWORD: PASSWORD,
    PAYMENT_PROVIDERS: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: MP_STAND_IN_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET,
    MERCADOPAGO_API_URL: standIn.url,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await standIn?.stop();
});

/** The buyer's orders as stored: the main one and its add-on, with their Mercado Pago payment ids. */
async function ordersOf(email: string) {
  const orders = await withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', email));
  return { main: orders.find((order) => order.kind === 'main'), addon: orders.find((order) => order.kind === 'addon') };
}

/** Mercado Pago says the payment is approved and notifies the shop, signed as it signs. */
async function payAtMercadoPago(paymentId: string) {
  standIn.pay(paymentId);
  expect((await standIn.notify(paymentId)).status).toBe(200);
}

async function buyMainThenAddon(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: MAIN });
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987650045');
  await dialog.getByLabel('CPF').fill('52998224725');
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
  await payAtMercadoPago((await ordersOf(buyer.email)).main!.charge_id!);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });

  await dialog
    .getByRole('region', { name: `Quer adicionar a ${BUMP}?` })
    .getByRole('button', { name: 'Quero adicionar' })
    .click();
  const addonPix = dialog.getByRole('region', { name: `PIX da ${BUMP}` });
  await expect(addonPix.getByTestId('pix-amount')).toHaveText('R$ 9,90');
  await payAtMercadoPago((await ordersOf(buyer.email)).addon!.charge_id!);
  await expect(dialog.getByText(`${BUMP} adicionada ao seu acesso.`)).toBeVisible({ timeout: 15_000 });
}

test('a main order refunded in Mercado Pago’s panel: the add-on’s refund is listed and the member page closes', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const errors = watchConsole(page);
    await buyMainThenAddon(page);
    errors();
    const { main, addon } = await ordersOf(buyer.email);

    // The access e-mail's link opens the member page of the purchase, the add-on's list in it.
    const member = await context.newPage();
    await member.goto(accessLinkIn((await waitForMail(server, buyer.email, ACCESS_SUBJECT)).file));
    await expect(member.getByRole('heading', { name: 'Olá, Helena!' })).toBeVisible();
    await expect(member.getByText(BUMP).first()).toBeVisible();

    // Refunded in Mercado Pago's panel: nothing is notified. The reconciler's read finds it (its next read is due now).
    refundInPanel(standIn, main!.charge_id!);
    await withServerDb(server.dataDir, (db) =>
      db.db.updateTable('orders').set({ next_check_at: Date.now() }).where('id', '=', main!.id).execute(),
    );
    await expect.poll(async () => (await ordersOf(buyer.email)).main!.status, { timeout: 60_000, intervals: [1000] }).toBe('reversed');

    // The add-on's R$ 9,90 is listed for the seller, with the steps in Mercado Pago's panel.
    const panel = await context.newPage();
    const panelErrors = watchConsole(panel);
    await signIn(panel, PASSWORD);
    await panel.getByRole('link', { name: 'Pedidos' }).click();
    await panel.getByLabel('Status').selectOption({ label: 'Reembolsos pedidos' });
    await panel.getByRole('button', { name: 'Filtrar' }).click();
    await expect(panel.getByRole('status').filter({ hasText: '1 pedido' })).toBeVisible();
    // The add-on's row: its own mark, then the refund's.
    await panel.getByRole('button', { name: new RegExp(`^Ver pedido de ${buyer.name} \\(.*Reembolso pedido\\)$`) }).click();
    const refund = panel.getByRole('region', { name: 'Reembolso' });
    await expect(refund).toContainText('O pedido principal foi estornado no provedor');
    await refund.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    await panel
      .getByRole('dialog', { name: /^Reembolsar R\$\s9,90\?$/ })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await expect(refund.getByRole('heading', { name: 'Reembolsar à mão' })).toBeVisible();
    await expect(refund).toContainText(`No painel do provedor Mercado Pago, abra a transação${addon!.charge_id!}`);
    await expect(refund).toContainText(/Reembolse R\$\s9,90/);
    await refund.getByRole('button', { name: 'Marcar como reembolsado' }).click();
    await panel.getByRole('dialog', { name: 'Marcar como reembolsado?' }).getByRole('button', { name: 'Confirmar' }).click();
    await expect(panel.getByText('Pedido marcado como reembolsado.')).toBeVisible();
    expect((await ordersOf(buyer.email)).addon!.status).toBe('reversed');
    panelErrors();

    // The member page closes with the main order: the add-on's list goes with it.
    await expectAccessEndedOnReload(member);
  } finally {
    await context.close();
  }
});

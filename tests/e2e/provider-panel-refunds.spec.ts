import type { Page } from '@playwright/test';
import { ordersBy } from '../support/db-reads.ts';
import type { WooviStandIn } from '../support/providers/woovi/woovi-stand-in.ts';
import { accessLinkIn, signIn } from './admin-helpers.ts';
import { expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { waitForMail } from './mails-and-shots.ts';
import { fillCheckout, PRODUCT, shopAddress, tapForPix, type Buyer } from './provider-rigs.ts';
import { wooviRig } from '../support/providers/woovi/woovi-journey-rig.ts';
import type { JourneyRig } from '../support/provider-rig.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Money that leaves at the provider, in real Chromium against the production build and Woovi's stand-in
 * (tests/support/providers/woovi/woovi-stand-in.ts, built from developers.woovi.com: refunds "total ou parcial",
 * docs/concepts/refund.md; `DELETE /api/v1/charge/{id}`; OPENPIX:TRANSACTION_REFUND_RECEIVED), with
 * REFUND_MODE=auto and GATEWAY_REFUNDS=1 (docs/money.md#panel-refunds, docs/money.md#provider-side):
 * - P1: main + bump paid (R$ 29,80), the seller refunds R$ 9,90 in Woovi's panel: Faturamento says R$ 19,90, and the
 *   buyer's guarantee refund asks Woovi for the R$ 19,90 left, which Woovi accepts;
 * - P2: the main-only PIX paid with its webhook lost, the buyer checks out again with the bump: the checkout shows the
 *   R$ 9,90 left to pay, and the R$ 29,80 PIX never stays payable at Woovi.
 */
const PASSWORD = 'senha-do-painel-parcial-e2e';
const BUMP = 'Lista de Fornecedores de Recarga';
const BUMP_CHECKBOX = `Sim, quero a ${BUMP} por mais R$ 9,90`;
const ACCESS_SUBJECT = `Seu acesso à ${PRODUCT} está liberado`;

let server: RunningServer;
let rig: JourneyRig & { standIn: WooviStandIn };
test.beforeAll(async () => {
  const shop = await shopAddress();
  rig = await wooviRig(shop.url);
  // Confirmed in the refund's answer (a documented ChargeRefund status).
  rig.standIn.refundsConfirm = 'in_answer';
  server = await startServer({ ...shop.env, ...rig.env, ADMIN_PASSWORD: PASSWORD });
});
test.afterAll(async () => {
  await server?.stop();
  await rig?.stop();
});

async function ordersOf(email: string) {
  return withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', email));
}

/** The checkout with the bump ticked: one PIX of R$ 29,80. */
async function tapWithBump(page: Page, buyer: Buyer) {
  const dialog = await fillCheckout(page, buyer);
  await dialog.getByRole('checkbox', { name: BUMP_CHECKBOX }).check();
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  return dialog;
}

test('P1: R$ 9,90 refunded in Woovi’s panel is counted; the guarantee refund asks Woovi only for the R$ 19,90 left', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = { name: 'Lívia Moura', email: 'livia.moura.painel@example.com' };
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const errors = watchConsole(page);
    const dialog = await tapWithBump(page, buyer);
    await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 29,80');
    const [order] = await ordersOf(buyer.email);
    await rig.pay(order!.charge_id!);
    await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
    errors();

    // The seller gives back the bump's R$ 9,90 in Woovi's panel; Woovi's webhook reaches the shop.
    await rig.standIn.refundInPanel(order!.charge_id!, 990);
    expect(rig.standIn.deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:TRANSACTION_REFUND_RECEIVED', status: 200 });
    const panel = await context.newPage();
    const panelErrors = watchConsole(panel);
    await signIn(panel, PASSWORD);
    await expect(panel.getByLabel('Faturamento Hoje')).toHaveText('R$ 19,90', { timeout: 15_000 });
    await waitForMail(server, buyer.email, 'Reembolso feito');

    // The buyer asks for the guarantee on the member page: Woovi is asked for what it still holds, and accepts.
    const member = await context.newPage();
    await member.goto(`${accessLinkIn((await waitForMail(server, buyer.email, ACCESS_SUBJECT)).file)}#reembolso`);
    const card = member.getByRole('region', { name: /^Garantia de 7 dias/ });
    await card.getByRole('button', { name: 'Pedir reembolso' }).click();
    const ask = member.getByRole('dialog', { name: 'Pedir reembolso' });
    await ask.getByRole('radio', { name: 'Esperava outra coisa' }).check();
    await ask.getByRole('button', { name: 'Confirmar pedido de reembolso' }).click();
    await expect.poll(() => rig.refundsInCents(order!.charge_id!), { timeout: 20_000 }).toEqual([990, 1990]);
    await expect.poll(async () => (await ordersOf(buyer.email))[0]!.status, { timeout: 20_000 }).toBe('reversed');
    await panel.reload();
    await expect(panel.getByLabel('Faturamento Hoje')).toHaveText('R$ 0,00');
    panelErrors();
  } finally {
    await context.close();
  }
});

test('P2: the first PIX paid with its webhook lost; the re-checkout with the bump shows the R$ 9,90 left and closes the R$ 29,80 PIX', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = { name: 'Rafael Teles', email: 'rafael.teles.duas@example.com' };
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const first = await context.newPage();
    await tapForPix(first, buyer);
    await first.close();
    const [mainOnly] = await ordersOf(buyer.email);
    // Paid at Woovi; its webhook never arrives.
    const webhookUrl = rig.standIn.webhookUrl;
    rig.standIn.webhookUrl = null;
    await rig.standIn.pay(mainOnly!.charge_id!);
    rig.standIn.webhookUrl = webhookUrl;

    // Another visit (the pre-sell's choice not kept): the checkout again, the bump ticked.
    const again = await browser.newContext({ baseURL: server.url });
    const page = await again.newPage();
    const errors = watchConsole(page);
    const dialog = await tapWithBump(page, buyer);
    // What is left to pay: the bump alone, in a PIX of its own.
    await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 9,90');
    errors();
    const orders = await ordersOf(buyer.email);
    const whole = orders.find((order) => Number(order.amount_cents) === 2980)!;
    expect(orders.find((order) => order.id === mainOnly!.id)!.status).toBe('paid');
    expect(whole).toMatchObject({ status: 'failed', replaced_by: mainOnly!.id });
    // The R$ 29,80 PIX is gone at Woovi: it can no longer be paid.
    expect(rig.standIn.charges.has(whole.charge_id!)).toBe(false);
    const addon = orders.find((order) => order.kind === 'addon')!;
    expect(rig.standIn.charges.get(addon.charge_id!)!.value).toBe(990);
    await again.close();
  } finally {
    await context.close();
  }
});

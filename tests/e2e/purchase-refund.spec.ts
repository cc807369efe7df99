import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { accessLinkIn, signIn } from './admin-helpers.ts';
import { findRefundRow, ordersBy, sandboxChargesTo } from '../support/db-reads.ts';
import { expect, payOnSandbox, presellAnsweredContext, test, watchConsole, withServerDb } from './fixtures.ts';
import { expectNoAxeViolations, mailsTo, shoot, waitForMail } from './mails-and-shots.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * A refund of a whole purchase (docs/money.md), in real Chromium against the production build:
 * the buyer pays the main product, then the add-on in a PIX of its own, and asks for a refund from
 * the access e-mail's link. The seller approves it and refunds both PIX by hand. Every amount the
 * two of them read (the console's steps, both e-mails, the evidence) is the whole R$ 29,80.
 */
const PASSWORD = 'senha-do-painel-compra-e2e';
const MAIN = 'Lista de Fornecedores Secretos Vitalícia';
const BUMP = 'Lista de Fornecedores de Recarga';
const ACCESS_SUBJECT = `Seu acesso à ${MAIN} está liberado`;
const NOTE = 'Comprei a lista e a recarga, mas não era o que eu procurava.';
const BRL = (amount: string) => new RegExp(`R\\$\\s${amount}`);

test.use({ viewport: { width: 390, height: 844 } });

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: PASSWORD });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Checkout of the main product alone (R$ 19,90), paid; then "Quero adicionar" and the add-on's PIX (R$ 9,90), paid. */
async function buyMainThenAddon(context: BrowserContext, buyer: { name: string; email: string }) {
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: MAIN });
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987650043');
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
  await payOnSandbox(context, dialog);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });

  await dialog
    .getByRole('region', { name: `Quer adicionar a ${BUMP}?` })
    .getByRole('button', { name: 'Quero adicionar' })
    .click();
  const addonPix = dialog.getByRole('region', { name: `PIX da ${BUMP}` });
  await expect(addonPix.getByTestId('pix-amount')).toHaveText('R$ 9,90');
  await payOnSandbox(context, addonPix);
  await expect(dialog.getByText(`${BUMP} adicionada ao seu acesso.`)).toBeVisible({ timeout: 15_000 });
  errors();
  await page.close();
}

/** The latest access e-mail (sent again with both items after the add-on) and its "Pedir reembolso" link. */
async function refundLinkFor(email: string): Promise<string> {
  const withItems = () => mailsTo(server, email).filter((mail) => mail.subject === ACCESS_SUBJECT && mail.html.includes('Itens do pedido'));
  await expect.poll(() => withItems().length, { timeout: 20_000 }).toBe(1);
  const mail = withItems()[0]!;
  const link = /<a\b[^>]*href="([^"]+)"[^>]*>\s*Pedir reembolso\s*<\/a>/.exec(mail.html)?.[1];
  expect(link, 'the access e-mail links "Pedir reembolso"').toBeDefined();
  expect(link).toBe(`${accessLinkIn(mail.file)}#reembolso`);
  return link!;
}

/** The buyer asks on the member page opened from the e-mail's link; returns that page. */
async function askForRefund(context: BrowserContext, refundLink: string): Promise<Page> {
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(refundLink);
  await expect(page).toHaveURL(/\/acesso#reembolso$/);
  const card = page.getByRole('region', { name: /^Garantia de 7 dias/ });
  await expect(card).toBeInViewport();
  await card.getByRole('button', { name: 'Pedir reembolso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pedir reembolso' });
  await dialog.getByRole('radio', { name: 'Esperava outra coisa' }).check();
  await dialog.getByLabel('Quer contar mais? (opcional)').fill(NOTE);
  await dialog.getByRole('button', { name: 'Confirmar pedido de reembolso' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toContainText(/Pedido de reembolso recebido em \d{2}\/\d{2}\s— você receberá um e-mail/);
  errors();
  return page;
}

test('a purchase with an add-on is refunded whole: both PIX in the console, R$ 29,80 in the e-mails and the evidence', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const buyer = { name: 'Helena Prado', email: 'helena.prado.compra@example.com' };
  const context = await presellAnsweredContext(browser, server.url);
  await buyMainThenAddon(context, buyer);
  const refundLink = await refundLinkFor(buyer.email);
  const memberPage = await askForRefund(context, refundLink);

  const received = await waitForMail(server, buyer.email, 'Recebemos seu pedido de reembolso');
  expect(received.text).toMatch(BRL('29,80'));
  expect(received.text).not.toMatch(BRL('19,90'));

  // The seller, in a browser of their own, opens the main order from the refunds to resolve.
  const seller = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
  const panel = await seller.newPage();
  const consoleErrors = watchConsole(panel);
  await signIn(panel, PASSWORD);
  await panel.getByRole('link', { name: 'Pedidos' }).click();
  await panel.getByLabel('Status').selectOption({ label: 'Reembolsos pedidos' });
  await panel.getByRole('button', { name: 'Filtrar' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^\d+ pedidos?$/ })).toBeVisible();
  await panel.getByRole('button', { name: `Ver pedido de ${buyer.name} (Reembolso pedido)`, exact: true }).click();

  const refund = panel.getByRole('region', { name: 'Reembolso' });
  await expect(refund).toContainText('Esperava outra coisa');
  await expect(refund).toContainText(NOTE);
  await expect(refund).toContainText('Pedido dentro da garantia');

  await expectNoAxeViolations(panel, undefined, ['serious', 'critical']);
  await shoot(panel, 'purchase-refund-requested', refund);

  await refund.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  const confirm = panel.getByRole('dialog', { name: /^Reembolsar R\$\s29,80\?$/ });
  await expect(confirm).toBeVisible();
  await shoot(panel, 'purchase-refund-confirm');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Reembolso aprovado. Agora devolva o valor no painel do gateway.')).toBeVisible();

  // Each PIX of the purchase with its own transaction, amount and items, then the total.
  const [mainCharge, addonCharge] = await withServerDb(server.dataDir, (db) => sandboxChargesTo(db, buyer.email));
  expect([mainCharge!.amount, addonCharge!.amount]).toEqual([1990, 990]);
  await expect(refund.getByRole('heading', { name: 'Reembolsar à mão' })).toBeVisible();
  await expect(refund).toContainText('Esta compra foi paga em mais de um PIX: reembolse cada transação pelo seu valor.');
  const steps = refund.getByRole('listitem');
  const mainStep = steps.filter({ hasText: mainCharge!.hash });
  const addonStep = steps.filter({ hasText: addonCharge!.hash });
  await expect(mainStep).toContainText(new RegExp(`Reembolse R\\$\\s19,90 \\(${MAIN}\\)`));
  await expect(addonStep).toContainText(new RegExp(`Reembolse R\\$\\s9,90 \\(${BUMP}\\)`));
  await expect(mainStep.getByRole('button', { name: 'Copiar o código da transação' })).toBeVisible();
  await expect(addonStep.getByRole('button', { name: 'Copiar o código da transação' })).toBeVisible();
  await expect(refund.getByText(/^Total a devolver:\sR\$\s29,80$/)).toBeVisible();
  await expectNoAxeViolations(panel, undefined, ['serious', 'critical']);
  await shoot(panel, 'purchase-refund-manual-steps', refund);
  await shoot(panel, 'purchase-refund-order-page', undefined, { fullPage: true });

  await refund.getByRole('button', { name: 'Marcar como reembolsado' }).click();
  await panel.getByRole('dialog', { name: 'Marcar como reembolsado?' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Pedido marcado como reembolsado.')).toBeVisible();
  await expect(refund).toContainText('O acesso do comprador foi encerrado.');
  await shoot(panel, 'purchase-refund-done', refund);

  // Both PIX went back: both orders are reversed, their refunds done.
  const orders = await withServerDb(server.dataDir, async (db) => {
    const rows = await ordersBy(db, 'buyer_email', buyer.email);
    return Promise.all(rows.map(async ({ kind, status, id }) => ({ kind, status, refund: (await findRefundRow(db, id))?.status ?? null })));
  });
  expect(orders).toEqual([
    { kind: 'main', status: 'reversed', refund: 'refunded' },
    { kind: 'addon', status: 'reversed', refund: 'refunded' },
  ]);

  // The buyer's link, opened again, says the access ended; the e-mail names the whole amount.
  await memberPage.goto(refundLink);
  await expect(memberPage).toHaveURL(/\/acesso\?encerrado/);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Acesso encerrado' })).toBeVisible();
  const done = await waitForMail(server, buyer.email, 'Reembolso feito');
  expect(done.text).toMatch(BRL('29,80'));
  expect(done.text).not.toMatch(BRL('19,90'));
  expect(mailsTo(server, buyer.email).filter((mail) => mail.subject === 'Reembolso feito')).toHaveLength(1);

  // The evidence for a dispute: the whole purchase, both charges and what was paid.
  const [download] = await Promise.all([
    panel.waitForEvent('download'),
    panel.getByRole('link', { name: 'Baixar comprovante (HTML)' }).click(),
  ]);
  const html = await fs.promises.readFile(await download.path(), 'utf8');
  const evidence = await seller.newPage();
  await evidence.setContent(html);
  const purchase = evidence.locator('section', { has: evidence.getByRole('heading', { name: 'Compra completa' }) });
  await expect(purchase).toBeVisible();
  const field = (label: string) =>
    purchase.locator('div', { has: evidence.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  await expect(field('PIX 1')).toHaveText(new RegExp(`^R\\$\\s19,90 — ${MAIN} — transação ${mainCharge!.hash}$`));
  await expect(field('PIX 2')).toHaveText(new RegExp(`^R\\$\\s9,90 — ${BUMP} — transação ${addonCharge!.hash}$`));
  await expect(field('Total pago')).toHaveText(/^R\$\s29,80$/);
  await expect(field('Total devolvido')).toHaveText(/^R\$\s29,80$/);
  await shoot(evidence, 'purchase-refund-evidence', purchase);

  consoleErrors();
  await seller.close();
  await context.close();
});

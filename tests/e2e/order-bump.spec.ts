import type { BrowserContext, Locator, Page } from '@playwright/test';
import { accessLinkIn } from './admin-helpers.ts';
import { ordersBy, sandboxChargesTo } from '../support/db-reads.ts';
import { expect, expectIslandLive, payOnSandbox, presellAnsweredContext, test, watchConsole, withServerDb } from './fixtures.ts';
import { mailsTo, shoot, waitForMail } from './mails-and-shots.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The order bump (docs/offers.md) end to end in the demo, real Chromium against the production
 * build and its sandbox gateway: the bump ticked in the checkout and paid in one PIX of R$ 29,80;
 * the bump bought after payment in a PIX of its own; "Não, obrigado". Each ends on the member page
 * (both lists, or the main one alone) and, for the add-on, on one order page listing both items.
 */
const BUMP = 'Lista de Fornecedores de Recarga';
const MAIN = 'Lista de Fornecedores Secretos Vitalícia';
const CHECKBOX = `Sim, quero a ${BUMP} por mais R$ 9,90`;
const ACCESS_SUBJECT = `Seu acesso à ${MAIN} está liberado`;

test.use({ viewport: { width: 390, height: 844 } });

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** Opens the checkout from the hero and fills the form; the bump card is left as the buyer leaves it. */
async function openCheckout(context: BrowserContext, buyer: { name: string; email: string }): Promise<{ page: Page; dialog: Locator }> {
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: MAIN });
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  // A phone of each buyer's own: the same phone is the same buyer, whose second purchase is a duplicate (docs/money.md).
  await dialog.getByLabel('WhatsApp', { exact: true }).fill(phoneOf(buyer.email));
  return { page, dialog };
}

/** A valid mobile number (21 9xxxx-xxxx) derived from the buyer's e-mail, so no two buyers of this file share one. */
function phoneOf(email: string): string {
  let hash = 0;
  for (const char of email) hash = (hash * 31 + char.charCodeAt(0)) % 100_000_000;
  return `219${String(hash).padStart(8, '0')}`;
}

/** The member page's list tabs, or none when the page shows one list. */
async function listTabs(page: Page): Promise<string[]> {
  const tabs = page.getByRole('tablist', { name: 'Suas listas' });
  if ((await tabs.count()) === 0) return [];
  return (await tabs.getByRole('tab').allTextContents()).map((text) => text.replace(/\d+ fornecedores?$/, '').trim());
}

async function openMemberPage(context: BrowserContext, email: string): Promise<Page> {
  const mail = await waitForMail(server, email, ACCESS_SUBJECT);
  const member = await context.newPage();
  await member.goto(accessLinkIn(mail.file));
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
  return member;
}

test('the bump ticked in the checkout: one PIX of R$ 29,80 with both items, and both lists on the member page', async ({ browser }) => {
  test.setTimeout(120_000);
  const buyer = { name: 'Renata Campos', email: 'renata.campos.bump@example.com' };
  const context = await presellAnsweredContext(browser, server.url);
  const { page, dialog } = await openCheckout(context, buyer);
  const errors = watchConsole(page);
  const bump = dialog.getByRole('checkbox', { name: CHECKBOX });
  await expect(bump).not.toBeChecked();
  await expect(dialog.getByTestId('checkout-total')).toHaveText('R$ 19,90');
  // The prerendered sheet's box is React's once its island is live: a tick before that was undone on a loaded machine.
  await expectIslandLive(page, 'checkout');
  await bump.check();
  await expect(dialog.getByTestId('checkout-total')).toHaveText('R$ 29,80');
  await shoot(page, 'bump-checkout-ticked', dialog);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();

  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 29,80');
  await expect(dialog.getByRole('region', { name: 'Itens do pedido' }).getByRole('listitem')).toHaveText([
    /Lista de Fornecedores Secretos Vitalícia\s*R\$\s19,90/,
    /Lista de Fornecedores de Recarga\s*R\$\s9,90/,
  ]);
  // One charge at the gateway for the sum, its cart holding both items.
  const [charge] = await withServerDb(server.dataDir, (db) => sandboxChargesTo(db, buyer.email));
  expect(charge!.amount).toBe(2980);
  expect((JSON.parse(charge!.cart!) as Array<{ price: number }>).map((line) => line.price)).toEqual([1990, 990]);

  await payOnSandbox(context, dialog);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
  // The bump was bought: no offer after payment.
  await expect(dialog.getByText('Oferta única para o seu pedido')).toHaveCount(0);
  errors();

  const member = await openMemberPage(context, buyer.email);
  expect(await listTabs(member)).toEqual(['Fornecedores Secretos', 'Fornecedores de Recarga']);
  await member.getByRole('tab', { name: /Fornecedores de Recarga/ }).click();
  await expect(member.getByRole('tabpanel').getByRole('heading', { level: 3 }).first()).toContainText('Exemplo — ');
  await shoot(member, 'bump-member-two-lists', undefined, { fullPage: false });
  await context.close();
});

test('the bump bought after payment: its own PIX in place, then both lists and one order page with both items', async ({ browser }) => {
  test.setTimeout(150_000);
  const buyer = { name: 'Tiago Moura', email: 'tiago.moura.addon@example.com' };
  const context = await presellAnsweredContext(browser, server.url);
  const { page, dialog } = await openCheckout(context, buyer);
  const errors = watchConsole(page);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
  await payOnSandbox(context, dialog);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });

  // The access link first, the one offer below it.
  const link = dialog.getByRole('link', { name: 'Acessar minha lista agora' });
  await expect(link).toBeVisible();
  const offer = dialog.getByRole('region', { name: `Quer adicionar a ${BUMP}?` });
  await expect(offer).toBeVisible();
  await expect(offer.getByText('R$ 9,90', { exact: true })).toBeVisible();
  expect((await link.boundingBox())!.y).toBeLessThan((await offer.boundingBox())!.y);
  await shoot(page, 'bump-offer-after-payment', dialog);

  // A double tap makes one PIX.
  await offer.getByRole('button', { name: 'Quero adicionar' }).dblclick();
  const addonPix = dialog.getByRole('region', { name: `PIX da ${BUMP}` });
  await expect(addonPix.getByTestId('pix-amount')).toHaveText('R$ 9,90');
  await expect(link).toBeVisible();
  const charges = await withServerDb(server.dataDir, (db) => sandboxChargesTo(db, buyer.email));
  expect(charges.map((row) => row.amount)).toEqual([1990, 990]);
  await shoot(page, 'bump-addon-pix', dialog);

  await payOnSandbox(context, addonPix);
  await expect(dialog.getByText(`${BUMP} adicionada ao seu acesso.`)).toBeVisible({ timeout: 15_000 });
  errors();

  // The access e-mail goes again, listing both items; its link opens both lists.
  const withItems = () =>
    mailsTo(server, buyer.email).filter((mail) => mail.subject === ACCESS_SUBJECT && mail.html.includes('Itens do pedido'));
  await expect.poll(() => withItems().length, { timeout: 20_000 }).toBe(1);
  const again = withItems()[0]!;
  expect(again.text).toContain(`- ${BUMP}: R$\u00a09,90`);
  const member = await context.newPage();
  await member.goto(accessLinkIn(again.file));
  await expect.poll(() => listTabs(member)).toEqual(['Fornecedores Secretos', 'Fornecedores de Recarga']);

  // One order page for the purchase, from the PIX e-mail's link.
  const order = (await withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', buyer.email))).find((row) => row.kind === 'main');
  const orderPage = await context.newPage();
  await orderPage.goto(`/pedido/${order!.public_ref}`);
  await expect(orderPage.getByRole('region', { name: 'Itens do pedido' }).getByRole('listitem')).toHaveText([
    /Lista de Fornecedores Secretos Vitalícia\s*R\$\s19,90/,
    /Lista de Fornecedores de Recarga\s*R\$\s9,90/,
  ]);
  await context.close();
});

test('"Não, obrigado" leaves everything as it was', async ({ browser }) => {
  test.setTimeout(120_000);
  const buyer = { name: 'Clara Diniz', email: 'clara.diniz.declines@example.com' };
  const context = await presellAnsweredContext(browser, server.url);
  const { page, dialog } = await openCheckout(context, buyer);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await payOnSandbox(context, dialog);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
  const offer = dialog.getByRole('region', { name: `Quer adicionar a ${BUMP}?` });
  await offer.getByRole('button', { name: 'Não, obrigado' }).click();
  await expect(dialog.getByText('Tudo certo. Seu acesso continua liberado.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Acessar minha lista agora' })).toBeVisible();
  // No second charge, the offer closed for good on the server, one list on the member page.
  expect(await withServerDb(server.dataDir, (db) => sandboxChargesTo(db, buyer.email))).toHaveLength(1);
  // The answer goes to the server as the line shows: the order records it moments later.
  await expect
    .poll(async () => (await withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', buyer.email)))[0]?.addon_answer)
    .toBe('declined');
  const member = await openMemberPage(context, buyer.email);
  await expect(member.getByLabel('Buscar fornecedor')).toBeVisible();
  expect(await listTabs(member)).toEqual([]);
  await page.close();
  await context.close();
});

test('ORDER_BUMP=off: no bump card in the checkout and no offer after payment', async ({ browser }) => {
  test.setTimeout(120_000);
  const off = await startServer({ ORDER_BUMP: 'off' });
  try {
    const context = await presellAnsweredContext(browser, off.url);
    const { dialog } = await openCheckout(context, { name: 'Bruno Lacerda', email: 'bruno.lacerda.off@example.com' });
    await expect(dialog.getByRole('button', { name: 'GERAR PIX' })).toBeVisible();
    // The WhatsApp consent is the form's only box.
    await expect(dialog.getByRole('checkbox')).toHaveCount(1);
    await expect(dialog.getByRole('checkbox', { name: CHECKBOX })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
    await payOnSandbox(context, dialog);
    await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole('link', { name: 'Acessar minha lista agora' })).toBeVisible();
    await expect(dialog.getByText('Oferta única para o seu pedido')).toHaveCount(0);
    await context.close();
  } finally {
    await off.stop();
  }
});

import type { Browser, Page } from '@playwright/test';
import { createPostgresDb } from '../integration/test-db.ts';
import { orderPageUrl } from '../../src/server/orders/order-links.ts';
import { expect, test } from './fixtures.ts';
import { mailsTo, shoot, waitForMail } from './mails-and-shots.ts';
import { accessLinkIn } from './admin-helpers.ts';
import { openShop, orderOf, ordersOf, type Shop } from './open-finance-shop.ts';
import { PRODUCT, tapForPix, type Buyer } from './provider-rigs.ts';

/**
 * JSR on a phone (docs/payments.md#jsr-the-add-on-in-one-tap), against the production build and Efí's stand-ins:
 * paid in the bank's app, the buyer saves the bank ("Salvar para pagar com biometria", approved at the bank), then
 * "Quero adicionar" goes straight to the bank's confirmation, with no bank to choose and no CPF typed, and comes
 * back paid; the member page shows the vínculo and removes it. Refused at that confirmation, the add-on is no dead
 * end: why, its PIX and the bank again, in the same tab, after a reload and in another browser; its PIX pays it.
 */

const ACCESS_SUBJECT = `Seu acesso à ${PRODUCT} está liberado`;
const BUMP = 'Lista de Fornecedores de Recarga';
const PHONE = { width: 390, height: 844 };
const BANK = 'Banco Stand-in';
const CONFIRMED_WITHIN_MS = 10_000;

const phoneContext = (browser: Browser, shop: Shop) =>
  browser.newContext({ baseURL: shop.server.url, viewport: PHONE, isMobile: true, hasTouch: true });

/** A phone's checkout paid in the bank's app at BANK, approved there; the order it made. */
async function paidInTheBankApp(page: Page, shop: Shop, buyer: Buyer) {
  const { dialog } = await tapForPix(page, buyer);
  await dialog.getByRole('button', { name: 'Pagar no app do banco' }).click();
  await dialog.getByRole('list', { name: 'Escolha o seu banco' }).getByRole('button', { name: BANK }).click();
  await page.waitForURL(`${shop.bank.bankUrl}/**`);
  await page.getByRole('button', { name: 'Aprovar' }).click();
  return orderOf(shop, buyer.email);
}

/** Paid in the bank's app, then the bank kept for next time ("Salvar para pagar com biometria", approved at the bank). */
async function paidAndLinked(page: Page, shop: Shop, buyer: Buyer) {
  const order = await paidInTheBankApp(page, shop, buyer);
  await expect(page.getByRole('heading', { name: /^Pagamento confirmado/ })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });

  const save = page.getByRole('button', { name: 'Salvar para pagar com biometria' });
  await expect(save).toBeVisible();
  await shoot(page, 'jsr-save', page.getByRole('region', { name: 'Pagar o próximo com biometria' }));
  await save.click();
  await page.waitForURL(`${shop.bank.bankUrl}/**`);
  await expect(page.getByText('Vincular sua conta para pagar com biometria')).toBeVisible();
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?vinculo=salvo$`));
  await expect(page.getByText('Pronto: sua conta está vinculada.', { exact: false })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
  await expect(save).toBeHidden();
  return order;
}

async function addonInOneTap(browser: Browser, shop: Shop, tag: string) {
  const buyer = { name: 'Marina Duarte', email: `marina.${tag}@example.com` };
  const context = await phoneContext(browser, shop);
  try {
    const page = await context.newPage();
    const order = await paidAndLinked(page, shop, buyer);

    // The add-on: one tap to the bank's confirmation, nothing to choose or type.
    const offer = page.getByRole('region', { name: /Quer adicionar/ });
    await expect(offer.getByText('Pague com biometria no app do seu banco', { exact: false })).toBeVisible();
    await shoot(page, 'jsr-addon-offer', offer);
    await offer.getByRole('button', { name: 'Quero adicionar' }).click();
    await page.waitForURL(`${shop.bank.bankUrl}/**`);
    const jsr = [...shop.bank.payments.values()].filter((payment) => payment.jsr);
    expect(jsr).toHaveLength(1);
    expect(jsr[0]!.body).not.toHaveProperty('pagador');
    await expect(page.getByText('Pagamento de R$ 9,90')).toBeVisible();
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?banco=pago&adicional=1$`));
    await expect(page.getByText('Adicional pago com biometria.', { exact: false })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    await shoot(page, 'jsr-addon-paid', undefined, { fullPage: true });

    // The member page: the vínculo, and its removal (revoked at Efí).
    const mail = await waitForMail(shop.server, buyer.email, ACCESS_SUBJECT);
    await page.goto(accessLinkIn(mail.file));
    const line = page.getByRole('region', { name: 'Pagamento por biometria' });
    await expect(line.getByText(`Sua conta em ${BANK} está vinculada`, { exact: false })).toBeVisible();
    await shoot(page, 'jsr-member-line', line);
    await line.getByRole('button', { name: 'Remover vínculo' }).click();
    await expect(line.getByRole('status')).toHaveText(/Vínculo removido/);
    expect([...shop.bank.links.values()].map((link) => link.status)).toEqual(['revogado']);
  } finally {
    await context.close();
  }
}

/**
 * "Recusar" at the add-on's biometric confirmation: back on the purchase's page, the message, the add-on's PIX (QR and
 * copia e cola) and "Tentar de novo no app do banco", served from the order: the same after a reload and in a new
 * browser opened on the order's link; paying that PIX delivers the add-on.
 */
async function addonRefused(browser: Browser, shop: Shop, tag: string) {
  const buyer = { name: 'Nara Prado', email: `nara.${tag}@example.com` };
  const context = await phoneContext(browser, shop);
  const elsewhere = await phoneContext(browser, shop);
  try {
    const page = await context.newPage();
    const order = await paidAndLinked(page, shop, buyer);
    const refuseAtBank = async (tab: Page) => {
      await tab.waitForURL(`${shop.bank.bankUrl}/**`);
      await expect(tab.getByText('Pagamento de R$ 9,90')).toBeVisible();
      await tab.getByRole('button', { name: 'Recusar' }).click();
      await expect(tab).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?banco=recusado&adicional=1$`));
    };
    await page
      .getByRole('region', { name: /Quer adicionar/ })
      .getByRole('button', { name: 'Quero adicionar' })
      .click();
    await refuseAtBank(page);
    const [addon] = await ordersOf(shop, 'parent_order_id', order.id);
    expect(addon).toMatchObject({ status: 'pending' });

    /** What any tab of the purchase shows: why, the add-on's PIX (QR and copia e cola), and the bank again. */
    const refusedAddon = async (tab: Page) => {
      const pix = tab.getByRole('region', { name: `PIX da ${BUMP}` });
      await expect(pix.getByText('O pagamento do adicional no app do banco não foi concluído', { exact: false })).toBeVisible({
        timeout: CONFIRMED_WITHIN_MS,
      });
      await expect(pix.getByTestId('pix-amount')).toHaveText('R$ 9,90');
      await expect(pix.getByRole('button', { name: 'Copiar código PIX' })).toBeVisible();
      await pix.getByText('Pagar com outro aparelho').click();
      await expect(pix.getByTestId('pix-qr')).toBeVisible();
      await expect(pix.getByLabel('PIX copia e cola')).toHaveValue(addon!.pix_code!);
      const again = pix.getByRole('button', { name: 'Tentar de novo no app do banco' });
      await expect(again).toBeVisible();
      return { pix, again };
    };
    const { pix } = await refusedAddon(page);
    await shoot(page, 'jsr-addon-refused', pix);

    // A reload keeps it: it comes from the order, not from the tab.
    await page.reload();
    await refusedAddon(page);

    // Another browser on the order's link (as "Seu PIX está pronto" carries it): the same, and the bank again from there.
    const other = await elsewhere.newPage();
    await other.goto(orderPageUrl(shop.server.url, order));
    const { again } = await refusedAddon(other);
    await shoot(other, 'jsr-addon-refused-new-browser', undefined, { fullPage: true });
    await again.click();
    await refuseAtBank(other);
    await refusedAddon(other);
    expect([...shop.bank.payments.values()].filter((payment) => payment.jsr).map((payment) => payment.status)).toEqual([
      'rejeitado',
      'rejeitado',
    ]);

    // The add-on's PIX still pays: paid, the add-on is the buyer's.
    await shop.rig.pay(addon!.charge_id!);
    await expect(other.getByText(`${BUMP} adicionada ao seu acesso.`)).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    await expect(other.getByRole('button', { name: 'Tentar de novo no app do banco' })).toBeHidden();
    const withBoth = () =>
      mailsTo(shop.server, buyer.email).filter((mail) => mail.subject === ACCESS_SUBJECT && mail.text.includes(`- ${BUMP}: R$\u00a09,90`));
    await expect.poll(() => withBoth().length, { timeout: 20_000 }).toBe(1);
    const member = await context.newPage();
    await member.goto(accessLinkIn(withBoth()[0]!.file));
    await expect(member.getByRole('tablist', { name: 'Suas listas' }).getByRole('tab', { name: /Fornecedores de Recarga/ })).toBeVisible();
    expect((await ordersOf(shop, 'parent_order_id', order.id)).map((row) => row.status)).toEqual(['paid']);
  } finally {
    await context.close();
    await elsewhere.close();
  }
}

/**
 * Saved, then revoked at the bank before the add-on: the tap says why it falls back to the add-on's PIX, and the page
 * no longer says the account is linked, then or after a reload.
 */
async function revokedAtTheBank(browser: Browser, shop: Shop, tag: string) {
  const buyer = { name: 'Ester Revogada', email: `ester.${tag}@example.com`, phone: '21987650045', document: '11144477735' };
  const context = await phoneContext(browser, shop);
  try {
    const page = await context.newPage();
    const order = await paidInTheBankApp(page, shop, buyer);
    await page.getByRole('button', { name: 'Salvar para pagar com biometria' }).click();
    await page.waitForURL(`${shop.bank.bankUrl}/**`);
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?vinculo=salvo$`));
    const linked = page.getByText('Pronto: sua conta está vinculada.', { exact: false });
    await expect(linked).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });

    // The buyer cancels the vínculo in their bank's app.
    const link = [...shop.bank.links.values()].at(-1)!;
    link.status = 'revogado';
    const jsrPayments = () => [...shop.bank.payments.values()].filter((payment) => payment.jsr).length;
    const jsrBefore = jsrPayments();
    const offer = page.getByRole('region', { name: /Quer adicionar/ });
    await offer.getByRole('button', { name: 'Quero adicionar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'O seu banco informou que o vínculo com esta loja foi cancelado' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /^PIX da / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar código PIX' })).toBeVisible();
    await expect(linked).toBeHidden();
    expect(jsrPayments()).toBe(jsrBefore);
    await shoot(page, 'jsr-revoked-addon', undefined, { fullPage: true });

    await page.reload();
    await expect(page.getByRole('heading', { name: /^Pagamento confirmado/ })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    await expect(page.getByRole('button', { name: 'Salvar para pagar com biometria' })).toBeVisible();
    await expect(linked).toBeHidden();
  } finally {
    await context.close();
  }
}

test.describe('the add-on paid by biometrics (JSR) on a phone', () => {
  test.describe.configure({ timeout: 240_000 });

  test('on SQLite: saved after a payment in the bank app, the add-on in one tap, the vínculo removed; revoked at the bank, told', async ({
    browser,
  }) => {
    const shop = await openShop();
    try {
      await addonInOneTap(browser, shop, 'sqlite');
      await revokedAtTheBank(browser, shop, 'sqlite');
    } finally {
      await shop.stop();
    }
  });

  test('on PostgreSQL: the same', async ({ browser }) => {
    const database = await createPostgresDb();
    const shop = await openShop(database);
    try {
      await addonInOneTap(browser, shop, 'postgres');
      await revokedAtTheBank(browser, shop, 'postgres');
    } finally {
      await shop.stop();
      await database.close();
    }
  });

  test('on SQLite: the add-on refused at the bank shows why, its PIX and the bank again, in any tab; its PIX delivers it', async ({
    browser,
  }) => {
    const shop = await openShop();
    try {
      await addonRefused(browser, shop, 'sqlite');
    } finally {
      await shop.stop();
    }
  });

  test('on PostgreSQL: the add-on refused at the bank, the same', async ({ browser }) => {
    const database = await createPostgresDb();
    const shop = await openShop(database);
    try {
      await addonRefused(browser, shop, 'postgres');
    } finally {
      await shop.stop();
      await database.close();
    }
  });
});

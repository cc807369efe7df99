import type { Browser } from '@playwright/test';
import { createPostgresDb } from '../integration/test-db.ts';
import { expect, test } from './fixtures.ts';
import { shoot } from './mails-and-shots.ts';
import { openShop, orderOf, type Shop } from './open-finance-shop.ts';
import { tapForPix } from './provider-rigs.ts';

/**
 * The bank app's way back from any tab (docs/payments.md#open-finance): the bank hands the buyer back in a NEW tab
 * (a new context: no session storage of the checkout's tab), which still offers what the buying tab would. Refused at
 * the bank, "Pagar no app do banco" is offered again; approved, "Salvar para pagar com biometria" and the add-on.
 * Against the production build and Efí's Open Finance stand-in.
 */

const PHONE = { width: 390, height: 844 };
const BANK = 'Banco Stand-in';
const CONFIRMED_WITHIN_MS = 10_000;

async function wayBackInNewTab(browser: Browser, shop: Shop, tag: string) {
  const buyer = { name: 'Otávio Reis', email: `otavio.${tag}@example.com` };
  const phone = { baseURL: shop.server.url, viewport: PHONE, isMobile: true, hasTouch: true };
  const buying = await browser.newContext(phone);
  const elsewhere: Awaited<ReturnType<Browser['newContext']>>[] = [];
  /** The way back as the bank app opens it: a new page of a new context. */
  const openInNewTab = async (back: string) => {
    const context = await browser.newContext(phone);
    elsewhere.push(context);
    const page = await context.newPage();
    await page.goto(back);
    return page;
  };
  const startAtBank = async (page: Awaited<ReturnType<typeof buying.newPage>>) => {
    await page.getByRole('button', { name: 'Pagar no app do banco' }).click();
    await page.getByRole('list', { name: 'Escolha o seu banco' }).getByRole('button', { name: BANK }).click();
    await page.waitForURL(`${shop.bank.bankUrl}/**`);
    return [...shop.bank.payments.values()].at(-1)!.identificadorPagamento;
  };
  try {
    const page = await buying.newPage();
    await tapForPix(page, buyer);
    const order = await orderOf(shop, buyer.email);

    // Refused at the bank, back in a new tab: the PIX, and "Pagar no app do banco" again.
    const refusedPage = await openInNewTab(await shop.bank.decide(await startAtBank(page), false));
    await expect(refusedPage).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?banco=recusado`));
    await expect(refusedPage.getByText('O pagamento no app do banco não foi concluído', { exact: false })).toBeVisible({
      timeout: CONFIRMED_WITHIN_MS,
    });
    const again = refusedPage.getByRole('button', { name: 'Pagar no app do banco' });
    await expect(again).toBeVisible();
    await shoot(refusedPage, 'open-finance-new-tab-refused', undefined, { fullPage: true });

    // From that new tab, another try at the bank, approved: back in yet another new tab.
    const paidPage = await openInNewTab(await shop.bank.decide(await startAtBank(refusedPage), true));
    await expect(paidPage.getByRole('heading', { name: /^Pagamento confirmado/ })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    await expect(paidPage.getByRole('button', { name: 'Salvar para pagar com biometria' })).toBeVisible();
    await expect(paidPage.getByRole('region', { name: /Quer adicionar/ })).toBeVisible();
    await shoot(paidPage, 'open-finance-new-tab-paid', undefined, { fullPage: true });

    // A reload keeps them: they come from the order, not from the tab.
    await paidPage.reload();
    await expect(paidPage.getByRole('button', { name: 'Salvar para pagar com biometria' })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
  } finally {
    await buying.close();
    for (const context of elsewhere) await context.close();
  }
}

test.describe("the bank app's way back in a new tab, on a phone", () => {
  test.describe.configure({ timeout: 240_000 });

  test('on SQLite: refused, "Pagar no app do banco" again; paid, save the vínculo and the add-on, also after a reload', async ({
    browser,
  }) => {
    const shop = await openShop();
    try {
      await wayBackInNewTab(browser, shop, 'sqlite');
    } finally {
      await shop.stop();
    }
  });

  test('on PostgreSQL: the same', async ({ browser }) => {
    const database = await createPostgresDb();
    const shop = await openShop(database);
    try {
      await wayBackInNewTab(browser, shop, 'postgres');
    } finally {
      await shop.stop();
      await database.close();
    }
  });
});

import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createPostgresDb } from '../integration/test-db.ts';
import { STAND_IN_PARTICIPANTS } from '../support/providers/efi/efi-open-finance-stand-in.ts';
import { expect, test } from './fixtures.ts';
import { shoot, waitForMail } from './mails-and-shots.ts';
import { openShop, orderOf, type Shop } from './open-finance-shop.ts';
import { PRODUCT, tapForPix, type Buyer } from './provider-rigs.ts';

/**
 * "Pagar no app do banco" on a phone, against the production build, Efí's API Pix stand-in and its Open Finance
 * stand-in (whose bank page approves or refuses): the buyer picks their bank, confirms there and comes back to a
 * confirmed order, the access e-mail goes out and the PIX is cancelled at Efí; a refusal brings back a PIX code
 * that still pays (docs/payments.md#open-finance).
 */

const ACCESS_SUBJECT = `Seu acesso à ${PRODUCT} está liberado`;
const PHONE = { width: 390, height: 844 };
const BANK = 'Banco Stand-in';
const BANK_ID = STAND_IN_PARTICIPANTS.find((participant) => participant.nome === BANK)!.identificador;
/** The way back counts from the bank's approval: the order page must say so within this. */
const CONFIRMED_WITHIN_MS = 10_000;

async function phoneContext(browser: Browser, shop: Shop): Promise<BrowserContext> {
  return browser.newContext({ baseURL: shop.server.url, viewport: PHONE, isMobile: true, hasTouch: true });
}

/** The PIX panel on a phone: "Pagar no app do banco" leads, above the PIX code's own button; then the bank list. */
async function openBankList(page: Page, buyer: Buyer) {
  const { dialog, code } = await tapForPix(page, buyer);
  const bankButton = dialog.getByRole('button', { name: 'Pagar no app do banco' });
  const copyButton = dialog.getByRole('button', { name: 'Copiar código PIX' });
  await expect(bankButton).toBeVisible();
  // The panel opens at its top, not at the form's scroll ("GERAR PIX" at the bottom): its first line and the button on screen untouched.
  expect(await dialog.evaluate((sheet) => sheet.scrollTop)).toBe(0);
  for (const shown of [
    await dialog.getByText('Pagamento gerado com sucesso!', { exact: false }).boundingBox(),
    await bankButton.boundingBox(),
  ]) {
    expect(shown!.y).toBeGreaterThanOrEqual((await dialog.boundingBox())!.y);
    expect(shown!.y + shown!.height).toBeLessThanOrEqual(PHONE.height);
  }
  const [bankBox, copyBox] = [await bankButton.boundingBox(), await copyButton.boundingBox()];
  expect(bankBox!.y).toBeLessThan(copyBox!.y);
  await bankButton.click();
  const list = dialog.getByRole('list', { name: 'Escolha o seu banco' });
  await expect(list.getByRole('button')).toHaveText(['Banco Stand-in', 'Efí S.A.', 'Nu Stand-in'].map((name) => new RegExp(name)));
  return { dialog, code, list };
}

async function journey(browser: Browser, shop: Shop, tag: string) {
  const buyer = { name: 'Lúcia Andrade', email: `lucia.${tag}@example.com` };
  const context = await phoneContext(browser, shop);
  try {
    const page = await context.newPage();
    const { dialog, list } = await openBankList(page, buyer);

    // Searchable, accents and case aside.
    const search = dialog.getByRole('searchbox', { name: 'Buscar banco' });
    await search.fill('efi');
    await expect(list.getByRole('button')).toHaveText([/Efí S\.A\./]);
    await search.fill('');

    // Remembered on this device only once the buyer ticks it.
    await dialog.getByRole('checkbox', { name: 'Lembrar meu banco neste aparelho' }).check();
    await list.getByRole('button', { name: BANK }).click();
    await page.waitForURL(`${shop.bank.bankUrl}/**`);
    const order = await orderOf(shop, buyer.email);
    // The CPF typed in the checkout went with the bank's payment.
    expect([...shop.bank.payments.values()].map((held) => held.body.pagador)).toEqual([{ idParticipante: BANK_ID, cpf: '52998224725' }]);

    const approvedAt = Date.now();
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?banco=`));
    await expect(page.getByRole('heading', { name: /^Pagamento confirmado/ })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    expect(Date.now() - approvedAt).toBeLessThan(CONFIRMED_WITHIN_MS);
    expect(await page.evaluate(() => window.localStorage.getItem('vitrine_last_bank'))).toBe(BANK_ID);

    await waitForMail(shop.server, buyer.email, ACCESS_SUBJECT);
    // The order's PIX can no longer be paid: cancelled at Efí.
    await expect.poll(() => shop.rig.standIn.cob(order.charge_id!)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect((await orderOf(shop, buyer.email)).status).toBe('paid');
  } finally {
    await context.close();
  }
}

/** At the bank the buyer refuses: back on the order page, the same PIX code, which still pays. */
async function refusal(browser: Browser, shop: Shop, tag: string) {
  const buyer = { name: 'Caio Nogueira', email: `caio.${tag}@example.com` };
  const context = await phoneContext(browser, shop);
  try {
    const page = await context.newPage();
    const { code, list } = await openBankList(page, buyer);
    await list.getByRole('button', { name: BANK }).click();
    await page.waitForURL(`${shop.bank.bankUrl}/**`);
    await page.getByRole('button', { name: 'Recusar' }).click();

    const order = await orderOf(shop, buyer.email);
    await expect(page).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?banco=recusado$`));
    await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'não foi concluído' })).toBeVisible();
    await page.getByText('Pagar com outro aparelho').click();
    await expect(page.getByLabel('PIX copia e cola')).toHaveValue(code);
    // The way to try again is still there, and nothing was kept on the device without the tick.
    await expect(page.getByRole('button', { name: 'Pagar no app do banco' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('vitrine_last_bank'))).toBeNull();

    expect(shop.rig.standIn.cob(order.charge_id!)?.status).toBe('ATIVA');
    await shop.rig.pay(order.charge_id!);
    await expect(page.getByRole('heading', { name: /^Pagamento confirmado/ })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    await waitForMail(shop.server, buyer.email, ACCESS_SUBJECT);
  } finally {
    await context.close();
  }
}

/** The PIX code paid while the buyer was at the bank, then approved there too: the page the bank hands back says which payment goes back. */
async function bothWays(browser: Browser, shop: Shop, tag: string) {
  const buyer = { name: 'Rita Nogueira', email: `rita.${tag}@example.com`, phone: '21987650046', document: '39053344705' };
  const context = await phoneContext(browser, shop);
  try {
    const page = await context.newPage();
    const { list } = await openBankList(page, buyer);
    await list.getByRole('button', { name: BANK }).click();
    await page.waitForURL(`${shop.bank.bankUrl}/**`);
    const order = await orderOf(shop, buyer.email);
    // Paid with the code on another device meanwhile (its notice not yet in).
    shop.rig.standIn.pay(order.charge_id!);
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?banco=pago$`));
    await expect(page.getByRole('heading', { name: /^Pagamento confirmado/ })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    const told = page.getByText('Você pagou duas vezes', { exact: false });
    // Told on the page even when Efí's callback, not this way back, settled the payment and asked its return.
    await expect(told).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    await expect(told).toContainText('pedimos a devolução de R$ 19,90 pago no app do banco');
    await shoot(page, 'open-finance-paid-twice', told);
    await waitForMail(shop.server, buyer.email, 'Você pagou duas vezes: devolvemos o pagamento feito no app do banco');
    expect([...shop.bank.payments.values()].at(-1)!.devolucoes.map((refund) => refund.valor)).toEqual(['19.90']);
  } finally {
    await context.close();
  }
}

test.describe('paying in the bank app (Open Finance) on a phone', () => {
  test.describe.configure({ timeout: 240_000 });

  test('on SQLite: approved at the bank, confirmed on return; refused, the PIX code still pays; paid both ways, told', async ({
    browser,
  }) => {
    const shop = await openShop();
    try {
      await journey(browser, shop, 'sqlite');
      await refusal(browser, shop, 'sqlite');
      await bothWays(browser, shop, 'sqlite');
    } finally {
      await shop.stop();
    }
  });

  test('on PostgreSQL: the same journey', async ({ browser }) => {
    const database = await createPostgresDb();
    const shop = await openShop(database);
    try {
      await journey(browser, shop, 'postgres');
      await refusal(browser, shop, 'postgres');
      await bothWays(browser, shop, 'postgres');
    } finally {
      await shop.stop();
      await database.close();
    }
  });
});

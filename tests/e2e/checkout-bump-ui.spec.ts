import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Route } from '@playwright/test';
import QRCode from 'qrcode';
import type { AddonOffer, AddonPriceChangedBody, CreatedOrder, OrderStatusReply } from '../../src/shared/checkout.ts';
import { expect, test, watchConsole } from './fixtures.ts';
import { expectNoAxeViolations } from './mails-and-shots.ts';

/**
 * UI only: the order bump's screens in the browser, with the order API stubbed by page.route, so
 * the spec decides when each order is paid and how slowly the add-on answers (a second click
 * lands while the first is on its way). The real server still serves the pages, the product and
 * the public config. The end-to-end journey against the sandbox gateway is order-bump.spec.ts.
 * Screenshots go to SHOTS_DIR (default .test-output/shots, like the buyer-journey specs') for a
 * look at both widths.
 */
const SHOTS_DIR = path.resolve(process.env.SHOTS_DIR ?? '.test-output/shots');

const MAIN_ID = 'ord_ui_main';
const ADDON_ID = 'ord_ui_addon';
const main = { key: 'main' as const, title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 };
const bump = { key: 'bump' as const, title: 'Lista de Fornecedores de Recarga', priceCents: 990 };
const addonOffer: AddonOffer = {
  title: bump.title,
  pitch: 'Contatos de quem vende recarga de celular com até 80% de desconto, para você usar ou revender. Chega no mesmo acesso.',
  priceCents: 790,
  version: 0,
};

async function createdOrder(orderId: string, items: CreatedOrder['items']): Promise<CreatedOrder> {
  const code = `00020126580014br.gov.bcb.pix0136${orderId}-ui-only5204000053039865802BR5913VITRINE TESTE6009SAO PAULO6304ABCD`;
  return {
    orderId,
    publicRef: `ref_${orderId.replace(/_/g, '')}00000000`,
    amountCents: items.reduce((total, item) => total + item.priceCents, 0),
    items,
    pix: { code, qrSvg: await QRCode.toString(code, { type: 'svg', margin: 1, width: 200 }), image: null },
    expiresAt: Date.now() + 30 * 60_000,
    serverTime: Date.now(),
    sandboxPayUrl: '/sandbox/pagar/ui-only',
  };
}

/**
 * The stubbed order API and what the page sent it. `repriced`: the offer as the seller published it after the page
 * showed `addonOffer`; an accept of another version is answered 409 with it, as the server does.
 */
async function stubOrderApi(page: Page, options: { twoCodes?: boolean; repriced?: AddonOffer } = {}) {
  const sent = {
    orders: [] as Array<Record<string, unknown>>,
    addonAnswers: [] as Array<{ accept: boolean; offerVersion?: number }>,
  };
  const paid = { main: false, addon: false };
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

  await page.route(/\/api\/orders$/, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    sent.orders.push(body);
    // A provider that cannot cancel the open main-only PIX: it stays, and the bump comes in a PIX of its own.
    if (options.twoCodes && body.bump === true) {
      await json(route, 201, { ...(await createdOrder(MAIN_ID, [main])), addon: await createdOrder(ADDON_ID, [bump]) });
      return;
    }
    await json(route, 201, await createdOrder(MAIN_ID, body.bump === true ? [main, bump] : [main]));
  });
  await page.route(/\/api\/orders\/[^/]+$/, async (route) => {
    const id = new URL(route.request().url()).pathname.split('/').pop();
    const reply: OrderStatusReply =
      id === ADDON_ID
        ? { status: paid.addon ? 'paid' : 'pending' }
        : paid.main
          ? { status: 'paid', accessUrl: '/acesso/ui-only', addonOffer }
          : { status: 'pending' };
    await json(route, 200, reply);
  });
  await page.route(/\/api\/orders\/[^/]+\/addon$/, async (route) => {
    const answer = route.request().postDataJSON() as { accept: boolean; offerVersion?: number };
    sent.addonAnswers.push(answer);
    // Slow enough for a second click to land while the first is on its way.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const live = options.repriced ?? addonOffer;
    if (answer.accept && answer.offerVersion !== live.version) {
      const body: AddonPriceChangedBody = { error: 'O preço foi atualizado', addonOffer: live };
      await json(route, 409, body);
      return;
    }
    await (answer.accept
      ? json(route, 201, await createdOrder(ADDON_ID, [{ ...bump, priceCents: live.priceCents }]))
      : json(route, 200, {}));
  });
  return { sent, paid };
}

async function openCheckout(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillBuyer(dialog: Locator) {
  await dialog.getByLabel('Nome completo').fill('Maria Souza');
  await dialog.getByLabel('E-mail').fill('maria.ui@example.com');
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('(11) 98765-4321');
}

const bumpBox = (dialog: Locator) =>
  dialog.getByRole('checkbox', { name: 'Sim, quero a Lista de Fornecedores de Recarga por mais R$ 9,90' });

let checkConsole: () => void;
test.beforeEach(async ({ acceptPresell, page }) => {
  checkConsole = watchConsole(page);
  await acceptPresell();
});
test.afterEach(() => checkConsole());

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`UI only, at ${viewport.width} px`, () => {
    test.use({ viewport });
    const shot = async (page: Page, name: string) => {
      fs.mkdirSync(SHOTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS_DIR, `bump-${name}-${viewport.width}.png`), animations: 'disabled' });
    };

    test('the bump card starts unticked, updates the total and sends the flag; the PIX lists both items; the offer after payment shows its PIX in place', async ({
      page,
    }) => {
      const api = await stubOrderApi(page);
      const dialog = await openCheckout(page);
      await fillBuyer(dialog);
      const box = bumpBox(dialog);
      await expect(box).not.toBeChecked();
      await expect(dialog.getByTestId('checkout-total')).toHaveText('R$ 19,90');
      await dialog.getByRole('button', { name: 'GERAR PIX' }).scrollIntoViewIfNeeded();
      await shot(page, '1-modal-bump-unticked');

      await box.check();
      await expect(dialog.getByTestId('checkout-total')).toHaveText('R$ 29,80');
      // As a keyboard user sees it: the box has its focus ring.
      await box.press('Space');
      await box.press('Space');
      await expect(box).toBeChecked();
      await shot(page, '2-modal-bump-ticked');
      await expectNoAxeViolations(page, '[role="dialog"]');

      await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
      const items = dialog.getByRole('region', { name: 'Itens do pedido' });
      await expect(items).toBeVisible();
      expect(api.sent.orders).toHaveLength(1);
      expect(api.sent.orders[0]).toMatchObject({ bump: true });
      expect(api.sent.orders[0]).not.toHaveProperty('amountCents');
      await expect(items.getByRole('listitem')).toHaveText([
        /^Lista de Fornecedores Secretos Vitalícia\s*R\$\s19,90$/,
        /^Lista de Fornecedores de Recarga\s*R\$\s9,90$/,
      ]);
      await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 29,80');
      await items.scrollIntoViewIfNeeded();
      await shot(page, '3-pix-two-items');

      // The next poll (every 4.5 s) finds the order paid.
      api.paid.main = true;
      const link = dialog.getByRole('link', { name: 'Acessar minha lista agora' });
      await expect(link).toBeVisible();
      const offer = dialog.getByRole('region', { name: 'Quer adicionar a Lista de Fornecedores de Recarga?' });
      await expect(offer).toBeVisible();
      await expect(offer.getByText('Oferta única para o seu pedido')).toBeVisible();
      await expect(offer.getByText('R$ 7,90', { exact: true })).toBeVisible();
      // The access link comes first, above the offer.
      expect((await link.boundingBox())!.y).toBeLessThan((await offer.boundingBox())!.y);
      await offer.scrollIntoViewIfNeeded();
      await shot(page, '4-after-payment-offer');
      await expectNoAxeViolations(page, '[role="dialog"]');

      await offer.getByRole('button', { name: 'Quero adicionar' }).dblclick();
      const addonPix = dialog.getByRole('region', { name: 'PIX da Lista de Fornecedores de Recarga' });
      await expect(addonPix).toBeVisible();
      expect(api.sent.addonAnswers).toEqual([{ accept: true, offerVersion: 0 }]);
      await expect(addonPix.getByTestId('pix-amount')).toHaveText('R$ 7,90');
      await expect(link).toBeVisible();
      await addonPix.scrollIntoViewIfNeeded();
      await shot(page, '5-addon-pix-in-place');

      api.paid.addon = true;
      await expect(dialog.getByText('Lista de Fornecedores de Recarga adicionada ao seu acesso.')).toBeVisible();
      await expect(link).toBeVisible();
      await shot(page, '6-addon-paid');
    });

    test('a re-checkout with the bump where the open PIX cannot be cancelled shows both codes to pay, the bump’s apart', async ({
      page,
    }) => {
      const api = await stubOrderApi(page, { twoCodes: true });
      const dialog = await openCheckout(page);
      await fillBuyer(dialog);
      await bumpBox(dialog).check();
      await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
      await expect(dialog.getByText('Seu PIX anterior continua valendo para o produto principal.', { exact: false })).toBeVisible();
      expect(api.sent.orders[0]).toMatchObject({ bump: true });
      await expect(dialog.getByRole('heading', { name: '1º PIX: produto principal — R$ 19,90' })).toBeVisible();
      await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
      const second = dialog.getByRole('region', { name: '2º PIX: Lista de Fornecedores de Recarga — R$ 9,90' });
      await expect(second).toBeVisible();
      await expect(second.getByRole('button', { name: 'Copiar código do 2º PIX' })).toBeVisible();
      await expect(second.getByText('se o primeiro vencer sem pagamento, devolvemos este valor', { exact: false })).toBeVisible();
      // The demo's "Simular" for each code: both can be paid there.
      await expect(dialog.getByRole('link', { name: 'Simular o pagamento do 2º PIX' })).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Simular o pagamento deste PIX' })).toBeVisible();
      // Nothing runs off the side at 390 px.
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await second.scrollIntoViewIfNeeded();
      await shot(page, '5-two-codes');
      await expectNoAxeViolations(page, '[role="dialog"]');
    });

    test('the upsell popup presents the bump, and its button opens the checkout with the bump ticked', async ({ page }) => {
      await page.goto('/');
      const catalogue = page.getByRole('region', { name: 'Seus apps favoritos por R$ 1,00 por mês' });
      await catalogue.getByRole('button', { name: 'QUERO ACESSO AGORA' }).click();
      const popup = page.getByRole('dialog', { name: 'R$ 100 de crédito por R$ 20' });
      await expect(popup.getByRole('heading', { name: 'Lista de Fornecedores de Recarga' })).toBeVisible();
      await expect(popup.getByText('+ R$ 9,90')).toBeVisible();
      await expect(popup.getByText('A Lista de Fornecedores de Recarga já vem marcada no pagamento.', { exact: false })).toBeAttached();
      await shot(page, '7-upsell-popup');
      await popup.getByRole('button', { name: 'Agora não' }).scrollIntoViewIfNeeded();
      await shot(page, '7b-upsell-popup-button');

      await popup.getByRole('button', { name: 'QUERO AS DUAS LISTAS' }).click();
      const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
      await expect(bumpBox(dialog)).toBeChecked();
      await expect(dialog.getByTestId('checkout-total')).toHaveText('R$ 29,80');

      // Any other way in starts unticked again.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
      await expect(bumpBox(dialog)).not.toBeChecked();
    });
  });
}

test('UI only: "Não, obrigado" sends one decline, shows the declined line and leaves the access link', async ({ page }) => {
  const api = await stubOrderApi(page);
  const dialog = await openCheckout(page);
  await fillBuyer(dialog);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
  expect(api.sent.orders[0]).toMatchObject({ bump: false });

  api.paid.main = true;
  const offer = dialog.getByRole('region', { name: 'Quer adicionar a Lista de Fornecedores de Recarga?' });
  await offer.getByRole('button', { name: 'Não, obrigado' }).dblclick();
  await expect(offer.getByRole('status')).toHaveText('Tudo certo. Seu acesso continua liberado.');
  await expect(offer.getByRole('button')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Acessar minha lista agora' })).toBeVisible();
  await expect.poll(() => api.sent.addonAnswers).toEqual([{ accept: false }]);
});

test('UI only: an offer after payment whose price the seller changed since shows the new price, and the next tap charges it', async ({
  page,
}) => {
  // The browser logs the 409 this test provokes; any other console error still fails it.
  checkConsole = watchConsole(page, [/status of 409 \(Conflict\)/]);
  const api = await stubOrderApi(page, { repriced: { ...addonOffer, priceCents: 1190, version: 1 } });
  const dialog = await openCheckout(page);
  await fillBuyer(dialog);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');

  api.paid.main = true;
  const offer = dialog.getByRole('region', { name: 'Quer adicionar a Lista de Fornecedores de Recarga?' });
  await expect(offer.getByText('R$ 7,90', { exact: true })).toBeVisible();
  await offer.getByRole('button', { name: 'Quero adicionar' }).click();
  await expect(offer.getByRole('alert')).toHaveText(/^O preço foi atualizado desde que você viu a oferta\./);
  await expect(offer.getByText('R$ 11,90', { exact: true })).toBeVisible();
  await expect(offer.getByText('R$ 7,90', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('region', { name: 'PIX da Lista de Fornecedores de Recarga' })).toHaveCount(0);

  await offer.getByRole('button', { name: 'Quero adicionar' }).click();
  const addonPix = dialog.getByRole('region', { name: 'PIX da Lista de Fornecedores de Recarga' });
  await expect(addonPix.getByTestId('pix-amount')).toHaveText('R$ 11,90');
  expect(api.sent.addonAnswers).toEqual([
    { accept: true, offerVersion: 0 },
    { accept: true, offerVersion: 1 },
  ]);
});

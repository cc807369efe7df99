import type { Browser, FrameLocator, Locator, Page } from '@playwright/test';
import { faqAccordion } from '../../src/content/faq.ts';
import { signIn } from './admin-helpers.ts';
import {
  liveVersionNumber,
  noisyPhoto,
  testOnSqliteAndCluster,
  uploadStraightToAnInstance,
  type Site,
  type Story,
} from './editor-sites.ts';
import { expect, presellAnsweredContext, test } from './fixtures.ts';

/**
 * The console's preview is the page (docs/editing.md#how-a-version-is-published): an uploaded image shows in it at a
 * phone's and a desktop's width, its FAQ answers open with no script, and the editor itself at both widths. Each story
 * runs on one server on SQLite, and on two instances behind nginx on PostgreSQL.
 */

const PASSWORD = 'senha-do-painel-e2e';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ALT = 'Celular com a lista de fornecedores aberta';
/** How long another instance may take to serve a version published through one (docs/editing.md). */
const EVERY_INSTANCE_MS = 5_000;

/** An editor at `viewport`, signed in, on Página; `liveNumber` is the version live when it opened. */
async function openConsole(browser: Browser, site: Site, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: site.consoleUrl, locale: 'pt-BR', viewport });
  const panel = await context.newPage();
  await signIn(panel, PASSWORD);
  await panel.getByRole('link', { name: 'Página' }).click();
  return { context, panel, liveNumber: await liveVersionNumber(panel) };
}

async function chooseSection(panel: Page, name: string): Promise<Locator> {
  await panel.getByLabel('Seção').selectOption({ label: name });
  const group = panel.getByRole('group', { name });
  await expect(group).toBeVisible();
  return group;
}

/** The image in the preview frame, decoded (not a broken box). */
async function expectImageLoaded(preview: FrameLocator) {
  const image = preview.getByRole('img', { name: ALT });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
}

async function uploadedImageInPreview(browser: Browser, site: Site) {
  const { context, panel } = await openConsole(browser, site, PHONE);
  await uploadStraightToAnInstance(panel, site);
  const hero = await chooseSection(panel, 'Topo da página de vendas');
  await hero
    .getByLabel('Imagem abaixo do subtítulo')
    .setInputFiles({ name: 'celular.jpg', mimeType: 'image/jpeg', buffer: await noisyPhoto(1200, 900, '#16a34a') });
  // The first upload loads sharp (on first use), and a loaded machine takes its time.
  await expect(hero.getByText('1200 × 900 px')).toBeVisible({ timeout: 60_000 });
  await hero.getByLabel('Descrição da imagem (para leitores de tela)').fill(ALT);
  await panel.getByRole('button', { name: 'Salvar rascunho e ver prévia' }).click();
  await expect(panel.getByText('Rascunho salvo.')).toBeVisible({ timeout: 45_000 });

  // The diff shows the image as its thumbnail, not its file code.
  const diff = panel.getByRole('region', { name: 'O que muda em relação à versão no ar' });
  const thumbnail = diff.locator('img');
  await expect(thumbnail).toHaveCount(1);
  await expect.poll(() => thumbnail.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect(diff.getByText(/[0-9a-f]{20}\.1200x900/)).toHaveCount(0);

  // The preview and its image come from whichever instance nginx picks, not necessarily the one that took the upload.
  const preview = panel.frameLocator('iframe[title^="Prévia"]');
  await expectImageLoaded(preview);
  await panel.getByRole('button', { name: 'Computador' }).click();
  await expect(panel.locator('iframe[title="Prévia: Página de vendas no computador"]')).toBeVisible();
  await expectImageLoaded(preview);

  // The preview runs no script: the FAQ's answers still open on a tap.
  const first = faqAccordion('7').items[0];
  const question = preview.getByText(first.question, { exact: true });
  await question.scrollIntoViewIfNeeded();
  await question.click();
  await expect(preview.getByText(first.answer.slice(0, 40), { exact: false })).toBeVisible();

  await panel.getByRole('button', { name: 'Celular' }).click();
  await panel.screenshot({ path: test.info().outputPath('page-editor-390.png'), fullPage: true });
  await panel.setViewportSize(DESKTOP);
  await expectImageLoaded(preview);
  await panel.screenshot({ path: test.info().outputPath('page-editor-1280.png'), fullPage: true });
  await context.close();
}

async function refusedFieldNamed(browser: Browser, site: Site) {
  const { context, panel } = await openConsole(browser, site, PHONE);
  const product = await chooseSection(panel, 'Produto');
  const price = product.getByLabel('Preço', { exact: true });
  await expect(product.getByText('Em reais, por exemplo 19,90.').first()).toBeVisible();
  // As sellers type it: accepted.
  await price.fill('R$ 29,90');
  await expect(product.getByText('Escreva o valor em reais', { exact: false })).toBeHidden();
  await price.fill('-5');
  await expect(product.getByText('O preço precisa ser maior que zero.')).toBeVisible();

  const hero = await chooseSection(panel, 'Topo da página de vendas');
  await hero.getByLabel('Título', { exact: true }).fill('Netflix e +30 apps por R$ 1,00, a lista de 2027');
  await panel.getByRole('button', { name: 'Salvar rascunho e ver prévia' }).click();
  await expect(panel.getByText('Há campos a corrigir em “Produto” antes de salvar. O primeiro está marcado abaixo.')).toBeVisible();
  await expect(panel.getByLabel('Seção')).toHaveValue('product');
  const refused = panel.getByRole('group', { name: 'Produto' }).getByLabel('Preço', { exact: true });
  await expect(refused).toBeFocused();
  await expect(refused).toBeInViewport();
  await context.close();
}

/** The price box set to `price`, autosaved a second after the typing stops, then published: the new live version. */
async function publishPrice(panel: Page, price: string, liveNumber: number) {
  const product = await chooseSection(panel, 'Produto');
  await product.getByLabel('Preço', { exact: true }).fill(price);
  await expect(panel.getByText('Rascunho salvo automaticamente.')).toBeVisible({ timeout: 45_000 });
  await panel.getByRole('button', { name: 'Publicar alterações' }).click();
  await expect(panel.getByText(`No ar: versão ${liveNumber + 1}`)).toBeVisible({ timeout: 60_000 });
}

async function restoreShowsPrice(browser: Browser, site: Site) {
  const { context, panel, liveNumber } = await openConsole(browser, site, PHONE);
  await publishPrice(panel, '29,90', liveNumber);

  await panel.getByRole('button', { name: 'Restaurar Conteúdo original' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Restaurar Conteúdo original?' });
  const diff = dialog.getByRole('region', { name: 'O que muda na página no ar' });
  await expect(diff.getByText('Produto · Preço', { exact: true })).toBeVisible();
  await expect(diff.getByText(/^R\$\s29,90 → R\$\s19,90$/)).toBeVisible();
  await dialog.screenshot({ path: test.info().outputPath('restore-diff-390.png') });
  // Nothing changed before the seller confirms, on any instance.
  await expect(panel.getByText(`No ar: versão ${liveNumber + 1}`)).toBeVisible();
  await expectOnEveryInstance(site, /^R\$\s29,90$/);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText(`Restaurada como versão ${liveNumber + 2}.`)).toBeVisible({ timeout: 60_000 });
  await expectOnEveryInstance(site, /^R\$\s19,90$/);
  await context.close();
}

async function priceUpdatedInView(browser: Browser, site: Site) {
  // The buyer opens the checkout and types their details at R$ 19,90 (what the previous story restored on a cluster)…
  const buyer = await presellAnsweredContext(browser, site.pageUrls.at(-1)!, { locale: 'pt-BR', viewport: PHONE });
  const page = await buyer.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await expect(dialog.getByText(/^R\$\s19,90$/).first()).toBeVisible();
  await dialog.getByLabel('Nome completo').fill('Carla Nunes');
  await dialog.getByLabel('E-mail').fill('carla@example.com');
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987650002');

  // …the seller publishes R$ 24,90, served by every instance within 5 s…
  const { context, panel, liveNumber } = await openConsole(browser, site, PHONE);
  await publishPrice(panel, '24,90', liveNumber);
  await context.close();
  await expectOnEveryInstance(site, /^R\$\s24,90$/);

  // …and the buyer taps "GERAR PIX" at the bottom of the form: the notice above it is brought into view.
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  const notice = dialog.getByRole('alert').filter({ hasText: 'O preço foi atualizado desde que você abriu a página.' });
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('price-updated-390.png') });
  await buyer.close();
}

/** The checkout's total in `/` as the server sends it now. */
async function livePrice(url: string): Promise<string | undefined> {
  const html = await (await fetch(new URL('/', url))).text();
  return /data-testid="checkout-total">([^<]*)</.exec(html)?.[1];
}

/** The checkout's total in `/` on every instance is `price` within 5 s. */
async function expectOnEveryInstance(site: Site, price: RegExp) {
  for (const url of site.pageUrls) {
    await expect(async () => expect(await livePrice(url), url).toMatch(price)).toPass({ timeout: EVERY_INSTANCE_MS });
  }
}

const STORIES: Array<[string, Story]> = [
  ['at 390 px: an uploaded image shows in the preview at both widths, and its FAQ answers open', uploadedImageInPreview],
  ['at 390 px: a refused field in another section is named, and the editor takes the seller to it', refusedFieldNamed],
  ['at 390 px: "Restaurar" shows what would change, the price spelled out, before it asks', restoreShowsPrice],
  ['at 390 px: the buyer whose checkout showed the old price sees "preço atualizado" in view', priceUpdatedInView],
];

test.describe('the page editor’s preview', () => {
  testOnSqliteAndCluster(STORIES, { ADMIN_PASSWORD: PASSWORD }, 240_000);
});

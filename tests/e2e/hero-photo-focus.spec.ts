import sharp from 'sharp';
import { imageField } from '../../src/content/offer.ts';
import { signIn } from './admin-helpers.ts';
import { expect, presellAnsweredContext, test, watchConsole } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * The point the seller taps on the hero photo stays in view where the page cuts it (docs/editing.md#images): on a
 * 1280 × 800 laptop the hero's box is a wide band across a 4:3 photo, which a centred crop would cut the top of.
 */

const PASSWORD = 'senha-do-painel-foco';
const LAPTOP = { width: 1280, height: 800 };
const PHOTO = { width: 1200, height: 900 };
/** What must not be cut off: a red square near the photo's top left corner, on a plain slate photo. */
const MARK = { left: 100, top: 40, size: 150 };
const ALT = 'Cliente mostrando a lista no celular';

async function photoWithMark(): Promise<Buffer> {
  const square = await sharp({ create: { width: MARK.size, height: MARK.size, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { ...PHOTO, channels: 3, background: '#334155' } })
    .composite([{ input: square, left: MARK.left, top: MARK.top }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** How many pixels of the screenshot `png` are the mark's red. */
async function redPixels(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let at = 0; at < data.length; at += info.channels) if (data[at]! > 180 && data[at + 1]! < 90 && data[at + 2]! < 90) count++;
  return count;
}

test('at 1280×800: the point the seller tapped on the hero photo stays in view on the published page', async ({ browser }) => {
  test.setTimeout(240_000);
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  try {
    const seller = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: LAPTOP });
    const panel = await seller.newPage();
    const consoleErrors = watchConsole(panel);
    await signIn(panel, PASSWORD);
    await panel.getByRole('link', { name: 'Página' }).click();
    await panel.getByLabel('Seção').selectOption({ label: 'Topo da página de vendas' });
    const hero = panel.getByRole('group', { name: 'Topo da página de vendas' });
    await hero
      .getByLabel('Imagem abaixo do subtítulo')
      .setInputFiles({ name: 'cliente.jpg', mimeType: 'image/jpeg', buffer: await photoWithMark() });
    await expect(hero.getByText(imageField.size(PHOTO.width, PHOTO.height))).toBeVisible({ timeout: 60_000 });
    await hero.getByLabel('Descrição da imagem (para leitores de tela)').fill(ALT);
    await expect(hero.getByText(imageField.focusCentre)).toBeVisible();

    // The seller taps the red square on the thumbnail.
    const picker = hero.getByRole('button', { name: imageField.focus });
    const thumbnail = (await picker.boundingBox())!;
    const centre = { x: (MARK.left + MARK.size / 2) / PHOTO.width, y: (MARK.top + MARK.size / 2) / PHOTO.height };
    await picker.click({ position: { x: thumbnail.width * centre.x, y: thumbnail.height * centre.y } });
    const said = hero.getByText(/^Ponto à vista: \d+% da esquerda, \d+% do alto\.$/);
    await expect(said).toBeVisible();
    const [x, y] = /(\d+)% da esquerda, (\d+)% do alto/
      .exec((await said.textContent()) ?? '')!
      .slice(1)
      .map(Number);
    expect(Math.abs(x! - centre.x * 100)).toBeLessThanOrEqual(2);
    expect(Math.abs(y! - centre.y * 100)).toBeLessThanOrEqual(2);

    await expect(panel.getByText('Rascunho salvo automaticamente.')).toBeVisible({ timeout: 45_000 });
    await panel.getByRole('button', { name: 'Publicar alterações' }).click();
    await expect(panel.getByText('Publicado: versão 1. A página já está no ar.')).toBeVisible({ timeout: 60_000 });
    consoleErrors();
    await seller.close();

    // A visitor on a laptop: the hero's box cuts the photo to a band, and the red square is in it, whole.
    const visitor = await presellAnsweredContext(browser, server.url, { locale: 'pt-BR', viewport: LAPTOP });
    const page = await visitor.newPage();
    const pageErrors = watchConsole(page);
    await page.goto('/');
    const image = page.getByRole('img', { name: ALT });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
    const box = (await image.boundingBox())!;
    // Cut, not squeezed: the box is wider than the photo's 4:3, so part of its height is out of view.
    expect(box.width / box.height).toBeGreaterThan(PHOTO.width / PHOTO.height);
    const scale = Math.max(box.width / PHOTO.width, box.height / PHOTO.height);
    const markArea = (MARK.size * scale) ** 2;
    expect(await redPixels(await image.screenshot())).toBeGreaterThan(0.8 * markArea);
    pageErrors();
    await visitor.close();
  } finally {
    await server.stop();
  }
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectIslandLive, holdRequests, test } from './fixtures.ts';

/**
 * The landing page's checkout form is in the document before the buy tap (docs/landing-page.md):
 * the tap opens it from the page's head script (lib/checkout-opener.ts), the buyer types at once, and the checkout's code
 * takes over what was typed when it arrives. Its chunk is held here, as a slow phone would wait for it.
 */

const CHECKOUT_CHUNK = /\/assets\/payment-modal-[\w-]+\.js$/;

const buyButton = (page: Page) => page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' });
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });

/** The order requests the page makes from now on. */
function orderRequests(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/** `/` with `held` requests kept back until the returned release, once its buy buttons are live. */
async function openLandingHolding(page: Page, held: RegExp): Promise<() => void> {
  const release = await holdRequests(page, held);
  await page.goto('/');
  await expectIslandLive(page, 'buy-button');
  return release;
}

async function caretOf(page: Page): Promise<{ name: string | null; caret: number | null }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active instanceof HTMLInputElement ? { name: active.name, caret: active.selectionStart } : { name: null, caret: null };
  });
}

test.beforeEach(async ({ acceptPresell }) => {
  await acceptPresell();
});

test("text typed before the checkout's code arrives is kept with its focus and caret, and one submit makes one PIX", async ({ page }) => {
  const orders = orderRequests(page);
  const release = await openLandingHolding(page, CHECKOUT_CHUNK);
  await buyButton(page).click();
  const dialog = checkoutDialog(page);
  const name = dialog.getByLabel('Nome completo');
  await expect(name).toBeEditable();
  await name.pressSequentially('Maria Sous');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-island="checkout"]')).not.toHaveAttribute('data-hydrated');

  release();
  await expectIslandLive(page, 'checkout');
  await expect(dialog).not.toHaveAttribute('aria-busy');
  await expect(name).toHaveValue('Maria Sous');
  expect(await caretOf(page)).toEqual({ name: 'name', caret: 9 });
  // The next key lands where the caret was, in the live form.
  await page.keyboard.type('z');
  await expect(name).toHaveValue('Maria Souzs');

  await dialog.getByLabel('E-mail').fill('maria.prerendered@example.com');
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('(11) 98765-1201');
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  await expect(dialog.getByLabel('PIX copia e cola')).toHaveCount(1);
  expect(orders).toHaveLength(1);
  expect(JSON.parse(orders[0]!)).toMatchObject({ name: 'Maria Souzs', email: 'maria.prerendered@example.com' });
});

test("a phone typed before the checkout's code arrives is formatted as the code takes the form over", async ({ page }) => {
  const release = await openLandingHolding(page, CHECKOUT_CHUNK);
  await buyButton(page).click();
  const phone = checkoutDialog(page).getByLabel('WhatsApp', { exact: true });
  await expect(phone).toBeEditable();
  await phone.pressSequentially('11987654321');
  await expect(page.locator('[data-island="checkout"]')).not.toHaveAttribute('data-hydrated');
  await expect(phone).toHaveValue('11987654321');

  release();
  await expectIslandLive(page, 'checkout');
  await expect(phone).toHaveValue('(11) 98765-4321');
});

test("a short phone typed and left before the checkout's code arrives is called invalid as the code takes the form over", async ({
  page,
}) => {
  const release = await openLandingHolding(page, CHECKOUT_CHUNK);
  await buyButton(page).click();
  const dialog = checkoutDialog(page);
  const phone = dialog.getByLabel('WhatsApp', { exact: true });
  await expect(phone).toBeEditable();
  await phone.pressSequentially('1234567');
  // Left for the next field, still before the code: the name is where the buyer is now.
  await dialog.getByLabel('Nome completo').pressSequentially('Maria');
  await expect(page.locator('[data-island="checkout"]')).not.toHaveAttribute('data-hydrated');

  release();
  await expectIslandLive(page, 'checkout');
  await expect(dialog.getByText('Telefone inválido')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  // The field being typed in says nothing yet: the buyer has not left it.
  await expect(dialog.getByLabel('Nome completo')).not.toHaveAttribute('aria-invalid', 'true');
});

test('a buy tap before the rest of the stylesheet is in shows the checkout once it is, styled and focused, never as a bare form', async ({
  page,
}) => {
  const orders = orderRequests(page);
  // The sheet's rules come with the rest of the stylesheet, which the page fetches after its first paint.
  const release = await openLandingHolding(page, /\/assets\/index-[\w-]+\.css$/);
  await buyButton(page).first().click();
  const dialog = page.locator('#checkout');
  await expect(dialog).toHaveAttribute('open');
  // Open but not drawn: no unstyled form at the end of the page, and the page was not scrolled to one.
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  release();
  const name = checkoutDialog(page).getByLabel('Nome completo');
  await expect(name).toBeVisible();
  expect(await dialog.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
  await expectIslandLive(page, 'checkout');
  await expect(checkoutDialog(page).getByRole('button', { name: 'Fechar' })).toBeFocused();
  await name.fill('Maria Estilo');
  await checkoutDialog(page).getByLabel('E-mail').fill('maria.estilo@example.com');
  await checkoutDialog(page).getByLabel('WhatsApp', { exact: true }).fill('(11) 98765-1202');
  await checkoutDialog(page).getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(checkoutDialog(page).getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  expect(orders).toHaveLength(1);
});

test('a submit before the code arrives waits for the browser’s own checks, then is held and sent once, with the boxes as ticked', async ({
  page,
}) => {
  const orders = orderRequests(page);
  const release = await openLandingHolding(page, CHECKOUT_CHUNK);
  await buyButton(page).click();
  const dialog = checkoutDialog(page);
  const submit = dialog.getByRole('button', { name: 'GERAR PIX' });

  await dialog.getByLabel('Nome completo').fill('Maria Souza');
  await dialog.getByLabel('E-mail').fill('maria.held@');
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('11987651202');
  await submit.click();
  // The address is refused by the field itself: nothing is held for later.
  expect(await dialog.getByLabel('E-mail').evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  expect(await page.evaluate(() => '__vEarly' in window)).toBe(false);

  await dialog.getByLabel('E-mail').fill('maria.held@example.com');
  await dialog.getByRole('checkbox', { name: 'Quero receber o PIX e o acesso pelo WhatsApp' }).check();
  await dialog.getByRole('checkbox', { name: /Sim, quero a Lista de Fornecedores de Recarga/ }).check();
  // Twice, as an impatient buyer does: one order all the same.
  await submit.click();
  await submit.click();
  await page.waitForTimeout(500);
  expect(orders).toHaveLength(0);

  release();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(orders).toHaveLength(1);
  expect(JSON.parse(orders[0]!)).toMatchObject({
    name: 'Maria Souza',
    email: 'maria.held@example.com',
    // Formatted as the code took the form over, as a phone typed in the live form is sent.
    phone: '(11) 98765-1202',
    whatsappConsent: true,
  });
  expect(orders[0]).toMatch(/"bump[^"]*":\s*(true|"[^"]+")/i);
});

test('before its code the checkout closes by its button and by Escape, and axe finds nothing serious open, before and after', async ({
  page,
}) => {
  const release = await openLandingHolding(page, CHECKOUT_CHUNK);
  const dialog = checkoutDialog(page);
  // Read once the sheet has finished sliding and fading in: mid-animation its text is a faded copy of itself.
  const settled = () =>
    dialog.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))),
    );
  const serious = async () =>
    (await settled(), await new AxeBuilder({ page }).include('#checkout').analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);

  await buyButton(page).click();
  await expect(dialog).toBeVisible();
  expect(await serious()).toEqual([]);
  // The page under it does not scroll.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await expect(buyButton(page)).toBeFocused();

  await buyButton(page).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  release();
  await expectIslandLive(page, 'checkout');
  await buyButton(page).click();
  await expect(dialog.getByLabel('Nome completo')).toBeEditable();
  expect(await serious()).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buyButton(page)).toBeFocused();
});

test('opened by the tap, the sheet is modal once painted: the page behind is inert, Tab stays in it, a tap outside closes it', async ({
  page,
}) => {
  const release = await openLandingHolding(page, CHECKOUT_CHUNK);
  const dialog = checkoutDialog(page);
  const inertBefore = await page.evaluate(() => [...document.querySelectorAll('[inert]')].map((element) => element.outerHTML.slice(0, 80)));
  await buyButton(page).click();
  await expect(dialog).toBeVisible();
  // Not the browser's modal (that recalculation left the tap's frame), and still modal to the buyer.
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(false);
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect.poll(() => buyButton(page).evaluate((button) => button.closest('[inert]') !== null)).toBe(true);
  // Past its last field focus leaves the document (the browser's own controls), as from a modal; never to the page.
  let inside = 0;
  for (let press = 0; press < 25; press++) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((element) =>
      element.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body ? 'none' : 'page',
    );
    expect(where).not.toBe('page');
    if (where === 'dialog') inside++;
  }
  expect(inside).toBeGreaterThan(15);
  // Above the sheet, on a phone: the shade, which closes it as the backdrop did.
  await page.mouse.click(20, 20);
  await expect(dialog).toBeHidden();
  // What it made inert is live again (what was inert before stays so).
  expect(await page.evaluate(() => [...document.querySelectorAll('[inert]')].map((element) => element.outerHTML.slice(0, 80)))).toEqual(
    inertBefore,
  );
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  await expect(buyButton(page)).toBeFocused();
  release();
});

/** The sheet's opacity and animation in each of the first four frames after the buy tap; it must then be fully shown. */
async function sheetFramesAfterTap(page: Page): Promise<Array<{ opacity: string; animation: string }>> {
  await page.evaluate(() => {
    const log: Array<{ opacity: string; animation: string }> = [];
    (window as unknown as { __sheetFrames: typeof log }).__sheetFrames = log;
    // Before the head script's listener: the frames watched are the ones after the tap's task.
    window.addEventListener(
      'click',
      () => {
        const sheet = document.getElementById('checkout')!;
        const watch = () => {
          const style = getComputedStyle(sheet);
          log.push({ opacity: style.opacity, animation: style.animationName });
          if (log.length < 4) requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      },
      { capture: true, once: true },
    );
  });
  await buyButton(page).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __sheetFrames: unknown[] }).__sheetFrames.length)).toBe(4);
  // Never left unseen.
  await expect.poll(() => checkoutDialog(page).evaluate((sheet) => getComputedStyle(sheet).opacity)).toBe('1');
  return page.evaluate(() => (window as unknown as { __sheetFrames: Array<{ opacity: string; animation: string }> }).__sheetFrames);
}

test("the tap's frame draws the shade and leaves the sheet unpainted, and the sheet fades in from the next frame, each time it opens", async ({
  page,
}) => {
  await openLandingHolding(page, CHECKOUT_CHUNK);
  const frames = await sheetFramesAfterTap(page);
  // The tap's frame: nothing of the sheet to paint, its fade not started.
  expect(frames[0]).toEqual({ opacity: '0', animation: 'none' });
  // Once that frame is painted the page behind is inert and the sheet's fade runs.
  expect(frames.slice(1).some((frame) => frame.animation === 'sheet-in')).toBe(true);
  await expect(checkoutDialog(page).getByLabel('Nome completo')).toBeEditable();

  // Closed and opened again: the same. With reduced motion every change is a 0.01 ms transition
  // (styles.css), so the tap's frame may show the sheet at once; either way it is then shown whole.
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    await page.keyboard.press('Escape');
    await expect(checkoutDialog(page)).toBeHidden();
    await page.emulateMedia({ reducedMotion });
    const again = await sheetFramesAfterTap(page);
    if (reducedMotion === 'no-preference') expect(again[0]).toEqual({ opacity: '0', animation: 'none' });
  }
});

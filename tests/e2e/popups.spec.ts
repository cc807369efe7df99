import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, landingStarted, scriptRequests, test, watchConsole } from './fixtures.ts';

/**
 * The catalogue's popups (spec §2 section 8): the streaming popup of each tier's
 * apps, the upsell popup from both of its triggers, their accessible-dialog behaviour, their own
 * lazily loaded chunks, and the buy call inside them.
 */

function recordEvents(page: Page): () => string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') names.push((JSON.parse(request.postData() ?? '{}') as { name: string }).name);
  });
  return () => names;
}

let checkConsole: () => void;
test.beforeEach(async ({ acceptPresell, page }) => {
  checkConsole = watchConsole(page);
  await acceptPresell();
});
test.afterEach(() => checkConsole());

const catalogue = (page: Page) => page.getByRole('region', { name: 'Seus apps favoritos por R$ 1,00 por mês' });

test('an app of each tier opens its streaming popup with name, icon, prices and features; closing clears it', async ({ page }) => {
  const events = recordEvents(page);
  await page.goto('/');
  const apps = [
    { name: 'Netflix', original: 'R$ 55,90', saving: 'R$ 54,90', feature: 'Filmes, séries e produções originais' },
    { name: 'HBO Max', original: 'R$ 34,90', saving: 'R$ 33,90', feature: 'Séries e filmes da HBO e da Warner' },
    { name: 'Crunchyroll', original: 'R$ 14,90', saving: 'R$ 13,90', feature: 'Animes sem anúncios' },
    { name: 'IPTV Premium', original: 'R$ 79,90', saving: 'R$ 78,90', feature: 'Canais ao vivo, filmes e séries' },
  ];
  for (const [index, app] of apps.entries()) {
    const card = catalogue(page).getByRole('button', { name: `Ver detalhes de ${app.name}` });
    await card.click();
    const dialog = page.getByRole('dialog', { name: `${app.name} por R$ 1,00 por mês` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(app.name, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('definition').filter({ hasText: app.original })).toBeVisible();
    await expect(dialog.getByRole('definition').filter({ hasText: 'R$ 1,00' })).toBeVisible();
    await expect(dialog.getByRole('definition').filter({ hasText: app.saving })).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: app.feature })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' })).toBeVisible();
    // The page behind is locked while the popup is open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    // Alternate the ways out: the close button, then Esc.
    if (index % 2 === 0) await dialog.getByRole('button', { name: 'Fechar' }).click();
    else await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeFocused();
  }
  await expect.poll(() => events().filter((name) => name === 'view_item').length).toBe(apps.length);
});

test('the popups are their own chunks, fetched on the first click', async ({ page }) => {
  const scripts = scriptRequests(page);
  const started = landingStarted(page);
  await page.goto('/');
  await started;
  await page.waitForLoadState('networkidle');
  expect(scripts.some((script) => script.includes('streaming-popup'))).toBe(false);
  expect(scripts.some((script) => script.includes('upsell-popup'))).toBe(false);

  await catalogue(page).getByRole('button', { name: 'Ver detalhes de Spotify' }).click();
  await expect(page.getByRole('dialog', { name: 'Spotify por R$ 1,00 por mês' })).toBeVisible();
  expect(scripts.some((script) => script.includes('streaming-popup'))).toBe(true);
  expect(scripts.some((script) => script.includes('upsell-popup'))).toBe(false);
});

test('the upsell popup opens from the "Fornecedor de Recarga" card and from "QUERO ACESSO AGORA"', async ({ page }) => {
  await page.goto('/');
  for (const trigger of [
    catalogue(page).getByRole('button', { name: 'Ver detalhes de Fornecedor de Recarga' }),
    catalogue(page).getByRole('button', { name: 'QUERO ACESSO AGORA' }),
  ]) {
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'R$ 100 de crédito por R$ 20' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Fornecedor de Recarga', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('definition').filter({ hasText: 'R$ 100,00' })).toBeVisible();
    await expect(dialog.getByRole('definition').filter({ hasText: 'R$ 20,00' })).toBeVisible();
    await expect(dialog.getByText('Recargas TIM e Claro com até 80% OFF')).toBeVisible();
    // The order bump is on by default (ORDER_BUMP): the popup presents it and its button adds it.
    await expect(dialog.getByRole('heading', { name: 'Lista de Fornecedores de Recarga' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'QUERO AS DUAS LISTAS' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Agora não' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  }
});

test('the buy call in a popup closes it and opens the checkout', async ({ page }) => {
  const events = recordEvents(page);
  await page.goto('/');
  await catalogue(page).getByRole('button', { name: 'Ver detalhes de Disney+' }).click();
  const popup = page.getByRole('dialog', { name: 'Disney+ por R$ 1,00 por mês' });
  await popup.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  await expect(popup).toHaveCount(0);
  const checkout = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await expect(checkout).toBeVisible();
  await expect(checkout.getByTestId('modal-price')).toHaveText('R$ 19,90');
  await expect.poll(() => events()).toContain('begin_checkout');

  await page.keyboard.press('Escape');
  await expect(checkout).toBeHidden();
  await catalogue(page).getByRole('button', { name: 'QUERO ACESSO AGORA' }).click();
  const upsell = page.getByRole('dialog', { name: 'R$ 100 de crédito por R$ 20' });
  await upsell.getByRole('button', { name: 'QUERO AS DUAS LISTAS' }).click();
  await expect(upsell).toHaveCount(0);
  await expect(checkout).toBeVisible();
  await expect(checkout.getByRole('checkbox', { name: /Lista de Fornecedores de Recarga/ })).toBeChecked();
});

test('an open popup has no serious or critical axe-core violations', async ({ page }) => {
  await page.goto('/');
  await catalogue(page).getByRole('button', { name: 'Ver detalhes de Netflix' }).click();
  await expect(page.getByRole('dialog', { name: 'Netflix por R$ 1,00 por mês' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => violation.id)).toEqual([]);
});

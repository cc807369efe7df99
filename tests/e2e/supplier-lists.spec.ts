import type { Locator, Page } from '@playwright/test';
import { expect, test as base } from './fixtures.ts';
import { seedPaidOrder } from './member-helpers.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The order bump's list on the member page, in the demo. A fresh demo server starts both lists
 * with their example set; member-page.spec.ts replaces the main list on its server, so this spec
 * has a server of its own, under a fixture name of its own (a worker fixture is shared by name).
 */
const test = base.extend<object, { listsServer: RunningServer }>({
  listsServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ listsServer }, use) => {
    await use(listsServer.url);
  },
});

test.use({ viewport: { width: 390, height: 844 } });

const EXAMPLE_NOTE = /Estes fornecedores são exemplos fictícios do modo demonstração/;

/** The names on the supplier cards inside `scope`. */
const cardNames = (scope: Locator) => scope.getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents();

async function expectExampleList(scope: Locator) {
  await expect(scope.getByRole('note').filter({ hasText: EXAMPLE_NOTE })).toBeVisible();
  await expect(scope.getByRole('note').filter({ hasText: EXAMPLE_NOTE })).toContainText('Exemplo');
  const names = await cardNames(scope);
  expect(names.length).toBeGreaterThanOrEqual(10);
  for (const name of names) expect(name).toMatch(/^Exemplo — /);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** Whether two boxes share any area. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function demoNotice(page: Page) {
  return page.getByRole('note').filter({ hasText: 'Modo demonstração — nenhum pagamento real é cobrado' });
}

test('a buyer with the bump gets both example lists in tabs, each with its own search', async ({ page, listsServer }) => {
  const { token } = await seedPaidOrder(listsServer, 'Juliana Prado', ['main', 'bump']);
  await page.goto(`/acesso/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Juliana!' })).toBeVisible();

  const tabs = page.getByRole('tablist', { name: 'Suas listas' });
  await expect(tabs.getByRole('tab')).toHaveText([
    /^Fornecedores Secretos\s*12 fornecedores$/,
    /^Fornecedores de Recarga\s*12 fornecedores$/,
  ]);
  const mainTab = tabs.getByRole('tab', { name: /Fornecedores Secretos/ });
  const rechargeTab = tabs.getByRole('tab', { name: /Fornecedores de Recarga/ });
  await expect(mainTab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expectExampleList(panel);
  expect(await cardNames(panel)).toContain('Exemplo — Tela Cheia Streaming');

  await panel.getByLabel('Buscar fornecedor').fill('netflix');
  await expect(panel.getByText('1 de 12 fornecedores')).toBeVisible();

  // The keyboard moves between the tabs as WAI-ARIA's pattern says.
  await mainTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(rechargeTab).toBeFocused();
  await expect(rechargeTab).toHaveAttribute('aria-selected', 'true');
  await expectExampleList(page.getByRole('tabpanel'));
  expect(await cardNames(page.getByRole('tabpanel'))).toContain('Exemplo — Recarga Vivo Já');
  await expect(page.getByRole('tabpanel').getByLabel('Buscar fornecedor')).toHaveValue('');
  await page.getByRole('tabpanel').getByLabel('Buscar fornecedor').fill('vivo');
  expect(await cardNames(page.getByRole('tabpanel'))).toEqual(['Exemplo — Recarga Vivo Já']);

  // Each list kept its own search.
  await mainTab.click();
  await expect(page.getByRole('tabpanel').getByLabel('Buscar fornecedor')).toHaveValue('netflix');

  // Scrolled down the whole list (the search cleared: one card found leaves no list to scroll through, and the
  // member page's guarantee card below it), the sticky search sits below the demo notice, never under it.
  await page.getByRole('tabpanel').getByLabel('Buscar fornecedor').fill('');
  await page.mouse.wheel(0, 1200);
  const search = page.getByRole('tabpanel').getByLabel('Buscar fornecedor');
  await expect.poll(async () => (await box(search)).y).toBeLessThan(120);
  expect(overlap(await box(demoNotice(page)), await box(page.getByRole('tabpanel').getByText('Buscar fornecedor')))).toBe(false);
});

test('a buyer without the bump sees the main list only, marked as an example', async ({ page, listsServer }) => {
  const { token } = await seedPaidOrder(listsServer, 'Rafael Lima', ['main']);
  await page.goto(`/acesso/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Rafael!' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expectExampleList(page.getByRole('main'));
  const names = await cardNames(page.getByRole('main'));
  expect(names).toContain('Exemplo — Tela Cheia Streaming');
  expect(names).not.toContain('Exemplo — Recarga Vivo Já');
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the demo notice never covers the header's brand at ${viewport.width} px, before or after scrolling`, async ({
    page,
    acceptPresell,
  }) => {
    await page.setViewportSize(viewport);
    await acceptPresell();
    await page.goto('/');
    const header = page.getByRole('banner');
    const brand = header.getByRole('link', { name: 'Fornecedores Secretos' });
    const notice = demoNotice(page);
    await expect(brand).toBeVisible();
    expect(overlap(await box(notice), await box(brand))).toBe(false);

    await page.mouse.wheel(0, 700);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    // The header's shrinking is animated (300 ms): measure once it has settled.
    await page.waitForTimeout(400);
    const noticeBox = await box(notice);
    const brandBox = await box(brand);
    expect(overlap(noticeBox, brandBox)).toBe(false);
    expect(overlap(noticeBox, await box(header))).toBe(false);
    expect(brandBox.y).toBeGreaterThanOrEqual(noticeBox.y + noticeBox.height);
  });
}

import { acceptPresellIn, expect, test } from './fixtures.ts';
import { startServer } from './server.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';

/**
 * Without a gateway every page says it is a demo, from the first byte (no layout shift, no wait
 * for JavaScript); with a real gateway no page says so.
 */
const NOTICE = 'Modo demonstração — nenhum pagamento real é cobrado';

test('the demo notice is on every page and in the payment modal', async ({ page, acceptPresell, api }) => {
  for (const path of ['/presell', '/termos', '/privacidade', '/acesso', '/nao-existe']) {
    // In the HTML the server sends, before any script runs.
    expect(await (await api(path)).text(), path).toContain(NOTICE);
    await page.goto(path);
    await expect(page.getByRole('note').filter({ hasText: NOTICE }), path).toBeVisible();
  }

  await acceptPresell();
  await page.goto('/');
  await expect(page.getByRole('note').filter({ hasText: NOTICE })).toBeVisible();
  // It overlays the page frame: the hero headline starts where it would without it.
  const notice = await page.getByRole('note').filter({ hasText: NOTICE }).boundingBox();
  expect(notice?.height).toBeLessThan(40);
  expect(
    await page
      .getByRole('note')
      .filter({ hasText: NOTICE })
      .evaluate((node) => getComputedStyle(node).position),
  ).toBe('fixed');

  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await expect(dialog.getByText(NOTICE)).toBeVisible();
});

test('with a real gateway no page shows the demo notice', async ({ browser }) => {
  const server = await startServer({
    ...REAL_GATEWAY_TEST_ENV,
    PROVIDER_URL: 'http://127.0.0.1:9',
    PROVIDER_TOKEN: 'token',
    PRODUCT_HASH: 'product',
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    for (const path of ['/presell', '/termos', '/nao-existe']) {
      const response = await page.goto(path);
      expect(await response?.text(), path).not.toContain('demonstração');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByText(NOTICE)).toHaveCount(0);
    }
    await acceptPresellIn(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
    await expect(page.getByRole('dialog').getByLabel('Nome completo')).toBeVisible();
    await expect(page.getByText(NOTICE)).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
});

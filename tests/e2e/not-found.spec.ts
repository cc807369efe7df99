import { funnelCount } from '../support/db-reads.ts';
import { expect, test, withServerDb } from './fixtures.ts';

test('an unknown path gets a real 404 page, a link home and one log line', async ({ page, server }) => {
  const response = await page.goto('/ofertas/inexistente');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  const line = await server.waitForLog(/WARN Page not found .*path=\/ofertas\/inexistente/);
  expect(line).toContain('method=GET');
  expect(await withServerDb(server.dataDir, (db) => funnelCount(db, 'not_found'))).toBeGreaterThan(0);

  // The link home goes through the pre-sell gate like any other visit.
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/presell$/);
});

test('an unknown API path answers JSON 404, not the page', async ({ api }) => {
  const response = await api('/api/nada');
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: 'Recurso não encontrado.' });
});

import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ acceptPresell, page }) => {
  await acceptPresell();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the header turns solid past 50 px and the logo shrinks', async ({ page }) => {
  const header = page.getByRole('banner');
  const logoTile = header.locator('[aria-hidden="true"]').first();
  const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
  const logoWidth = async () => (await logoTile.boundingBox())!.width;

  await expect(header).toHaveAttribute('data-scrolled', 'false');
  expect(await background()).toBe('rgba(0, 0, 0, 0)');
  const wideLogo = await logoWidth();

  await page.mouse.wheel(0, 40);
  await page.waitForFunction(() => window.scrollY >= 40);
  await expect(header).toHaveAttribute('data-scrolled', 'false');

  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');
  expect(await header.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur');
  await expect.poll(logoWidth).toBeLessThan(wideLogo);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
});

test('the sticky buy bar appears only past 500 px', async ({ page }) => {
  const bar = page.getByRole('button', { name: 'GARANTIR MINHA LISTA' });
  await expect(bar).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 450));
  await page.waitForTimeout(200);
  await expect(bar).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 520));
  await expect(bar).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeHidden();
});

test('"Acesso Vitalício" with the price shows in the header only on wide screens', async ({ page }) => {
  const header = page.getByRole('banner');
  await expect(header.getByText('Acesso Vitalício')).toBeHidden();
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(header.getByText('Acesso Vitalício')).toBeVisible();
  await expect(header.getByText('R$ 19,90')).toBeVisible();
});

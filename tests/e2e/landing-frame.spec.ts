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

test('each section below the fold holds its place: its real height or a little more, phone to desktop', async ({ page }) => {
  // The sections are rendered only near the viewport (content-visibility). Their placeholder must
  // not be shorter than the content, or the content spills over the next section in layout; nor
  // much taller, or the page jumps where a browser has no scroll anchoring (Safari) as they render.
  for (const width of [360, 412, 768, 1024, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const sections = await page.locator('.deferred-section').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element as HTMLElement;
        const estimate = Number(/auto (\d+)px/.exec(getComputedStyle(box).containIntrinsicHeight)?.[1]);
        box.style.contentVisibility = 'visible';
        const height = box.getBoundingClientRect().height;
        box.style.contentVisibility = '';
        return { title: box.querySelector('h2')?.textContent ?? box.innerHTML.slice(0, 60), estimate, height };
      }),
    );
    expect(sections.length).toBeGreaterThanOrEqual(10);
    for (const section of sections) {
      expect(section.estimate, `${section.title} at ${width} px`).toBeGreaterThanOrEqual(section.height);
      // A placeholder far taller than the section would leave long blank stretches while scrolling.
      expect(section.estimate, `${section.title} at ${width} px`).toBeLessThan(section.height * 1.5);
    }
  }
});

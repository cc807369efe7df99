import sharp from 'sharp';
import { offerDefaults } from '../../src/content/offer.ts';
import type { PageImageReply } from '../../src/shared/offer.ts';
import { signInToConsole } from '../support/clients.ts';
import { consoleCall } from '../support/purchase.ts';
import { signIn } from './admin-helpers.ts';
import { startTestThroughApi } from './experiments-kit.ts';
import { expect, test } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * The installable console and its notifications (docs/notifications.md) in Chromium at 390 px against the production
 * build: the manifest is parsed and its icons load, the public pages get no worker and no manifest; a push delivered
 * through DevTools' ServiceWorker.deliverPushMessage (headless Chromium reaches no real push service) is shown with its
 * title, body and target, and that target opens the order; offline, the console opens with the last figures and their time;
 * after "Sair" the device keeps none of them.
 */
const PASSWORD = 'senha-do-painel-push-e2e';

test('the console installs, shows a push with its target, and opens offline with the last figures', async ({ browser }) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD, SELLER_NAME: 'Loja da Ana' });
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
  });
  try {
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const registrations: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const registration of updated)
        if (registration.scopeURL.endsWith('/painel') && !registration.isDeleted) registrations.push(registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');

    await signIn(page, PASSWORD);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/painel/manifest.webmanifest');
    const fetched = await page.evaluate(async (href) => {
      const manifest = (await (await fetch(href)).json()) as { display: string; start_url: string; icons: Array<{ src: string }> };
      const icons = await Promise.all(
        [...manifest.icons.map((icon) => icon.src), '/painel/apple-touch-icon.png'].map(async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return `${src} ${image.naturalWidth}`;
        }),
      );
      return { manifest, icons };
    }, manifestHref!);
    expect(fetched.manifest).toMatchObject({ display: 'standalone', start_url: '/painel#visao-geral' });
    expect(fetched.icons).toEqual([
      expect.stringMatching(/^\/painel\/icon-192\.png\?v=monograma-[0-9a-f]{8} 192$/),
      expect.stringMatching(/^\/painel\/icon-512\.png\?v=monograma-[0-9a-f]{8} 512$/),
      expect.stringMatching(/^\/painel\/icon-512-maskable\.png\?v=monograma-[0-9a-f]{8} 512$/),
      '/painel/apple-touch-icon.png 180',
    ]);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/painel');

    // The worker's push handler: the notification as the server sends it (server/push/push-delivery.ts PushMessage).
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const message = {
      title: 'Venda aprovada! R$ 19,90',
      body: 'Lista de Fornecedores Secretos Vitalícia',
      tag: 'vendas-2026-11-29',
      url: '/painel#pedidos/ord_e2e',
      silent: false,
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: registrations.at(-1)!,
      data: JSON.stringify(message),
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      );
    await expect.poll(shown).toEqual([{ title: message.title, body: message.body, tag: message.tag, url: message.url }]);
    await page.goto(message.url);
    await expect(page.getByRole('link', { name: 'Pedidos' })).toHaveAttribute('aria-current', 'page');

    // Loaded once under the worker, so it keeps the shell and the figures; then offline.
    await page.goto('/painel#visao-geral');
    const figures = page.waitForResponse((response) => response.url().endsWith('/api/admin/overview'));
    await page.reload();
    await figures;
    await expect(page.getByRole('link', { name: 'Visão geral' })).toHaveAttribute('aria-current', 'page');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /Sem conexão: mostrando os números de \d/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Seções do painel' })).toBeVisible();
    await context.setOffline(false);

    // "Sair": nothing of the figures stays on this device, neither in the page's nor in the worker's cache.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Visão geral' })).toHaveAttribute('aria-current', 'page');
    const keptFigures = () =>
      page.evaluate(async () => {
        const kept: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname);
        // The session's own answer says only "signed out" once the login form asks again.
        return kept.filter((path) => path.startsWith('/api/admin/') && path !== '/api/admin/session');
      });
    await expect.poll(keptFigures).toContain('/api/admin/overview');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByLabel('Senha do painel')).toBeVisible();
    await expect.poll(keptFigures).toEqual([]);
    // Offline, the console no longer opens on the figures it had.
    await context.setOffline(true);
    await page.reload().catch(() => undefined);
    await expect(page.getByRole('status').filter({ hasText: /Sem conexão: mostrando os números/ })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Seções do painel' })).toHaveCount(0);
    await context.setOffline(false);

    // The public pages: no manifest, no worker in control.
    const landing = await context.newPage();
    await landing.goto('/');
    expect(await landing.locator('link[rel="manifest"]').count()).toBe(0);
    expect(await landing.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  } finally {
    await context.close();
    await server.stop();
  }
});

test('the public pages, in a browser that never opened the console, fetch nothing of it and register no worker', async ({ browser }) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  try {
    for (const path of ['/', '/presell']) {
      const page = await context.newPage();
      const requested: string[] = [];
      const scripts: Array<Promise<string>> = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(
        requested.filter((each) => each.startsWith('/painel') || each.endsWith('.webmanifest')),
        path,
      ).toEqual([]);
      expect(await page.locator('link[rel="manifest"]').count(), path).toBe(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), path).toBe(0);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const code of await Promise.all(scripts)) expect(code, path).not.toContain('serviceWorker');
      await page.close();
    }
  } finally {
    await context.close();
    await server.stop();
  }
});

test("at 390 px the installed console's icons are the seller's logo, whole inside a round launcher's mask", async ({
  browser,
}, testInfo) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD, SELLER_NAME: 'Loja Azul' });
  const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  try {
    // A wide logo on a transparent background, as a designer exports it.
    const logo = await sharp({ create: { width: 640, height: 160, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160"><rect x="8" y="24" width="112" height="112" rx="24" fill="#1d4ed8"/><text x="140" y="110" font-size="72" font-family="sans-serif" font-weight="700" fill="#fff">Loja Azul</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const cookie = await signInToConsole(server.url, PASSWORD);
    const uploaded = await fetch(`${server.url}/api/admin/page/images`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'image/png' },
      body: new Uint8Array(logo),
    });
    const offer = structuredClone(offerDefaults);
    offer.look.logo = ((await uploaded.json()) as PageImageReply).ref;
    expect((await consoleCall(server.url, cookie, '/page/draft', { baseNumber: 0, offer })).status).toBe(200);
    expect((await consoleCall(server.url, cookie, '/page/publish', { baseNumber: 0 })).status).toBe(200);

    const page = await context.newPage();
    await page.goto('/painel');
    const icons = await page.evaluate(async () => {
      const manifest = (await (await fetch('/painel/manifest.webmanifest')).json()) as { icons: Array<{ src: string; purpose: string }> };
      return [
        ...manifest.icons.map((icon) => ({ src: icon.src, purpose: icon.purpose })),
        { src: '/painel/apple-touch-icon.png', purpose: 'ios' },
      ];
    });
    // A home screen as a phone draws one: each icon at 60 CSS px, the maskable one cut to a circle (the strictest launcher).
    const outside = await page.evaluate(async (list) => {
      document.body.innerHTML = '';
      const screen = document.createElement('div');
      screen.style.cssText = 'display:flex;gap:20px;padding:24px;background:#334155;flex-wrap:wrap';
      document.body.append(screen);
      let spilled = -1;
      for (const { src, purpose } of list) {
        const image = new Image();
        image.src = src;
        await image.decode();
        image.style.cssText = `width:60px;height:60px;border-radius:${purpose === 'maskable' ? '50%' : '22%'}`;
        screen.append(image);
        if (purpose !== 'maskable') continue;
        // Pixels of the logo (not the plain background) outside the safe zone, the centred circle of radius 40%.
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const draw = canvas.getContext('2d')!;
        draw.drawImage(image, 0, 0);
        const { data, width, height } = draw.getImageData(0, 0, canvas.width, canvas.height);
        const [r, g, b] = [data[0]!, data[1]!, data[2]!];
        spilled = 0;
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            if (Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) <= 0.4 * width) continue;
            const at = (y * width + x) * 4;
            if (Math.abs(data[at]! - r) + Math.abs(data[at + 1]! - g) + Math.abs(data[at + 2]! - b) > 12) spilled++;
          }
      }
      return spilled;
    }, icons);
    expect(outside).toBe(0);
    const shot = testInfo.outputPath('home-screen-390.png');
    await page.screenshot({ path: shot });
    await testInfo.attach('home screen at 390 px', { path: shot, contentType: 'image/png' });
    // The logo's blue square is in every icon: the monogram's green is not.
    const colours = await page.evaluate(() =>
      [...document.images].map((image) => {
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const draw = canvas.getContext('2d')!;
        draw.drawImage(image, 0, 0);
        const { data } = draw.getImageData(0, 0, canvas.width, canvas.height);
        let blue = 0;
        for (let at = 0; at < data.length; at += 4) if (data[at + 2]! > 180 && data[at]! < 80 && data[at + 1]! < 120) blue++;
        return blue > 0;
      }),
    );
    expect(colours).toEqual([true, true, true, true]);
  } finally {
    await context.close();
    await server.stop();
  }
});

test("a Teste A/B notification's target opens that test at 390 px, in view and outlined", async ({ browser }) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  try {
    const panel = await context.newPage();
    await signIn(panel, PASSWORD);
    await startTestThroughApi(panel, server.url, {
      page: '/',
      name: 'Título do topo',
      patch: { hero: { headline: 'Os fornecedores que as lojas grandes usam, em uma lista só', highlight: 'lista só' } },
    });
    const presell = await startTestThroughApi(panel, server.url, {
      page: '/presell',
      name: 'Título da pré-venda',
      patch: { presell: { headline: 'Quer pagar menos nos seus apps todo mês, sem perder nenhum?' } },
    });
    // The URL the server puts in the notification (server/push/push-notifications.ts), as tapping it opens it.
    await panel.goto(`/painel#testes-ab/${presell}`);
    await expect(panel.getByRole('link', { name: 'Testes A/B' })).toHaveAttribute('aria-current', 'page');
    const linked = panel.locator('[aria-current="true"]');
    await expect(linked.getByRole('article')).toHaveAccessibleName('Título da pré-venda');
    await expect(linked).toBeInViewport();
    await expect(panel.locator('[aria-current="true"]').getByRole('article', { name: 'Título do topo' })).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
});

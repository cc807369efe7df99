import { signIn } from './admin-helpers.ts';
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
      '/painel/icon-192.png?v=monograma 192',
      '/painel/icon-512.png?v=monograma 512',
      '/painel/icon-512-maskable.png?v=monograma 512',
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

import type { Page } from '@playwright/test';
import { signIn } from './admin-helpers.ts';
import { expect, test, watchConsole } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * An area of the console that fails while it shows (docs/operations.md#console-errors), in Chromium at 390 px against
 * the production build. The failure is a real one: the server's reply comes back in a shape the area cannot read (as
 * a reply from an instance of another version would). The page is never blank: the area says in Portuguese what
 * failed, the navigation and the other areas work, "Recarregar esta área" brings the area back, Página's typed text
 * comes back with it, and the server's log has one line naming the area; so do a timer's error and an unawaited
 * promise's rejection.
 */
const PASSWORD = 'senha-do-painel-erros-e2e';
const PHONE = { width: 390, height: 844 };
const HERO = 'Topo da página de vendas';
/** React prints each error a boundary caught; the test provokes them. */
const PROVOKED = [/Cannot read properties of (null|undefined)/, /error boundary/i];

/** The server's line for an error of `kind` in `area`, in either log format (`area=page` or `"area":"page"`). */
const loggedIn = (area: string, kind: string) =>
  new RegExp(`^(?=.*Console page error)(?=.*\\barea(=|":")${area}\\b)(?=.*\\bkind(=|":")${kind}\\b)`);

const notice = (page: Page, area: string) => page.getByRole('alert').filter({ hasText: `A área “${area}” parou por causa de um erro.` });

test('an area that fails says so in Portuguese, the rest of the console works, the area reloads with the typed text, and the server logs it', async ({
  browser,
}, testInfo) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  try {
    // The console's service worker would fetch the API itself, past the page's routes (Playwright's documented limit).
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: PHONE,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const noOtherErrors = watchConsole(page, PROVOKED);
    const overview = '**/api/admin/overview';
    await page.route(overview, (route) => route.fulfill({ json: { openDisputes: null } }));
    await signIn(page, PASSWORD);

    // Visão geral, the first area, fails: its notice, never an empty page.
    await expect(notice(page, 'Visão geral')).toBeVisible();
    await expect(page.getByText('Nada do que já foi salvo se perdeu.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Seções do painel' })).toBeVisible();
    expect((await page.locator('body').innerText()).trim().length).toBeGreaterThan(100);
    await page.screenshot({ path: testInfo.outputPath('area-failed-390.png'), fullPage: true });
    const logged = await server.waitForLog(loggedIn('overview', 'render'));
    expect(logged).toMatch(/\berror(=|":")TypeError\b/);
    expect(logged).not.toContain(server.url);

    // Another area works as ever, and coming back tries the failed one again.
    await page.getByRole('link', { name: 'Pedidos' }).click();
    await expect(page.getByLabel('Buscar')).toBeVisible();
    await page.getByRole('link', { name: 'Visão geral' }).click();
    await expect(notice(page, 'Visão geral')).toBeVisible();

    // Mended (the reply is right again): "Recarregar esta área" shows Visão geral, without reloading the page.
    await page.unroute(overview);
    await page.getByRole('button', { name: 'Recarregar esta área' }).click();
    await expect(page.getByText('Vagas restantes no mês')).toBeVisible();
    await expect(notice(page, 'Visão geral')).toHaveCount(0);

    // Página: the seller types key by key, the page is reloaded and the area fails; what was typed waits for it.
    await page.getByRole('link', { name: 'Página' }).click();
    await page.getByLabel('Seção').selectOption({ label: HERO });
    const subtitle = page.getByRole('group', { name: HERO }).getByLabel('Subtítulo', { exact: true });
    await subtitle.press('ControlOrMeta+a');
    await subtitle.pressSequentially('Digitado antes do erro');
    const pageState = '**/api/admin/page';
    await page.route(pageState, (route) => route.fulfill({ json: {} }));
    await page.reload();
    await expect(notice(page, 'Página')).toBeVisible();
    await expect(page.getByText('O que você digitou aqui continua guardado neste navegador')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('page-area-failed-390.png'), fullPage: true });
    await server.waitForLog(loggedIn('page', 'render'));

    await page.unroute(pageState);
    await page.getByRole('button', { name: 'Recarregar esta área' }).click();
    await page.getByLabel('Seção').selectOption({ label: HERO });
    await expect(page.getByRole('group', { name: HERO }).getByLabel('Subtítulo', { exact: true })).toHaveValue('Digitado antes do erro');
    noOtherErrors();

    // An error outside any area's rendering (a timer, a promise nobody awaited) is reported under the area on screen.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new RangeError('Falha fora da renderização');
      });
      void Promise.reject(new Error('Promessa sem tratamento'));
    });
    expect(await server.waitForLog(loggedIn('page', 'error'))).toContain('Falha fora da renderização');
    expect(await server.waitForLog(loggedIn('page', 'rejection'))).toContain('Promessa sem tratamento');
    await context.close();
  } finally {
    await server.stop();
  }
});

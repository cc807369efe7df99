import type { Browser, Page } from '@playwright/test';
import { signIn } from './admin-helpers.ts';
import { contextApi, expect, test } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * Console users by name (docs/editing.md#users) in Chromium against the production build: the owner invites an editor
 * in Usuários, the editor opens the link, sets a name and password, sees only Página, publishes a price, and the history
 * names her and the change; the owner sees each version's sales and removes her, and her open tab is signed out.
 * Each version's sales are for those who may see orders (Visão geral); a page-only editor's console never asks for them.
 */
const PASSWORD = 'senha-do-painel-usuarios-e2e';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const EDITOR = 'Marina Costa';

async function consolePage(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport });
  return context.newPage();
}

test('the owner invites an editor by e-mail; she accepts, publishes under her name, and is removed at once', async ({
  browser,
}, testInfo) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD, ADMIN_NAME: 'Ana Dona' });
  try {
    const owner = await consolePage(browser, server.url, PHONE);
    await signIn(owner, PASSWORD);
    await owner.getByRole('link', { name: 'Usuários' }).click();
    await owner.getByLabel('E-mail', { exact: true }).fill('marina@example.com');
    await expect(owner.getByRole('checkbox', { name: 'Editar a página — Convidar por e-mail' })).toBeChecked();
    await owner.getByRole('button', { name: 'Enviar convite' }).click();
    const link = (await owner.getByText(/#convite=/).textContent())!.trim();
    expect(link).toMatch(/\/painel#convite=[\w-]{43}$/);
    await owner.screenshot({ path: testInfo.outputPath('users-390.png'), fullPage: true });

    // The invitee, in a browser of her own.
    const editor = await consolePage(browser, server.url, PHONE);
    await editor.goto(link);
    await expect(editor.getByRole('heading', { name: 'Aceitar convite do painel' })).toBeVisible();
    await expect(editor.getByText('Convite para marina@example.com.', { exact: false })).toBeVisible();
    await editor.screenshot({ path: testInfo.outputPath('invite-390.png'), fullPage: true });
    await editor.getByLabel('Seu nome').fill(EDITOR);
    await editor.getByLabel('Sua senha (12 caracteres ou mais)').fill('marina-senha-forte-123');
    await editor.getByRole('button', { name: 'Criar meu acesso' }).click();
    const nav = editor.getByRole('navigation', { name: 'Seções do painel' });
    await expect(nav.getByRole('link', { name: 'Página' })).toBeVisible();
    // The page permission also opens the page's A/B tests, as the server allows.
    await expect(nav.getByRole('link', { name: 'Testes A/B' })).toBeVisible();
    // Everyone signed in chooses what rings on their own devices, and sees nothing else.
    await expect(nav.getByRole('link')).toHaveText(['Página', 'Testes A/B', 'Notificações']);
    expect(new URL(editor.url()).hash).toBe('#pagina');

    // Used once: the same link again is refused in words.
    const again = await consolePage(browser, server.url, PHONE);
    await again.goto(link);
    await expect(again.getByText('Este convite já foi usado ou expirou.', { exact: false })).toBeVisible();

    // She changes the price and publishes; the history names her and the change.
    await editor.getByLabel('Seção').selectOption({ label: 'Produto' });
    await editor.getByRole('group', { name: 'Produto' }).getByLabel('Preço', { exact: true }).fill('24,90');
    // Saved by itself a second after typing stops (the editor's autosave), then published.
    await expect(editor.getByText('Rascunho salvo automaticamente.')).toBeVisible();
    await editor.getByRole('button', { name: 'Publicar alterações' }).click();
    await expect(editor.getByText('No ar: versão 1')).toBeVisible();
    const history = editor.getByRole('region', { name: 'Histórico de versões' });
    await expect(history.getByText(`por ${EDITOR}`)).toBeVisible();
    await expect(history.getByText('Mudou: Preço R$ 19,90 → R$ 24,90')).toBeVisible();
    // Sales are not hers to see.
    await expect(editor.getByRole('region', { name: 'Vendas de cada versão' })).toHaveCount(0);

    // The owner sees each version's sales in Visão geral, at both widths.
    for (const viewport of [PHONE, DESKTOP]) {
      const seller = await consolePage(browser, server.url, viewport);
      await signIn(seller, PASSWORD);
      const figures = seller.getByRole('region', { name: 'Vendas de cada versão' });
      // A card a version on a phone, a table row on a desktop.
      const first = viewport === PHONE ? figures.getByRole('listitem').first() : figures.getByRole('row', { name: /^1 / });
      await expect(first).toBeVisible();
      await expect(first).toContainText(viewport === PHONE ? 'Versão 1' : '0 h');
      // From the top: a whole-page shot taken scrolled down draws the sticky header where the scroll left it.
      await seller.evaluate(() => window.scrollTo(0, 0));
      await seller.screenshot({ path: testInfo.outputPath(`history-${viewport.width}.png`), fullPage: true });
      if (viewport === DESKTOP) {
        await seller.getByRole('link', { name: 'Usuários' }).click();
        await expect(seller.getByRole('button', { name: `Remover ${EDITOR}` })).toBeVisible();
        await seller.evaluate(() => window.scrollTo(0, 0));
        await seller.screenshot({ path: testInfo.outputPath('users-1280.png'), fullPage: true });
      }
      await seller.context().close();
    }

    // Removed: her open tab's next request brings the sign-in form back.
    await owner.reload();
    await owner.getByRole('button', { name: `Remover ${EDITOR}` }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(owner.getByText(/^removido em/)).toBeVisible();
    await editor.getByRole('group', { name: 'Produto' }).getByLabel('Preço', { exact: true }).fill('29,90');
    // The autosave's request is refused (401): the sign-in form comes back.
    await expect(editor.getByRole('heading', { name: 'Entrar no painel' })).toBeVisible();
  } finally {
    await server.stop();
  }
});

/** An invitation sent by the owner's session and accepted in a browser of the invitee's own, at 390 px: signed in. */
async function invited(browser: Browser, owner: Page, url: string, person: { email: string; name: string; permissions: string[] }) {
  const reply = await contextApi(owner.context(), url)('/api/admin/users/invite', {
    headers: { Origin: url },
    json: { email: person.email, permissions: person.permissions },
  });
  expect(reply.status).toBe(200);
  const { link } = (await reply.json()) as { link: string };
  const page = await consolePage(browser, url, PHONE);
  // The console's polls run on the browser's clock: a poll interval passes at once.
  await page.clock.install();
  const figures: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/admin/page/figures') figures.push(response.status());
  });
  await page.goto(link);
  await page.getByLabel('Seu nome').fill(person.name);
  await page.getByLabel('Sua senha (12 caracteres ou mais)').fill('senha-forte-do-convidado-1');
  await page.getByRole('button', { name: 'Criar meu acesso' }).click();
  await expect(page.getByRole('navigation', { name: 'Seções do painel' })).toBeVisible();
  return { page, figures };
}

test("each version's sales are for those who may see orders; a page-only editor's console never asks for them", async ({ browser }) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD, ADMIN_NAME: 'Ana Dona' });
  try {
    const owner = await consolePage(browser, server.url, PHONE);
    await signIn(owner, PASSWORD);

    const editor = await invited(browser, owner, server.url, { email: 'pagina@example.com', name: 'Pedro Página', permissions: ['page'] });
    await expect(editor.page.getByRole('region', { name: 'Histórico de versões' })).toBeVisible();
    // The page's poll (15 s) comes and goes: the console reloads the page, never the sales.
    const polled = editor.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/page');
    await editor.page.clock.runFor(16_000);
    await polled;
    await editor.page.getByRole('link', { name: 'Testes A/B' }).click();
    await editor.page.clock.runFor(31_000);
    await editor.page.getByRole('link', { name: 'Página' }).click();
    await expect(editor.page.getByRole('region', { name: 'Histórico de versões' })).toBeVisible();
    expect(editor.figures.filter((status) => status === 403)).toEqual([]);
    expect(editor.figures).toEqual([]);
    await expect(editor.page.getByRole('region', { name: 'Vendas de cada versão' })).toHaveCount(0);

    // Who may see orders sees each version's figures in Visão geral, the visitors' unit said under them.
    const clerk = await invited(browser, owner, server.url, {
      email: 'pedidos@example.com',
      name: 'Paula Pedidos',
      permissions: ['orders'],
    });
    const figures = clerk.page.getByRole('region', { name: 'Vendas de cada versão' });
    await expect(figures.getByRole('listitem').first()).toContainText('Versão 0');
    await expect(figures.getByRole('listitem').first()).toContainText('Visitantes');
    await expect(figures.getByText('cada pessoa conta uma vez por dia', { exact: false })).toBeVisible();
    expect(clerk.figures).toEqual([200]);
  } finally {
    await server.stop();
  }
});

import type { Browser, Page } from '@playwright/test';
import { insertOrderRow } from '../support/db-reads.ts';
import { signIn } from './admin-helpers.ts';
import { HEADLINE_B } from './experiments-kit.ts';
import { expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The console's forms outside Página keep what the seller typed over a reload (docs/editing.md#what-a-reload-keeps),
 * typed key by key on a 390 px phone: Testes A/B's new test and Contestações' "Registrar contestação" come back with
 * "Recuperamos o que você digitou.", and are gone once sent. A buyer's e-mail typed in a search is never kept in the
 * browser. A paste longer than a field's limit stays whole, with its count and the reason it cannot be saved.
 */

const PASSWORD = 'senha-do-painel-formularios-e2e';
const PHONE = { width: 390, height: 844 };
const RESTORED = 'Recuperamos o que você digitou.';
const ORDER_ID = 'ord_formsdispute01';
const BUYER_EMAIL = 'joana.formularios@example.com';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  await withServerDb(server.dataDir, (db) => insertOrderRow(db, { id: ORDER_ID, buyer_email: BUYER_EMAIL }));
});

test.afterAll(async () => {
  await server.stop();
});

async function openConsole(browser: Browser, tab: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: PHONE });
  const panel = await context.newPage();
  await signIn(panel, PASSWORD);
  await panel.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: tab }).click();
  return panel;
}

/** Everything this browser keeps for the console, as one text. */
const keptInBrowser = (panel: Page) => panel.evaluate(() => JSON.stringify({ ...window.localStorage }));

test('Testes A/B: a new test typed key by key comes back after a reload, and is gone once started', async ({ browser }) => {
  test.setTimeout(120_000);
  const panel = await openConsole(browser, 'Testes A/B');
  const consoleErrors = watchConsole(panel);
  const name = panel.getByLabel('Nome do teste');
  await name.pressSequentially('Título do topo');
  const versionB = panel.getByRole('region', { name: 'Versão B', exact: true });
  const headline = versionB.getByLabel('Título', { exact: true });
  await headline.click();
  await headline.press('ControlOrMeta+A');
  await headline.pressSequentially(HEADLINE_B);
  const highlight = versionB.getByLabel('Trecho do título em destaque');
  await highlight.click();
  await highlight.press('ControlOrMeta+A');
  await highlight.pressSequentially('lista só');
  const lift = panel.getByLabel('Melhora que você quer achar (%)');
  await lift.click();
  await lift.press('End');
  await lift.press('Backspace');
  await lift.press('Backspace');
  await lift.pressSequentially('35');

  await panel.reload();
  await expect(panel.getByRole('status').filter({ hasText: RESTORED })).toBeVisible();
  await expect(name).toHaveValue('Título do topo');
  await expect(headline).toHaveValue(HEADLINE_B);
  await expect(highlight).toHaveValue('lista só');
  await expect(lift).toHaveValue('35');
  await expect(versionB.getByRole('region', { name: 'O que muda na versão B' })).toContainText(HEADLINE_B);

  await panel.getByRole('button', { name: 'Começar teste' }).click();
  // Starting renders every version's pages on the server: slow on a machine shared with other runs.
  await expect(panel.getByText('Teste começado. Os visitantes já recebem as versões.')).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('article', { name: 'Título do topo' })).toContainText('Em andamento');
  await panel.reload();
  await expect(panel.getByRole('article', { name: 'Título do topo' })).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(panel.getByText(RESTORED)).toHaveCount(0);
  expect(await keptInBrowser(panel)).not.toContain('Título do topo');
  consoleErrors();
});

test('Contestações: "Registrar contestação" typed key by key comes back after a reload, is gone once sent, and never keeps a buyer\'s e-mail', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const panel = await openConsole(browser, 'Contestações');
  const consoleErrors = watchConsole(panel);
  const form = panel.getByRole('region', { name: 'Registrar contestação' });
  const query = form.getByLabel('E-mail, referência ou ID E2E');
  const amount = form.getByLabel('Valor contestado (deixe vazio para o valor pago)');
  const providerId = form.getByLabel('ID da contestação no provedor (opcional)');
  await query.pressSequentially(ORDER_ID);
  await amount.pressSequentially('19,90');
  await providerId.pressSequentially('MED-2026-0042');

  await panel.reload();
  await expect(form.getByRole('status').filter({ hasText: RESTORED })).toBeVisible();
  await expect(query).toHaveValue(ORDER_ID);
  await expect(amount).toHaveValue('19,90');
  await expect(providerId).toHaveValue('MED-2026-0042');

  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^Contestação registrada no pedido / })).toBeVisible({ timeout: 60_000 });
  await panel.reload();
  await expect(query).toHaveValue('');
  await expect(amount).toHaveValue('');
  await expect(providerId).toHaveValue('');
  await expect(form.getByText(RESTORED)).toHaveCount(0);

  // A buyer's e-mail as the search: the rest of the form is kept, the address is not (personal data stays off the browser).
  await query.pressSequentially(BUYER_EMAIL);
  await amount.pressSequentially('10,00');
  await panel.reload();
  await expect(amount).toHaveValue('10,00');
  await expect(query).toHaveValue('');
  expect(await keptInBrowser(panel)).not.toContain('joana.formularios');
  consoleErrors();
});

test("Dados pessoais: a buyer's e-mail typed in the search is not kept over a reload", async ({ browser }) => {
  const panel = await openConsole(browser, 'Dados pessoais');
  const search = panel.getByLabel('E-mail do comprador');
  await search.pressSequentially(BUYER_EMAIL);
  await panel.reload();
  await expect(search).toHaveValue('');
  expect(await keptInBrowser(panel)).not.toContain('joana.formularios');
});

test("a paste longer than a field's limit stays whole, with its count and why it cannot be saved", async ({ browser }) => {
  test.setTimeout(120_000);
  const panel = await openConsole(browser, 'Testes A/B');
  const name = panel.getByLabel('Nome do teste');
  const pasted = 'Teste do título novo com a lista inteira de fornecedores secretos e o preço '.repeat(2).trim();
  expect(pasted.length).toBeGreaterThan(80);
  await name.click();
  await panel.keyboard.insertText(pasted);
  await expect(name).toHaveValue(pasted);
  await expect(panel.getByText(`${pasted.length}/80 caracteres`)).toContainText(
    'O texto passou do limite de 80 caracteres. Encurte-o para salvar.',
  );
  await panel.getByRole('button', { name: 'Começar teste' }).click();
  await expect(panel.getByRole('alert')).toContainText('Nome do teste: O texto passou do limite de 80 caracteres.');
  await expect(panel.getByText('Teste começado.')).toHaveCount(0);

  // Página's fields: the schema's words under the box, the count beside them, and nothing saved until it is shortened.
  await panel.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Página' }).click();
  const badge = panel.getByRole('group', { name: 'Topo da página de vendas' }).getByLabel('Selo', { exact: true });
  const longBadge = 'Oferta de lançamento só nesta semana para quem chegar primeiro na lista '.repeat(2).trim();
  expect(longBadge.length).toBeGreaterThan(32 + 50);
  await badge.click();
  await badge.press('ControlOrMeta+A');
  await panel.keyboard.insertText(longBadge);
  await expect(badge).toHaveValue(longBadge);
  await expect(panel.getByText(`${longBadge.length}/32 caracteres`)).toBeVisible();
  await expect(panel.getByText('Use no máximo 32 caracteres.')).toBeVisible();
});

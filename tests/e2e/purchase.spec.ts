import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseMail } from '../integration/mime.ts';
import { expect, payOnSandbox, test } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The whole offline purchase, as a newcomer would click it: pre-sell → landing → PIX in the
 * sandbox → "Simular pagamento" → confirmation in the open modal → e-mail (.eml) → member page.
 */
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
  // The seller imports the supplier list with the CLI, into the same database the server uses.
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import-suppliers.ts', 'samples/fornecedores-exemplo.csv'], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    stdio: 'pipe',
  });
});
test.afterAll(async () => {
  await server.stop();
});

test('from "Sim, quero!" to reading the list on the member page', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const purchases: unknown[] = [];
  await page.exposeFunction('recordPurchase', (detail: unknown) => purchases.push(detail));
  await page.addInitScript(() => {
    window.addEventListener('vitrine:purchase', (event) => {
      (window as unknown as { recordPurchase: (d: unknown) => void }).recordPurchase((event as CustomEvent).detail);
    });
  });

  await page.goto('/');
  await expect(page).toHaveURL(/\/presell$/);
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();

  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await dialog.getByLabel('Nome completo').fill('Joana Lima');
  await dialog.getByLabel('E-mail').fill('joana@example.com');
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987654321');
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();

  // The sandbox's payment page opens in a new tab, as a bank app would be opened.
  await payOnSandbox(context, dialog);

  // The open modal learns it within seconds (postback + polling), without a reload.
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 12_000 });
  const accessLink = dialog.getByRole('link', { name: 'Acessar minha lista agora' });
  await expect(accessLink).toHaveAttribute('href', /^\/acesso\/acc_/);
  await expect.poll(() => purchases.length).toBe(1);

  // The access e-mail was written as an .eml file (no SMTP configured) and holds a link of its own
  // ("Seu PIX está pronto", `pix-….eml`, went out at the charge: order-page.spec.ts reads it).
  const outbox = path.join(server.dataDir, 'outbox');
  const accessFiles = () =>
    fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml') && f.startsWith('access-')) : [];
  await expect.poll(() => accessFiles().length).toBe(1);
  const eml = fs.readFileSync(path.join(outbox, accessFiles()[0]!), 'utf8');
  // The modal's link (this tab only) and the e-mail's link are different tokens; both open the list.
  const href = await accessLink.getAttribute('href');
  const mailed = /https?:\/\/[^\s"<>]+(\/acesso\/acc_[\w-]+)/.exec(parseMail(eml).text)?.[1];
  expect(mailed).toMatch(/^\/acesso\/acc_/);
  expect(mailed).not.toBe(href);

  // Neither token is in the database's bytes (file and WAL): only their SHA-256 hashes are kept.
  for (const file of ['vitrine.sqlite', 'vitrine.sqlite-wal']) {
    const full = path.join(server.dataDir, file);
    const bytes = fs.existsSync(full) ? fs.readFileSync(full) : Buffer.alloc(0);
    for (const link of [href!, mailed!]) expect(bytes.includes(link.split('/').pop()!), `${file} holds a token`).toBe(false);
  }
  expect(eml).toMatch(/^To: joana@example\.com/m);
  // A demo's e-mail says no real payment was made.
  expect(parseMail(eml).text).toContain('Modo demonstração — nenhum pagamento real é cobrado');

  // Another device opens the e-mailed link: the token leaves the URL and the list shows.
  const phone = await browser.newContext({ baseURL: server.url });
  const memberPage = await phone.newPage();
  await memberPage.goto(mailed!);
  await expect(memberPage).toHaveURL(/\/acesso$/);
  await expect(memberPage.getByRole('heading', { name: 'Olá, Joana!' })).toBeVisible();
  await expect(memberPage.getByText(/^Atualizada em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(memberPage.getByText('Fornecedor Exemplo Netflix 1')).toBeVisible();
  await expect(memberPage.getByRole('heading', { name: /Streaming/ })).toBeVisible();

  // The modal's link opens the list in the buying tab too.
  const own = await context.newPage();
  await own.goto(href!);
  await expect(own.getByRole('heading', { name: 'Olá, Joana!' })).toBeVisible();
  await own.close();

  // A reload of the landing page does not report the purchase again.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(purchases).toHaveLength(1);
  await phone.close();
  await context.close();
});

test('a bad access token shows the not-found message', async ({ page }) => {
  const response = await page.goto(`${server.url}/acesso/acc_nao_existe`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Link inválido ou revogado' })).toBeVisible();
});

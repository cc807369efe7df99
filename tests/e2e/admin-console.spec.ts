import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { createPostgresDb } from '../integration/test-db.ts';
import { ageAdminLoginWindows, insertOrderRow } from '../support/db-reads.ts';
import { contextApi, expect, landingStarted, scriptRequests, test, withServerDb, type ApiCall } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';
import { accessLinkIn, buyInSandbox, emlFiles, signIn as signInWith } from './admin-helpers.ts';

/**
 * The seller's panel (/painel) in real Chromium against the production build: access, Visão
 * geral, Pedidos with their actions, Fornecedores and Saúde. Each group gets its own server, since
 * they buy, revoke and replace lists.
 */

const PASSWORD = 'senha-do-painel-e2e';
const signIn = (page: Page, password = PASSWORD) => signInWith(page, password);

/** Sale → Visão geral → search → timeline → resend / correct / revoke, each in the audit. */
async function saleAndOrderActions(server: RunningServer, context: BrowserContext) {
  const api = contextApi(context, server.url);
  const panel = await context.newPage();
  await signIn(panel);
  await expect(panel.getByLabel('Faturamento Hoje')).toHaveText('R$ 0,00');

  await buyInSandbox(context, { name: 'Joana Lima', email: 'joana@example.com' });

  // The open panel learns of the sale by itself (it refreshes every 15 s), without a reload.
  await expect(panel.getByText('Nova venda: Joana Lima, R$ 19,90')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByLabel('Faturamento Hoje')).toHaveText('R$ 19,90');
  await expect(panel.getByLabel('Faturamento Este mês')).toHaveText('R$ 19,90');
  // On a 390 px phone the day is the first screen: today, yesterday at this hour, PIX waiting, refunds, providers.
  const desktop = panel.viewportSize();
  await panel.setViewportSize({ width: 390, height: 844 });
  const day = panel.getByRole('region', { name: 'Seu dia · Hoje' });
  await expect(day).toContainText('Ontem até esta hora: R$ 0,00 · 0 vendas');
  await expect(day).toContainText('PIX esperando pagamento0');
  // The sale's charge is the fact behind the provider's line.
  await expect(day).toContainText(/TriboPay \(sandbox\)\s*cobrou às \d{2}:\d{2}/);
  const box = (await day.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (desktop) await panel.setViewportSize(desktop);
  const funnelTable = panel.getByRole('region', { name: 'Funil (últimos 30 dias)' });
  const funnel = (step: string) =>
    funnelTable
      .getByRole('row', { name: new RegExp(`^${step}`) })
      .getByRole('cell')
      .first();
  await expect(funnel('Visitas à pré-venda')).toHaveText('1');
  await expect(funnel('Checkouts iniciados')).toHaveText('1');
  await expect(funnel('Pedidos criados')).toHaveText('1');
  await expect(funnel('Pedidos pagos')).toHaveText('1');
  await expect(funnelTable.getByRole('row', { name: /^Pedidos pagos/ })).toContainText('100,0% da etapa anterior');

  // Pedidos: search by e-mail, open the order, read its timeline.
  await panel.getByRole('link', { name: 'Pedidos' }).click();
  await panel.getByLabel('Buscar').fill('joana@example');
  await panel.getByRole('button', { name: 'Filtrar' }).click();
  await expect(panel.getByRole('status').filter({ hasText: '1 pedido' })).toBeVisible();
  // The PIX provider that took the order: in the demo, the sandbox.
  const row = panel.getByRole('button', { name: 'Ver pedido de Joana Lima' });
  await expect(row).toContainText('via TriboPay (sandbox)');
  await row.click();
  await expect(panel.getByRole('term').filter({ hasText: 'Provedor de PIX' })).toBeVisible();
  await expect(panel.getByRole('definition').filter({ hasText: /^TriboPay \(sandbox\)$/ })).toBeVisible();
  const timeline = panel.getByRole('list', { name: 'Linha do tempo' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Pedido criado');
  const steps = await timeline.getByRole('listitem').allInnerTexts();
  const order = ['Pedido criado', 'Cobrança PIX gerada', 'E-mail do PIX enviado', 'Pagamento confirmado', 'E-mail de acesso enviado'].map(
    (label) => steps.findIndex((step) => step.startsWith(label)),
  );
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await expect.poll(() => emlFiles(server).length).toBe(1);
  const firstLink = accessLinkIn(emlFiles(server)[0]!);

  // "Reenviar acesso": a second e-mail, with a link that opens the member page.
  await panel.getByRole('button', { name: 'Reenviar acesso' }).click();
  await panel.getByRole('dialog', { name: 'Reenviar o acesso?' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Acesso reenviado.')).toBeVisible();
  await expect.poll(() => emlFiles(server).length).toBe(2);
  const resent = emlFiles(server).find((file) => file.includes('access_resend'))!;
  const buyer = await context.browser()!.newContext();
  const buyerPage = await buyer.newPage();
  expect((await buyerPage.goto(accessLinkIn(resent)))?.status()).toBe(200);
  await expect(buyerPage.getByRole('heading', { name: 'Olá, Joana!' })).toBeVisible();
  await buyer.close();

  // "Corrigir e-mail": the next e-mail goes to the new address.
  await panel.getByRole('button', { name: 'Corrigir e-mail' }).click();
  const correct = panel.getByRole('dialog', { name: 'Corrigir o e-mail e reenviar' });
  await correct.getByLabel('Novo e-mail').fill('joana.lima@example.com');
  await correct.getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('E-mail corrigido e acesso reenviado.')).toBeVisible();
  await expect.poll(() => emlFiles(server).length).toBe(3);
  const newest = emlFiles(server).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0]!;
  expect(fs.readFileSync(newest, 'utf8')).toMatch(/^To: joana\.lima@example\.com/m);

  // "Revogar acesso": the old link now answers 404.
  await panel.getByRole('button', { name: 'Revogar acesso' }).click();
  await panel.getByRole('dialog', { name: 'Revogar o acesso?' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Acesso revogado.')).toBeVisible();
  expect((await api(firstLink)).status).toBe(404);

  // The buyer's visit through the resent link is on the timeline too, beside the first: each opening is kept.
  await expect(timeline.getByText('Página de membro aberta')).toHaveCount(2);
  // Each action is in the audit, on the order's timeline and in the audit API.
  for (const action of ['Acesso reenviado', 'E-mail corrigido e acesso reenviado', 'Acesso revogado']) {
    await expect(timeline.getByText(`Ação no painel: ${action}`)).toBeVisible();
  }
  const audit = (await (await api('/api/admin/audit')).json()) as {
    entries: Array<{ action: string; orderId: string | null }>;
  };
  expect(audit.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['resend_access', 'correct_email', 'revoke_access']));
  // The order actions and views name their order (sign-ins, exports and look-ups name none).
  const orderActions = audit.entries.filter((entry) =>
    ['resend_access', 'correct_email', 'revoke_access', 'view_order'].includes(entry.action),
  );
  expect(orderActions.length).toBeGreaterThan(3);
  expect(orderActions.every((entry) => entry.orderId?.startsWith('ord_'))).toBe(true);
  await panel.close();
}

/** One server with ADMIN_PASSWORD for the SQLite group; its tests run in order on it (a sale, then its CSV…). */
const consoleTest = test.extend<object, { consoleServer: RunningServer }>({
  consoleServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument
    async ({}, use) => {
      const running = await startServer({ ADMIN_PASSWORD: PASSWORD });
      await use(running);
      await running.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ consoleServer }, use) => {
    await use(consoleServer.url);
  },
});

consoleTest.describe('console on SQLite', () => {
  consoleTest.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  consoleTest.beforeEach(({ consoleServer }) => {
    server = consoleServer;
  });

  consoleTest('without a session the API answers 401; a foreign Origin gets 403 even with one', async ({ page, api }) => {
    expect((await api('/api/admin/orders')).status).toBe(401);
    expect((await api('/api/admin/overview')).status).toBe(401);
    await signIn(page);
    const foreign = await api('/api/admin/suppliers/preview', {
      headers: { Origin: 'http://evil.example' },
      json: { csv: 'nome,categoria\n' },
    });
    expect(foreign.status).toBe(403);
    const own = await api('/api/admin/suppliers/preview', {
      headers: { Origin: server.url },
      json: { csv: 'nome,categoria\n' },
    });
    expect(own.status).toBe(200);
    const response = await api('/painel');
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow" />');
    // "Sair" ends the session on the server: the API refuses it from then on.
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByLabel('Senha do painel')).toBeVisible();
    expect((await api('/api/admin/orders')).status).toBe(401);
  });

  consoleTest('"Encerrar todas as sessões" asks first, then signs out every browser, this one included', async ({ page, browser }) => {
    const phoneContext = await browser.newContext({ baseURL: server.url });
    const phone = await phoneContext.newPage();
    const phoneApi = contextApi(phoneContext, server.url);
    await signIn(phone);
    await signIn(page);
    const endAll = page.getByRole('banner').getByRole('button', { name: 'Encerrar todas as sessões' });
    const dialog = page.getByRole('dialog', { name: 'Encerrar todas as sessões?' });
    await endAll.click();
    await expect(dialog).toContainText('inclusive este');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect((await phoneApi('/api/admin/orders')).status).toBe(200);

    await endAll.click();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByLabel('Senha do painel')).toBeVisible();
    expect((await phoneApi('/api/admin/orders')).status).toBe(401);
    // The other browser's console shows the login form at its next look.
    await phone.reload();
    await expect(phone.getByLabel('Senha do painel')).toBeVisible();
    await phoneContext.close();
  });

  consoleTest('six wrong passwords lock the address; the right one waits for the lock to end', async ({ page, api }) => {
    await page.clock.install();
    await page.goto('/painel');
    const field = page.getByLabel('Senha do painel');
    for (let attempt = 0; attempt < 6; attempt++) {
      await field.fill(`errada-${attempt}-xxxxxx`);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    }
    await expect(page.getByRole('alert')).toContainText('Muitas tentativas erradas');
    await field.fill(PASSWORD);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeDisabled();
    // The server refuses the right password too while the lock lasts.
    const locked = await api('/api/admin/login', { headers: { Origin: server.url }, json: { password: PASSWORD } });
    expect(locked.status).toBe(429);

    // Fifteen minutes pass: in the browser (its clock) and on the server (the failures age).
    await page.clock.fastForward('15:01');
    await withServerDb(server.dataDir, (db) => ageAdminLoginWindows(db, 15 * 60_000 + 1000));
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    await field.fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('navigation', { name: 'Seções do painel' })).toBeVisible();
  });

  consoleTest('a sandbox sale shows up live; search, timeline and the audited actions work', async ({ context }) => {
    await saleAndOrderActions(server, context);
  });

  consoleTest('the CSV export parses, has the order and neutralises a formula in a name', async ({ page }) => {
    const now = Date.now();
    await withServerDb(server.dataDir, (db) =>
      insertOrderRow(db, {
        id: 'ord_formula',
        checkout_key: 'key_formula',
        status: 'failed',
        buyer_name: '=HYPERLINK("x")',
        buyer_email: 'formula@example.com',
        product_hash: 'p',
        offer_hash: 'o',
        postback_secret: 'pbs_formula',
        created_at: now,
        expires_at: now,
      }),
    );
    await signIn(page);
    await page.getByRole('link', { name: 'Pedidos' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes
      .toString('utf8')
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(rows[0]).toEqual([
      'Pedido',
      'Status',
      'Nome',
      'E-mail',
      'Telefone',
      'Valor (R$)',
      'Criado em',
      'Pago em',
      'Itens',
      'Tipo',
      'Pedido principal',
      'Provedor de PIX',
      'Líquido (R$)',
    ]);
    const formula = rows.find((row) => row[0] === 'ord_formula')!;
    expect(formula[2]).toBe(`"'=HYPERLINK(""x"")"`);
    // The demo's orders are the sandbox's, named as the console names it.
    expect(
      rows.some(
        (row) => row[3] === 'joana.lima@example.com' && row[1] === 'Pago' && row[5] === '19,90' && row[11] === 'TriboPay (sandbox)',
      ),
    ).toBe(true);
  });

  consoleTest('a supplier CSV with a bad line changes nothing; a good one replaces the list buyers see', async ({ page, browser, api }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Fornecedores' }).click();
    // The demo starts both lists with their example set; the main list is replaced here, the other stays.
    const main = page.getByRole('region', { name: 'Fornecedores Secretos' });
    const recharge = page.getByRole('region', { name: 'Fornecedores de Recarga' });
    await expect(main.getByText(/^Exemplos do modo demonstração/)).toBeVisible();
    await expect(main.getByText('npm run suppliers:import -- fornecedores.csv')).toBeVisible();
    await expect(recharge.getByText('npm run suppliers:import -- --list recarga fornecedores-recarga.csv')).toBeVisible();
    const bad =
      'nome,categoria,oferta,whatsapp,telegram,observacoes\nTela Cheia,Streaming,Netflix,11987654321,,\nSem Contato,Streaming,HBO,,,\n';
    await main.getByLabel('Arquivo CSV').setInputFiles({ name: 'ruim.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(main.getByText(/^Linha 3:/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Substituir a lista' })).toHaveCount(0);
    await expect(main.getByText(/^Exemplos do modo demonstração/)).toBeVisible();

    const good =
      'nome,categoria,oferta,whatsapp,telegram,observacoes\nTela Cheia,Streaming,Netflix 4K,11987654321,,\nSom da Casa,Música,Spotify,,@somdacasa,\n';
    await main.getByLabel('Arquivo CSV').setInputFiles({ name: 'boa.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(main.getByText('2 fornecedores em 2 categorias vão substituir a lista atual.')).toBeVisible();
    await main.getByRole('button', { name: 'Substituir a lista' }).click();
    await expect(main.getByText('Lista substituída: 2 fornecedores.')).toBeVisible();
    await expect(main.getByText('2 fornecedores na lista')).toBeVisible();
    await expect(main.getByText(/^Atualizada em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(main.getByText(/^Exemplos do modo demonstração/)).toHaveCount(0);
    await expect(recharge.getByText('12 fornecedores na lista')).toBeVisible();
    await expect(recharge.getByText(/^Exemplos do modo demonstração/)).toBeVisible();

    // The buyer's member page shows the new list (the order's access was revoked above: resend gives a new link).
    const resend = await api(`/api/admin/orders/${await firstPaidOrderId(api)}/resend`, {
      method: 'POST',
      headers: { Origin: server.url },
    });
    expect(resend.status).toBe(200);
    await expect.poll(() => emlFiles(server).length).toBe(4);
    const newest = emlFiles(server).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0]!;
    const buyer = await browser.newContext();
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(accessLinkIn(newest));
    await expect(buyerPage.getByText('Som da Casa')).toBeVisible();
    await expect(buyerPage.getByText('Tela Cheia')).toBeVisible();
    await buyer.close();
  });

  consoleTest('Saúde: ✓ for the sandbox gateway, ✗ with the fix for the seller placeholders', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Saúde' }).click();
    const gateway = page.getByRole('listitem').filter({ hasText: 'Gateway de pagamento' });
    await expect(gateway.getByLabel('OK')).toHaveText('✓');
    await expect(gateway).toContainText('Modo de demonstração');
    const seller = page.getByRole('listitem').filter({ hasText: 'Dados do vendedor' });
    await expect(seller.getByLabel('Atenção')).toHaveText('✗');
    await expect(seller).toContainText('Defina SELLER_NAME, SELLER_DOCUMENT e SELLER_ADDRESS.');
    // The demo's one provider, the sandbox, which took the sale above, since this server started.
    const providers = page.getByRole('region', { name: 'Provedores de PIX' });
    await expect(providers).toContainText('Desde o último início do servidor');
    const sandbox = providers.getByRole('listitem');
    await expect(sandbox).toHaveCount(1);
    await expect(sandbox).toContainText('TriboPay (sandbox)');
    await expect(sandbox).toContainText('OK');
    await expect(sandbox).toContainText(/Última cobrança criada: (agora há pouco|há \d+ min)/);
  });
});

async function firstPaidOrderId(api: ApiCall): Promise<string> {
  const list = (await (await api('/api/admin/orders?status=paid')).json()) as { orders: Array<{ id: string }> };
  return list.orders[0]!.id;
}

test.describe('console start-up', () => {
  test('demo mode prints a generated password and the console URL once; it opens the console', async ({ browser }) => {
    const server = await startServer();
    try {
      const line = await server.waitForLog(/listening on/);
      const password = /consolePassword=(\S+)/.exec(line)?.[1];
      expect(line).toMatch(/console=http:\/\/127\.0\.0\.1:\d+\/painel/);
      expect(password?.length).toBeGreaterThanOrEqual(12);
      expect(server.logs.filter((entry) => entry.includes(password!))).toHaveLength(1);
      const context = await browser.newContext({ baseURL: server.url });
      await signIn(await context.newPage(), password);
      await context.close();
    } finally {
      await server.stop();
    }
  });

  test('with a real gateway and no ADMIN_PASSWORD the console is off and says how to turn it on', async ({ page }) => {
    const server = await startServer({
      ...REAL_GATEWAY_TEST_ENV,
      PROVIDER_URL: 'http://127.0.0.1:9',
      PROVIDER_TOKEN: 'token',
      PRODUCT_HASH: 'product',
    });
    try {
      await page.goto(`${server.url}/painel`);
      await expect(page.getByRole('heading', { name: 'Painel desligado' })).toBeVisible();
      await expect(page.getByText(/defina ADMIN_PASSWORD/)).toBeVisible();
      const api = contextApi(page.context(), server.url);
      // With PUBLIC_URL set, its origin is the only one the console accepts.
      const origin = new URL(REAL_GATEWAY_TEST_ENV.PUBLIC_URL).origin;
      expect((await api('/api/admin/login', { headers: { Origin: origin }, json: { password: 'x' } })).status).toBe(503);
    } finally {
      await server.stop();
    }
  });

  test('the landing page never downloads the console or its chart library', async ({ page, server, acceptPresell, api }) => {
    await acceptPresell();
    const scripts = scriptRequests(page);
    const started = landingStarted(page);
    await page.goto(`${server.url}/`);
    await started;
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const body = await (await api(script)).text();
      expect(body, script).not.toContain('uPlot');
      expect(body, script).not.toContain('Painel do vendedor');
    }
  });
});

test.describe('console on PostgreSQL', () => {
  test('a sandbox sale, the search and the audited actions', async ({ browser }) => {
    // A fresh, migrated schema; the server finds it through the URL's search_path.
    const database = await createPostgresDb();
    const server = await startServer({ ADMIN_PASSWORD: PASSWORD, DATABASE_URL: database.url });
    try {
      const context = await browser.newContext({ baseURL: server.url });
      await saleAndOrderActions(server, context);
      await context.close();
    } finally {
      await server.stop();
      await database.close();
    }
  });
});

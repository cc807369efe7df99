import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';
import { startServer } from '../tests/e2e/server.ts';
import { businessDay } from '../src/shared/time.ts';

/**
 * `npm run screenshots:console`: the seller's console at 390 and 1280 px, every section (and one of the page editor's), over a
 * built server seeded with two weeks of fictitious sales, into .test-output/console-screenshots/.
 * Needs a build (`npm run build`). docs/images/painel-visao-geral.png is overview-1280.png,
 * docs/images/painel-dados-pessoais.png is privacy-1280.png.
 */
const PASSWORD = 'senha-das-capturas';
// Webhooks to a port nobody listens on, so Saúde shows a failing delivery too.
const server = await startServer({
  ADMIN_PASSWORD: PASSWORD,
  WEBHOOK_URL: 'http://127.0.0.1:9/vitrine',
  WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
});
// A failed capture still stops the server it started (it would keep running detached).
try {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import-suppliers.ts', 'samples/fornecedores-exemplo.csv'], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    stdio: 'pipe',
  });

  // Fictitious buyers and funnel counts, so the charts have something to draw.
  const db = new Database(path.join(server.dataDir, 'vitrine.sqlite'));
  const names = [
    'Joana Lima',
    'Carlos Souza',
    'Ana Beatriz Rocha',
    'Pedro Henrique',
    'Mariana Alves',
    'Lucas Ferreira',
    'Fernanda Dias',
    'Rafael Costa',
  ];
  const insert = db.prepare(
    `insert into orders (id, checkout_key, status, buyer_name, buyer_email, buyer_phone, amount_cents, product_hash, offer_hash,
       postback_secret, public_ref, created_at, updated_at, expires_at, paid_at, charged_at, utm_source, utm_campaign)
     values (?, ?, ?, ?, ?, '21987654321', 1990, 'sandbox-product', 'sandbox-offer', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Where the fictitious buyers came from (utm_source / utm_campaign), for "Vendas por origem".
  const sources: Array<[string | null, string | null]> = [
    ['fb', 'black-friday'],
    ['fb', 'remarketing'],
    ['google', 'marca'],
    [null, null],
    ['instagram', 'bio'],
  ];
  const failedWebhook = db.prepare(
    `insert into outbox (id, order_id, kind, payload, attempts, next_attempt_at, locked_until, sent_at, last_error, created_at)
     values ('whk_demo', ?, 'webhook:order.paid', '{}', 4, ?, null, null, ?, ?)`,
  );
  const funnel = db.prepare(
    'insert into funnel (day, event, path, count) values (?, ?, ?, ?) on conflict do update set count = excluded.count',
  );
  const now = Date.now();
  let count = 0;
  for (let daysAgo = 13; daysAgo >= 0; daysAgo--) {
    const day = now - daysAgo * 86_400_000;
    const sales = (daysAgo * 7) % 4;
    for (let index = 0; index < sales; index++, count++) {
      const at = day - index * 3_600_000;
      const name = names[count % names.length]!;
      const paid = count % 7 !== 3;
      insert.run(
        `ord_demo${count}`,
        `key${count}`,
        paid ? 'paid' : 'pending',
        name,
        `${name.split(' ')[0]!.toLowerCase()}${count}@example.com`,
        `pbs${count}`,
        `ref_demo${count}`,
        at,
        at,
        at + 1_800_000,
        paid ? at + 120_000 : null,
        at + 2000,
        ...sources[count % sources.length]!,
      );
    }
    const key = businessDay(day);
    const views = 40 + ((daysAgo * 13) % 25);
    funnel.run(key, 'page_view', '/presell', views);
    funnel.run(key, 'presell_yes', '/presell', Math.round(views * 0.6));
    funnel.run(key, 'page_view', '/', Math.round(views * 0.55));
    funnel.run(key, 'begin_checkout', '/', Math.round(views * 0.15));
    funnel.run(key, 'order_created', '/', sales + 1);
    funnel.run(key, 'order_paid', '/', sales);
  }
  // A buyer who paid twice this morning: the newest order is the duplicate to refund.
  const morning = now - 2 * 3_600_000;
  const duplicate = db.prepare(
    `insert into orders (id, checkout_key, status, buyer_name, buyer_email, buyer_phone, amount_cents, product_hash, offer_hash,
       postback_secret, public_ref, created_at, updated_at, expires_at, paid_at, charged_at, duplicate_of)
     values (?, ?, 'paid', 'Beatriz Nogueira', 'beatriz.nogueira@example.com', '31991234567', 1990, 'sandbox-product', 'sandbox-offer', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  duplicate.run(
    'ord_demo_first',
    'key_first',
    'pbs_first',
    'ref_demo_first',
    morning,
    morning,
    morning + 1_800_000,
    morning + 60_000,
    morning + 2000,
    null,
  );
  duplicate.run(
    'ord_demo_second',
    'key_second',
    'pbs_second',
    'ref_demo_second',
    morning + 600_000,
    morning + 600_000,
    morning + 2_400_000,
    morning + 660_000,
    morning + 602_000,
    'ord_demo_first',
  );
  failedWebhook.run('ord_demo0', now + 3_600_000, 'could not reach 127.0.0.1:9: connect ECONNREFUSED 127.0.0.1:9', now - 600_000);
  db.close();

  const outDir = path.resolve('.test-output/console-screenshots');
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions());
  for (const viewport of [
    { name: '390', width: 390, height: 844 },
    { name: '1280', width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      baseURL: server.url,
    });
    const page = await context.newPage();
    const shot = async (name: string, fullPage = true) => {
      const file = path.join(outDir, `${name}-${viewport.name}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };
    await page.goto('/painel');
    await shot('login', false);
    await page.getByLabel('Senha do painel').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('img', { name: 'Funil por dia' }).locator('canvas').waitFor();
    await shot('overview');
    await page.getByRole('link', { name: 'Pedidos' }).click();
    await page
      .getByRole('button', { name: /^Ver pedido de/ })
      .first()
      .waitFor();
    await shot('orders');
    await page
      .getByRole('button', { name: /^Ver pedido de/ })
      .first()
      .click();
    await page.getByRole('list', { name: 'Linha do tempo' }).waitFor();
    await shot('order');
    await page.getByRole('button', { name: 'Corrigir e-mail' }).click();
    await page.getByRole('dialog').waitFor();
    await shot('order-dialog', false);
    await page.keyboard.press('Escape');
    // Contestações: one dispute entered by hand (at the first width; the second finds it open), due in three days.
    await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Contestações' }).click();
    if (viewport.name === '390') {
      const form = page.getByRole('region', { name: 'Registrar contestação' });
      await form.getByLabel('E-mail, referência ou ID E2E').fill('ref_demo_first');
      await form.getByLabel('Prazo da defesa (se o provedor informou)').fill(businessDay(Date.now() + 3 * 86_400_000));
      await form.getByRole('button', { name: 'Registrar' }).click();
    }
    await page.getByRole('article', { name: 'Pedido ref_demo_first' }).waitFor();
    // From the top: a whole-page shot taken scrolled down draws the sticky header where the scroll left it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('disputes');
    await page.getByRole('link', { name: 'Fornecedores' }).click();
    const csv =
      'nome,categoria,oferta,whatsapp,telegram,observacoes\nTela Cheia,Streaming,Netflix,11987654321,,\nSem Contato,Streaming,HBO,,,\n';
    await page
      .getByRole('region', { name: 'Fornecedores Secretos' })
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'fornecedores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText(/^Linha 3/).waitFor();
    await shot('suppliers');
    await page.getByRole('link', { name: 'Saúde' }).click();
    await page.getByText('Gateway de pagamento').waitFor();
    await shot('health');
    await page.getByRole('link', { name: 'Dados pessoais' }).click();
    await page.getByLabel('E-mail do comprador').fill('beatriz.nogueira@example.com');
    await page.getByRole('button', { name: 'Buscar comprador' }).click();
    await page.getByRole('button', { name: 'Apagar dados pessoais' }).waitFor();
    await shot('privacy');
    await page.getByRole('button', { name: 'Apagar dados pessoais' }).click();
    await page.getByLabel('Digite o e-mail do comprador para confirmar').fill('beatriz.nogueira@example.com');
    // The address typed, "Confirmar" turns live: shoot it once its fade from disabled has ended.
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).and(page.locator(':enabled')).waitFor();
    await page.waitForTimeout(300);
    await shot('privacy-dialog', false);
    await page.keyboard.press('Escape');
    // Each width erases a different fictitious buyer of the seed (the first two orders above).
    const erased = viewport.name === '390' ? 'joana0@example.com' : 'carlos1@example.com';
    await page.getByLabel('E-mail do comprador').fill(erased);
    await page.getByRole('button', { name: 'Buscar comprador' }).click();
    await page.getByRole('button', { name: 'Apagar dados pessoais' }).click();
    await page.getByLabel('Digite o e-mail do comprador para confirmar').fill(erased);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(/^Dados pessoais apagados de/).waitFor();
    await shot('privacy-erased');
    // Página, one section drawn from its description: the example chat, with its list and its choice.
    await page.getByRole('link', { name: 'Página' }).click();
    await page.getByLabel('Seção').selectOption({ label: 'Como funciona: exemplo de conversa' });
    await page.getByLabel('Nome do contato').waitFor();
    await shot('page-chat');
    // Usuários: an editor invited at the first width, the link shown to send; the second width finds her pending.
    await page.getByRole('link', { name: 'Usuários' }).click();
    if (viewport.name === '390') {
      await page.getByLabel('E-mail', { exact: true }).fill('marina@example.com');
      await page.getByRole('button', { name: 'Enviar convite' }).click();
      await page.getByText(/#convite=/).waitFor();
    } else await page.getByRole('heading', { name: 'Convites pendentes' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('users');
    await context.close();
  }
  await browser.close();
} finally {
  await server.stop();
}

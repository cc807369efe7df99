import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { createPostgresDb } from '../integration/test-db.ts';
import { ordersBy, setOrderColumns } from '../support/db-reads.ts';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.ts';
import { accessLinkIn, buyInSandbox, signIn } from './admin-helpers.ts';
import { expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { expectAccessEndedOnReload } from './member-helpers.ts';
import { expectNoAxeViolations, mailsTo, shoot, waitForMail } from './mails-and-shots.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The 7-day guarantee (docs/refunds.md) as its two people live it, in real Chromium against the
 * production build: the buyer asks on the member page from the access e-mail's "Pedir reembolso"
 * link, the seller refunds by hand in the console, and the access ends, the spot returns, the
 * buyer has both e-mails, the seller's webhook and GA4 hear of it once. On SQLite and PostgreSQL.
 * Also REFUND_MODE=auto with the sandbox gateway's refunds, the window's end, and axe-core.
 */
const PASSWORD = 'senha-do-painel-reembolsos-e2e';
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const DAY = 24 * 60 * 60_000;
const TRACKER_HOSTS = /googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com|clarity\.ms/;
const NOTE = 'Mandei mensagem para três fornecedores e nenhum respondeu.';

interface Rig {
  server: RunningServer;
  hooks: HttpReceiver;
  ga: HttpReceiver;
  stop(): Promise<void>;
}

/** A server whose seller has a webhook receiver and GA4's Measurement Protocol (both stand-ins on loopback). */
async function startRig(env: Record<string, string> = {}): Promise<Rig> {
  const hooks = await startHttpReceiver();
  const ga = await startHttpReceiver();
  const server = await startServer({
    ADMIN_PASSWORD: PASSWORD,
    WEBHOOK_URL: `${hooks.url}/hooks/vitrine`,
    WEBHOOK_SECRET,
    GA_ID: 'G-REFUNDE2E1',
    GA_API_SECRET: 'e2e_refund_mp_secret',
    GA_MP_URL: ga.url,
    ...env,
  });
  return {
    server,
    hooks,
    ga,
    stop: async () => {
      await server.stop();
      await hooks.stop();
      await ga.stop();
    },
  };
}

/** A buyer who accepted the cookie notice (so GA4 hears of the sale and of its refund); trackers answered locally. */
async function trackedBuyer(browser: Browser, server: RunningServer): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url });
  await context.addInitScript(() => localStorage.setItem('vitrine_consent', 'granted'));
  await context.route(TRACKER_HOSTS, (route) => route.fulfill({ contentType: 'text/javascript', body: '/* stand-in */' }));
  await context.addCookies([{ name: '_ga', value: 'GA1.1.246813579.1700000000', url: server.url }]);
  return context;
}

/** The access e-mail's "Pedir reembolso" link: the access link with `#reembolso`. */
async function refundLinkFor(server: RunningServer, email: string): Promise<string> {
  const mail = await waitForMail(server, email, 'Seu acesso à Lista de Fornecedores Secretos Vitalícia está liberado');
  const link = /<a\b[^>]*href="([^"]+)"[^>]*>\s*Pedir reembolso\s*<\/a>/.exec(mail.html)?.[1];
  expect(link, 'the access e-mail links "Pedir reembolso"').toBeDefined();
  expect(link).toBe(`${accessLinkIn(mail.file)}#reembolso`);
  return link!;
}

const guaranteeCard = (page: Page) => page.getByRole('region', { name: /^Garantia de 7 dias/ });
const spotsLeft = async (panel: Page) => Number(/^(\d+) de 100$/.exec(await panel.getByText(/^\d+ de 100$/).innerText())![1]);

/** The buyer asks on the member page, from the access e-mail's link; returns the buyer's page on the member area. */
async function askForRefund(
  context: BrowserContext,
  server: RunningServer,
  email: string,
  options: { shots?: boolean; auto?: boolean } = {},
) {
  const refundLink = await refundLinkFor(server, email);
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto(refundLink);
  await expect(page).toHaveURL(/\/acesso#reembolso$/);
  const card = guaranteeCard(page);
  await expect(card).toBeInViewport();
  await expect(card).toContainText('Se a lista não for para você, peça o reembolso até essa data.');
  if (options.shots) await shoot(page, 'buyer-guarantee-card', card);

  await card.getByRole('button', { name: 'Pedir reembolso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pedir reembolso' });
  await dialog.getByRole('radio', { name: 'Os fornecedores não responderam' }).check();
  await dialog.getByLabel('Quer contar mais? (opcional)').fill(NOTE);
  await expect(dialog.getByText(`${NOTE.length} de 500 caracteres`)).toBeVisible();
  if (options.shots) {
    await expectNoAxeViolations(page);
    await shoot(page, 'buyer-refund-dialog');
  }
  await dialog.getByRole('button', { name: 'Confirmar pedido de reembolso' }).click();
  await expect(dialog).toHaveCount(0);
  // By hand the seller still decides; REFUND_MODE=auto approves it on the spot.
  await expect(card).toContainText(
    options.auto
      ? 'Reembolso aprovado: o valor volta pelo PIX, para a mesma conta que pagou.'
      : /Pedido de reembolso recebido em \d{2}\/\d{2}\s— você receberá um e-mail/,
  );
  await expect(card.getByRole('button', { name: 'Pedir reembolso' })).toHaveCount(0);
  if (options.shots) await shoot(page, 'buyer-refund-requested', card);
  consoleErrors();
  return page;
}

/** Request → the seller refunds by hand and marks it → access ended, spot back, e-mails, webhook and GA4 once. */
async function refundByHand(browser: Browser, rig: Rig, buyer: { name: string; email: string }, options: { shots?: boolean } = {}) {
  const { server, hooks, ga } = rig;
  const context = await trackedBuyer(browser, server);
  await buyInSandbox(context, buyer);
  const memberPage = await askForRefund(context, server, buyer.email, options);
  await waitForMail(server, buyer.email, 'Recebemos seu pedido de reembolso');

  // The seller, in a browser of their own.
  const seller = await browser.newContext({ baseURL: server.url });
  const panel = await seller.newPage();
  const consoleErrors = watchConsole(panel);
  await signIn(panel, PASSWORD);
  await expect(panel.getByText('1 reembolso pedido para resolver: aprovar, recusar ou concluir.')).toBeVisible();
  const spotsBefore = await spotsLeft(panel);

  await panel.getByRole('link', { name: 'Pedidos' }).click();
  await panel.getByLabel('Status').selectOption({ label: 'Reembolsos pedidos' });
  await panel.getByRole('button', { name: 'Filtrar' }).click();
  await expect(panel.getByRole('status').filter({ hasText: '1 pedido' })).toBeVisible();
  await panel.getByRole('button', { name: `Ver pedido de ${buyer.name}` }).click();
  const refund = panel.getByRole('region', { name: 'Reembolso' });
  await expect(refund).toContainText('Os fornecedores não responderam');
  await expect(refund).toContainText(NOTE);
  await expect(refund).toContainText('Pedido dentro da garantia');
  if (options.shots) {
    await expectNoAxeViolations(panel);
    await shoot(panel, 'console-refund-requested', refund);
  }

  await refund.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await panel
    .getByRole('dialog', { name: /^Reembolsar R\$\s19,90\?$/ })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(panel.getByText('Reembolso aprovado. Agora devolva o valor no painel do gateway.')).toBeVisible();
  await expect(refund.getByRole('heading', { name: 'Reembolsar à mão' })).toBeVisible();
  await expect(refund.getByRole('listitem').filter({ hasText: /^Reembolse R\$\s19,90$/ })).toBeVisible();
  if (options.shots) {
    await expectNoAxeViolations(panel);
    await shoot(panel, 'console-refund-manual-steps', refund);
  }

  await refund.getByRole('button', { name: 'Marcar como reembolsado' }).click();
  await panel.getByRole('dialog', { name: 'Marcar como reembolsado?' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Pedido marcado como reembolsado.')).toBeVisible();
  await expect(refund).toContainText('O acesso do comprador foi encerrado.');

  // The buyer's link, opened again, says the access ended.
  const refundLink = await refundLinkFor(server, buyer.email);
  await memberPage.goto(refundLink);
  await expect(memberPage).toHaveURL(/\/acesso\?encerrado/);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Acesso encerrado' })).toBeVisible();
  if (options.shots) await shoot(memberPage, 'buyer-access-ended');

  // The spot went back to the month.
  await panel.getByRole('link', { name: 'Visão geral' }).click();
  await expect.poll(() => spotsLeft(panel)).toBe(spotsBefore + 1);

  const done = await waitForMail(server, buyer.email, 'Reembolso feito');
  expect(done.text).toMatch(/R\$\s19,90/);
  expect(mailsTo(server, buyer.email).map((mail) => mail.subject)).toEqual(
    expect.arrayContaining(['Recebemos seu pedido de reembolso', 'Reembolso feito']),
  );

  // The seller's webhook and GA4 hear of it once, about the sale they were told of.
  type GaBody = { events: Array<{ name: string; params: { transaction_id: string; value?: number } }> };
  const gaEvents = (name: string) =>
    ga.requests.map((request) => JSON.parse(request.body) as GaBody).filter((body) => body.events.some((event) => event.name === name));
  const refundedHooks = () => hooks.requests.filter((request) => (JSON.parse(request.body) as { type: string }).type === 'order.refunded');
  await expect.poll(() => refundedHooks().length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => gaEvents('refund').length, { timeout: 20_000 }).toBe(1);
  const [purchase] = gaEvents('purchase');
  const reference = purchase!.events[0]!.params.transaction_id;
  expect(gaEvents('refund')[0]).toMatchObject({ events: [{ name: 'refund', params: { transaction_id: reference, value: 19.9 } }] });
  const signed = new Webhook(WEBHOOK_SECRET).verify(refundedHooks()[0]!.body, refundedHooks()[0]!.headers) as {
    type: string;
    data: { reference: string };
  };
  expect(signed).toMatchObject({ type: 'order.refunded', data: { reference } });

  consoleErrors();
  await seller.close();
  await context.close();
}

test.describe('refunds', () => {
  test('by hand on SQLite: the buyer asks, the seller refunds and marks it, the access ends', async ({ browser }) => {
    const rig = await startRig();
    try {
      await refundByHand(browser, rig, { name: 'Beatriz Souza', email: 'beatriz.souza@example.com' }, { shots: true });
    } finally {
      await rig.stop();
    }
  });

  test('by hand on PostgreSQL: the same journey', async ({ browser }) => {
    const database = await createPostgresDb();
    const rig = await startRig({ DATABASE_URL: database.url });
    try {
      await refundByHand(browser, rig, { name: 'Paulo Mendes', email: 'paulo.mendes@example.com' });
    } finally {
      await rig.stop();
      await database.close();
    }
  });

  test('REFUND_MODE=auto with gateway refunds: the request alone ends the access and the buyer is told', async ({ browser }) => {
    const server = await startServer({ REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' });
    try {
      const buyer = { name: 'Clara Nunes', email: 'clara.nunes@example.com' };
      const context = await browser.newContext({ baseURL: server.url });
      await buyInSandbox(context, buyer);
      const page = await askForRefund(context, server, buyer.email, { auto: true });
      // No one touches the console: the sandbox gateway refunds, and the page says so at its next load.
      await expectAccessEndedOnReload(page);
      const done = await waitForMail(server, buyer.email, 'Reembolso feito');
      expect(done.text).toMatch(/R\$\s19,90/);
      await context.close();
    } finally {
      await server.stop();
    }
  });

  test('after the 7 days the card offers no refund and gives the support e-mail', async ({ browser }) => {
    const server = await startServer({ SUPPORT_EMAIL: 'ajuda@example.com' });
    try {
      const buyer = { name: 'Renata Dias', email: 'renata.dias@example.com' };
      const context = await browser.newContext({ baseURL: server.url });
      await buyInSandbox(context, buyer);
      const page = await context.newPage();
      await page.goto(await refundLinkFor(server, buyer.email));
      const card = guaranteeCard(page);
      await expect(card.getByRole('button', { name: 'Pedir reembolso' })).toBeVisible();

      // Eight days pass since the payment.
      await withServerDb(server.dataDir, async (db) => {
        const order = (await ordersBy(db, 'buyer_email', buyer.email)).find((row) => row.status === 'paid');
        await setOrderColumns(db, order!.id, { paid_at: order!.paid_at! - 8 * DAY });
      });
      await page.reload();
      await expect(card).toContainText(/A garantia de 7 dias terminou em \d{2}\/\d{2}\/\d{4}\./);
      await expect(card.getByRole('link', { name: 'ajuda@example.com' })).toHaveAttribute('href', 'mailto:ajuda@example.com');
      await expect(card.getByRole('button', { name: 'Pedir reembolso' })).toHaveCount(0);
      await context.close();
    } finally {
      await server.stop();
    }
  });
});

import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { affiliatePage, affiliatePayoutsCopy, affiliatesConsole, affiliatesPage } from '../../src/content/affiliates.ts';
import { consent } from '../../src/content/consent.ts';
import { affiliateEmails } from '../../src/content/emails.ts';
import { createPostgresDb, type TestDb } from '../integration/test-db.ts';
import { decodeHeader, parseMail } from '../integration/mime.ts';
import { startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import { ordersBy } from '../support/db-reads.ts';
import { freePort } from '../support/nginx.ts';
import { signIn } from './admin-helpers.ts';
import { expect, payOnSandbox, test, TRACKER_HOSTS, watchConsole, withServerDb } from './fixtures.ts';
import type { ClockedServer } from '../support/server-process.ts';
import { startClockedServer } from './server.ts';

/**
 * The affiliates' whole story (docs/affiliates.md), as the people in it live it, in Chromium at 390 px against
 * a server whose clock the test moves, on SQLite and on PostgreSQL, every e-mail through a real SMTP server:
 *
 * 1. Someone asks to join at /afiliados, the seller approves in "Afiliados", the affiliate signs in by the e-mailed link
 *    and copies their link.
 * 2. Buyer A comes by the link, taps "Recusar" and pays in that visit: attributed. Buyer B comes by it, taps "Aceitar",
 *    leaves, and pays two days later in a new visit with no code in the address: attributed (the cookie). Buyer C comes
 *    by it, taps "Recusar", and pays another day with no code: not attributed.
 * 3. B uses the guarantee (the member page's "Pedir reembolso", the seller refunds): B's commission is cancelled. A's
 *    guarantee passes: A's commission becomes available.
 * 4. The seller lowers the payout minimum, approves the batch in "Repasses" and marks the PIX paid by hand (no provider
 *    sends PIX in the sandbox).
 * 5. The affiliate sees each change on /afiliado; the console, the CSV and the affiliate's page agree to the centavo.
 */
const PASSWORD = 'senha-do-painel-historia-afiliados';
const DAY = 24 * 60 * 60_000;
const PHONE = { width: 390, height: 844 } as const;
const MAIN = 'Lista de Fornecedores Secretos Vitalícia';
const ACCESS_SUBJECT = `Seu acesso à ${MAIN} está liberado`;

type Buyer = { name: string; email: string; phone: string };
const BUYER_A: Buyer = { name: 'Alice Ramos', email: 'alice.ramos.af@example.com', phone: '21987651001' };
const BUYER_B: Buyer = { name: 'Bruno Teles', email: 'bruno.teles.af@example.com', phone: '21987651002' };
const BUYER_C: Buyer = { name: 'Carla Nunes', email: 'carla.nunes.af@example.com', phone: '21987651003' };

interface Rig {
  server: ClockedServer;
  smtp: TestSmtpServer;
  /** The orders of a buyer, read from whichever database the server runs on. */
  ordersOf(email: string): Promise<Array<{ kind: string; status: string; affiliate_code: string | null }>>;
}

async function startRig(database?: TestDb & { url: string }): Promise<Rig & { stop(): Promise<void> }> {
  const smtp = await startSmtpServer();
  // PUBLIC_URL is the server's own address: the links in the e-mails and the console's origin check.
  const port = await freePort();
  const server = await startClockedServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    MAIL_TRANSPORT: 'smtp',
    ADMIN_PASSWORD: PASSWORD,
    // GA4 on, so the cookie notice asks (its script is answered by a stand-in below: no real network).
    GA_ID: 'G-AFFSTORY1',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const read = async (email: string) => {
    const rows = database
      ? await ordersBy(database, 'buyer_email', email)
      : await withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', email));
    return rows.map(({ kind, status, affiliate_code }) => ({ kind, status, affiliate_code }));
  };
  return {
    server,
    smtp,
    ordersOf: read,
    async stop() {
      await server.stop();
      await smtp.stop();
    },
  };
}

/** The text of the e-mail `subject` the SMTP server took for `email`, once it has come. */
async function mailText(smtp: TestSmtpServer, email: string, subject: string | RegExp): Promise<string> {
  const matches = (value: string) => (typeof subject === 'string' ? value === subject : subject.test(value));
  const find = () =>
    smtp.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => parseMail(mail.raw))
      .find((mail) => matches(decodeHeader(mail.headers.get('subject') ?? '')));
  await expect.poll(() => find() !== undefined, { timeout: 20_000 }).toBe(true);
  return find()!.text;
}

/** A new phone browser for one person; the trackers' hosts answered by a stand-in. */
async function personContext(browser: Browser, baseURL: string, options: { console?: boolean; clipboard?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    ...(options.console ? { serviceWorkers: 'block' as const, acceptDownloads: true } : {}),
    ...(options.clipboard ? { permissions: ['clipboard-read', 'clipboard-write'] } : {}),
  });
  await context.route(TRACKER_HOSTS, (route) => route.fulfill({ contentType: 'text/javascript', body: '/* stand-in */' }));
  return context;
}

/** The landing page's checkout, typed key by key, paid in the sandbox's own tab. */
async function checkout(context: BrowserContext, page: Page, buyer: Buyer) {
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: MAIN });
  await dialog.getByLabel('Nome completo').pressSequentially(buyer.name);
  await dialog.getByLabel('E-mail').pressSequentially(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).pressSequentially(buyer.phone);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
  await payOnSandbox(context, dialog);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
}

/** Opens the affiliate's link and answers the cookie notice; resolves with the page still open. */
async function arriveByLink(context: BrowserContext, link: string, choice: 'accept' | 'decline'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: consent[choice], exact: true }).click();
  if (choice === 'accept') await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toContain('vitrine_af');
  else expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('vitrine_af');
  return page;
}

/** A later visit: a new tab, opened at the pre-sell page's plain address (no code), through "Sim, quero!" to payment. */
async function comeBackAndPay(context: BrowserContext, baseURL: string, buyer: Buyer) {
  const page = await context.newPage();
  await page.goto(`${baseURL}/presell`);
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await checkout(context, page, buyer);
  await page.close();
}

/** One figure of a `<dl>` by its label. */
function figure(scope: Locator, label: string): Locator {
  return scope.locator('div', { has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
}

/** What the affiliate's page shows: the three totals and each sale (newest first) as [sale, commission, state]. */
async function expectAffiliatePage(page: Page, totals: [string, string, string], sales: Array<[string, string, string]>) {
  await page.reload();
  const money = page.getByRole('region', { name: affiliatePage.totals.title });
  await expect(figure(money, affiliatePage.totals.pending)).toHaveText(totals[0]);
  await expect(figure(money, affiliatePage.totals.available)).toHaveText(totals[1]);
  await expect(figure(money, affiliatePage.totals.paid)).toHaveText(totals[2]);
  const rows = page.getByRole('region', { name: affiliatePage.sales.title }).locator('tbody tr');
  await expect(rows).toHaveCount(sales.length);
  for (const [index, [sale, commission, state]] of sales.entries()) {
    await expect(rows.nth(index).locator('td').nth(1)).toHaveText(sale);
    await expect(rows.nth(index).locator('td').nth(2)).toHaveText(commission);
    await expect(rows.nth(index).locator('td').nth(3)).toHaveText(state);
  }
  // Nothing of any buyer on the affiliate's page.
  for (const buyer of [BUYER_A, BUYER_B, BUYER_C]) {
    await expect(page.getByText(buyer.name)).toHaveCount(0);
    await expect(page.getByText(buyer.email)).toHaveCount(0);
  }
}

/** The seller's console, signed in afresh (the clock moved days past the session's idle limit). */
async function sellerConsole(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; panel: Page }> {
  const context = await personContext(browser, baseURL, { console: true });
  const panel = await context.newPage();
  await signIn(panel, PASSWORD);
  return { context, panel };
}

async function openAffiliates(panel: Page) {
  await panel.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: affiliatesConsole.tab }).click();
}

async function story(browser: Browser, rig: Rig, who: { name: string; email: string }) {
  const { server, smtp } = rig;
  const base = server.url;
  const brl = (value: string) => `R$ ${value}`;
  const firstName = who.name.split(' ')[0]!;

  // 1. The request, typed key by key.
  const affiliateContext = await personContext(browser, base, { clipboard: true });
  const affiliate = await affiliateContext.newPage();
  const affiliateErrors = watchConsole(affiliate);
  await affiliate.goto('/afiliados');
  await affiliate.getByRole('button', { name: consent.decline, exact: true }).click();
  const field = (label: string) => affiliate.getByLabel(label, { exact: true });
  await field(affiliatesPage.fields.name).pressSequentially(who.name);
  await field(affiliatesPage.fields.email).pressSequentially(who.email);
  await field(affiliatesPage.fields.document).pressSequentially('52998224725');
  await field(affiliatesPage.fields.pixKey).pressSequentially('(11) 97654-3210');
  await field(affiliatesPage.fields.promotes).pressSequentially('Perfil de ofertas no Instagram');
  await affiliate.getByLabel(affiliatesPage.acceptTerms).check();
  await affiliate.getByRole('button', { name: affiliatesPage.submit }).click();
  await expect(affiliate.getByRole('heading', { name: affiliatesPage.sent.title })).toBeVisible();

  // The seller approves.
  let seller = await sellerConsole(browser, base);
  await openAffiliates(seller.panel);
  const card = seller.panel.getByRole('listitem').filter({ has: seller.panel.getByRole('heading', { name: new RegExp(`^${who.name}`) }) });
  await expect(card).toContainText(affiliatesConsole.states.pending);
  await card.getByRole('button', { name: affiliatesConsole.actions.approve }).click();
  await expect(card).toContainText(affiliatesConsole.states.active);
  await seller.context.close();

  // The approval's link signs the affiliate in; "Copiar" puts the pre-sell link on the clipboard.
  const approval = await mailText(smtp, who.email, affiliateEmails.approved.subject);
  await affiliate.goto(/https?:\/\/\S+\/afiliado\/afl_[\w-]+/.exec(approval)![0]);
  await expect(affiliate).toHaveURL(`${base}/afiliado`);
  await expect(affiliate.getByRole('heading', { level: 1 })).toHaveText(affiliatePage.greeting(firstName));
  await expect(affiliate.getByText(affiliatePage.sales.empty)).toBeVisible();
  await affiliate.getByRole('button', { name: `${affiliatePage.links.copy}: ${affiliatePage.links.presell}` }).click();
  await expect(affiliate.getByText(affiliatePage.links.copied)).toBeVisible();
  const link = await affiliate.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${base}/presell\\?af=[a-z0-9]{4,16}$`));
  const code = new URL(link).searchParams.get('af')!;

  // 2. Buyer A: "Recusar", then pays in the same visit.
  const contextA = await personContext(browser, base);
  const pageA = await arriveByLink(contextA, link, 'decline');
  await pageA.getByRole('button', { name: 'Sim, quero!' }).click();
  await expect(pageA).toHaveURL(`${base}/?af=${code}`);
  await checkout(contextA, pageA, BUYER_A);
  await contextA.close();
  await expectAffiliatePage(affiliate, [brl('7,96'), brl('0,00'), brl('0,00')], [[brl('19,90'), brl('7,96'), 'pendente']]);

  // Buyer B: "Aceitar" and leaves; buyer C: "Recusar" and leaves.
  const contextB = await personContext(browser, base);
  await (await arriveByLink(contextB, link, 'accept')).close();
  const contextC = await personContext(browser, base);
  await (await arriveByLink(contextC, link, 'decline')).close();

  // Two days later both come back by the shop's plain address and pay.
  await server.advance(2 * DAY);
  await comeBackAndPay(contextB, base, BUYER_B);
  await comeBackAndPay(contextC, base, BUYER_C);
  expect(await rig.ordersOf(BUYER_A.email)).toEqual([{ kind: 'main', status: 'paid', affiliate_code: code }]);
  expect(await rig.ordersOf(BUYER_B.email)).toEqual([{ kind: 'main', status: 'paid', affiliate_code: code }]);
  expect(await rig.ordersOf(BUYER_C.email)).toEqual([{ kind: 'main', status: 'paid', affiliate_code: null }]);
  await expectAffiliatePage(
    affiliate,
    [brl('15,92'), brl('0,00'), brl('0,00')],
    [
      [brl('19,90'), brl('7,96'), 'pendente'],
      [brl('19,90'), brl('7,96'), 'pendente'],
    ],
  );

  // 3. B uses the guarantee from the access e-mail's link; the seller refunds it.
  const access = await mailText(smtp, BUYER_B.email, ACCESS_SUBJECT);
  const memberPage = await contextB.newPage();
  await memberPage.goto(`${/https?:\/\/\S+\/acesso\/acc_[\w-]+/.exec(access)![0]}#reembolso`);
  const guarantee = memberPage.getByRole('region', { name: /^Garantia de 7 dias/ });
  await guarantee.getByRole('button', { name: 'Pedir reembolso' }).click();
  const ask = memberPage.getByRole('dialog', { name: 'Pedir reembolso' });
  await ask.getByRole('radio', { name: 'Esperava outra coisa' }).check();
  await ask.getByRole('button', { name: 'Confirmar pedido de reembolso' }).click();
  await expect(guarantee).toContainText(/Pedido de reembolso recebido em \d{2}\/\d{2}/);
  await contextB.close();
  await contextC.close();

  seller = await sellerConsole(browser, base);
  const { panel } = seller;
  await panel.getByRole('link', { name: 'Pedidos' }).click();
  await panel.getByLabel('Status').selectOption({ label: 'Reembolsos pedidos' });
  await panel.getByRole('button', { name: 'Filtrar' }).click();
  await panel.getByRole('button', { name: `Ver pedido de ${BUYER_B.name} (Reembolso pedido)`, exact: true }).click();
  const refund = panel.getByRole('region', { name: 'Reembolso' });
  await refund.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await panel
    .getByRole('dialog', { name: /^Reembolsar R\$\s19,90\?$/ })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(panel.getByText('Reembolso aprovado. Agora devolva o valor no painel do gateway.')).toBeVisible();
  await refund.getByRole('button', { name: 'Marcar como reembolsado' }).click();
  await panel.getByRole('dialog', { name: 'Marcar como reembolsado?' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Pedido marcado como reembolsado.')).toBeVisible();
  await seller.context.close();
  // B's sale keeps nothing, so its commission is cancelled; A's still waits for its guarantee.
  await expectAffiliatePage(
    affiliate,
    [brl('7,96'), brl('0,00'), brl('0,00')],
    [
      [brl('0,00'), brl('0,00'), 'cancelada'],
      [brl('19,90'), brl('7,96'), 'pendente'],
    ],
  );

  // A's 7-day guarantee passes (day 9 of the story).
  await server.advance(7 * DAY);
  await expectAffiliatePage(
    affiliate,
    [brl('0,00'), brl('7,96'), brl('0,00')],
    [
      [brl('0,00'), brl('0,00'), 'cancelada'],
      [brl('19,90'), brl('7,96'), 'disponível'],
    ],
  );

  // 4. The seller pays: the default minimum (R$ 50,00) holds R$ 7,96 back, so they lower it first.
  seller = await sellerConsole(browser, base);
  const panel2 = seller.panel;
  const consoleErrors = watchConsole(panel2);
  await openAffiliates(panel2);
  const affiliateCard = panel2.getByRole('listitem').filter({ has: panel2.getByRole('heading', { name: new RegExp(`^${who.name}`) }) });
  await expect(figure(affiliateCard, affiliatesConsole.columns.sales)).toHaveText('2');
  await expect(figure(affiliateCard, affiliatesConsole.columns.revenue)).toHaveText(brl('19,90'));
  await expect(figure(affiliateCard, affiliatesConsole.columns.pending)).toHaveText(brl('0,00'));
  await expect(figure(affiliateCard, affiliatesConsole.columns.available)).toHaveText(brl('7,96'));
  await expect(figure(affiliateCard, affiliatesConsole.columns.paid)).toHaveText(brl('0,00'));

  const payouts = panel2.getByRole('region', { name: affiliatePayoutsCopy.console.title });
  await expect(payouts.getByText('Nenhum afiliado com valor disponível acima do mínimo.')).toBeVisible();
  const schedule = payouts.getByRole('form', { name: 'Agenda dos repasses' });
  const minimum = schedule.getByLabel('Valor mínimo por afiliado (R$)');
  await minimum.clear();
  await minimum.pressSequentially('5,00');
  await schedule.getByRole('button', { name: 'Salvar agenda' }).click();
  const batch = payouts.getByRole('list', { name: affiliatePayoutsCopy.console.payable });
  await expect(batch.getByRole('listitem')).toHaveCount(1);
  await expect(batch.getByRole('listitem')).toContainText(who.name);
  await expect(batch.getByRole('listitem')).toContainText('+5511976543210');
  await expect(payouts.getByText(`Total do lote: ${brl('7,96')}`)).toBeVisible();
  await payouts.getByRole('button', { name: `Aprovar repasse de ${brl('7,96')}` }).click();
  await expect(payouts.getByText('Lote aprovado. Os envios aparecem abaixo.')).toBeVisible();
  const history = payouts.getByRole('list', { name: 'Repasses feitos' });
  await history.getByRole('button', { name: 'Marcar como pago' }).click();
  await expect(history.getByRole('listitem')).toContainText('Pago');
  await expect(history.getByRole('button', { name: 'Marcar como pago' })).toHaveCount(0);

  // 5. The console, the CSV and the affiliate's page agree to the centavo.
  await expect(figure(affiliateCard, affiliatesConsole.columns.available)).toHaveText(brl('0,00'));
  await expect(figure(affiliateCard, affiliatesConsole.columns.paid)).toHaveText(brl('7,96'));
  const perMonth = payouts.getByRole('list', { name: 'Pago por afiliado e por mês' });
  await expect(perMonth.getByRole('listitem')).toHaveCount(1);
  await expect(perMonth.getByRole('listitem')).toContainText(who.name);
  await expect(perMonth.getByRole('listitem')).toContainText(brl('7,96'));
  const [download] = await Promise.all([
    panel2.waitForEvent('download'),
    payouts.getByRole('link', { name: affiliatePayoutsCopy.console.csv }).click(),
  ]);
  const csv = await fs.promises.readFile(await download.path(), 'utf8');
  // A cell that starts with a sign is quoted ('+…) so no spreadsheet runs it as a formula (payouts-csv.ts).
  expect(csv).toContain(`;${who.name};Celular;'+5511976543210;7,96;No app do banco;Pago;`);
  expect(csv).toMatch(new RegExp(`\\d{4}-\\d{2};${who.name};7,96;1`));
  consoleErrors();
  await seller.context.close();

  await expectAffiliatePage(
    affiliate,
    [brl('0,00'), brl('0,00'), brl('7,96')],
    [
      [brl('0,00'), brl('0,00'), 'cancelada'],
      [brl('19,90'), brl('7,96'), 'paga'],
    ],
  );
  await expect(affiliate.getByText(/^Próximo repasse previsto: .+, por PIX, se o disponível somar pelo menos R\$\s5,00\./)).toBeVisible();
  // The affiliate's e-mail for the payout names the amount and the key.
  const paidMail = await mailText(smtp, who.email, /^Repasse de R\$\s7,96 enviado por PIX$/);
  expect(paidMail).toMatch(/enviamos R\$\s7,96 por PIX para a sua chave \+5511976543210/);
  expect(await affiliate.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  affiliateErrors();
  await affiliateContext.close();
}

test.describe('the affiliates story', () => {
  test.describe.configure({ timeout: 300_000 });

  test('on SQLite: join, share, three buyers, a guarantee passed and one used, a payout, every state on /afiliado', async ({ browser }) => {
    const rig = await startRig();
    try {
      await story(browser, rig, { name: 'Marina Souto', email: 'marina.souto.af@example.com' });
    } finally {
      await rig.stop();
    }
  });

  test('on PostgreSQL: the same story', async ({ browser }) => {
    const database = await createPostgresDb();
    const rig = await startRig(database);
    try {
      await story(browser, rig, { name: 'Otavio Prates', email: 'otavio.prates.af@example.com' });
    } finally {
      await rig.stop();
      await database.close();
    }
  });
});

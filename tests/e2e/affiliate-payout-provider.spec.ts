import { registerAffiliate } from '../../src/server/affiliates/affiliate-service.ts';
import { savePayoutSettings } from '../../src/server/affiliates/payouts.ts';
import { DEFAULT_PAYOUT_SETTINGS } from '../../src/shared/affiliate-payouts.ts';
import { affiliateFormMessages, affiliatePage, affiliatePayoutsCopy, affiliatesConsole } from '../../src/content/affiliates.ts';
import { affiliateEmails } from '../../src/content/emails.ts';
import { affiliateFormSchema } from '../../src/shared/affiliates.ts';
import { decodeHeader, parseMail } from '../integration/mime.ts';
import { startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import { ordersBy } from '../support/db-reads.ts';
import { freePort } from '../support/nginx.ts';
import { wooviEnv } from '../support/providers/woovi/woovi-journey-rig.ts';
import { startWooviStandIn } from '../support/providers/woovi/woovi-stand-in.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';
import { signIn } from './admin-helpers.ts';
import { expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { PRODUCT } from './provider-rigs.ts';
import { startClockedServer } from './server.ts';

/**
 * An affiliate paid through the provider (docs/affiliates.md#payouts), in Chromium against the production build: the shop
 * takes PIX with Woovi and sends payouts by its API (WOOVI_PIX_SEND=on), both against Woovi's stand-in
 * (tests/support/providers/woovi/woovi-stand-in.ts: `POST /api/v1/payment`, `/payment/approve`, `GET /payment/{id}` from
 * developers.woovi.com/docs/payment/payment-flow, and OPENPIX:MOVEMENT_CONFIRMED from
 * developers.woovi.com/docs/webhook/examples/webhook-payment-payload). A buyer pays through the affiliate's link, the
 * guarantee passes on the server's clock, the seller (1280 px) approves the batch in one tap, Woovi sends the PIX and later
 * posts its settlement webhook; the seller's line says "Pago" with the E2E id, the affiliate (390 px) sees it paid on
 * /afiliado and in an e-mail through a real SMTP server. A second tap from another tab pays nothing more.
 */
const PASSWORD = 'senha-do-painel-repasse-pelo-provedor';
const DAY = 24 * 60 * 60_000;
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
const AFFILIATE = { name: 'Lia Fontes', email: 'lia.fontes.repasse@example.com', pixKey: '+5511976543299' };
const BUYER = { name: 'Rui Castro', email: 'rui.castro.repasse@example.com', phone: '21987650071', document: '52998224725' };
const brl = (value: string) => new RegExp(`^R\\$\\s${value}$`);

/** The text of the e-mail `subject` the SMTP server took for `email`, once it has come. */
async function mailText(smtp: TestSmtpServer, email: string, subject: RegExp): Promise<string> {
  const find = () =>
    smtp.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => parseMail(mail.raw))
      .find((mail) => subject.test(decodeHeader(mail.headers.get('subject') ?? '')));
  await expect.poll(() => find() !== undefined, { timeout: 20_000 }).toBe(true);
  return find()!.text;
}

test('Woovi sends the approved payout, its settlement webhook confirms it: "Pago" with the E2E id, on /afiliado and by e-mail', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const smtp = await startSmtpServer();
  const woovi = await startWooviStandIn();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The webhook registered in Woovi's panel (docs/payments.md#woovi); payments stay APPROVED until their MOVEMENT_CONFIRMED.
  woovi.webhookUrl = `${base}/api/webhooks/woovi`;
  woovi.paymentsSettle = 'by_webhook';
  const server = await startClockedServer({
    ...REAL_GATEWAY_TEST_ENV,
    PORT: String(port),
    PUBLIC_URL: base,
    PAYMENT_PROVIDERS: 'woovi',
    ...wooviEnv(woovi),
    WOOVI_PIX_SEND: 'on',
    SMTP_URL: smtp.url,
    MAIL_TRANSPORT: 'smtp',
    ADMIN_PASSWORD: PASSWORD,
  });
  try {
    const code = await withServerDb(server.dataDir, async (db) => {
      const form = affiliateFormSchema(affiliateFormMessages).parse({ ...AFFILIATE, document: '39053344705', promotes: 'Instagram' });
      const registered = await registerAffiliate(db.db, form, 'active', Date.now());
      if (!registered.ok) throw new Error(registered.reason);
      // The default minimum (R$ 50,00) would hold one commission back.
      await savePayoutSettings(db.db, { ...DEFAULT_PAYOUT_SETTINGS, minCents: 500 }, Date.now());
      return registered.affiliate.code;
    });

    // A buyer comes by the affiliate's link and pays the PIX Woovi made.
    const buyerContext = await browser.newContext({ baseURL: base, viewport: PHONE });
    const buyer = await buyerContext.newPage();
    await buyer.goto(`/?af=${code}`);
    await buyer.getByRole('button', { name: 'Sim, quero!' }).click();
    await buyer.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
    const dialog = buyer.getByRole('dialog', { name: PRODUCT });
    await dialog.getByLabel('Nome completo').fill(BUYER.name);
    await dialog.getByLabel('E-mail').fill(BUYER.email);
    await dialog.getByLabel('WhatsApp', { exact: true }).fill(BUYER.phone);
    await dialog.getByLabel('CPF').fill(BUYER.document);
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
    const [order] = await withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', BUYER.email));
    expect(order).toMatchObject({ provider: 'woovi', affiliate_code: code });
    await woovi.pay(order!.charge_id!);
    await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
    await buyerContext.close();

    // The 7-day guarantee passes.
    await server.advance(9 * DAY);

    // The affiliate signs in by the e-mailed link: R$ 7,96 available.
    const affiliateContext = await browser.newContext({ baseURL: base, viewport: PHONE });
    const affiliate = await affiliateContext.newPage();
    await affiliate.goto('/afiliado');
    await affiliate.getByLabel(affiliatePage.signIn.email).fill(AFFILIATE.email);
    await affiliate.getByRole('button', { name: affiliatePage.signIn.submit }).click();
    const signInMail = await mailText(smtp, AFFILIATE.email, new RegExp(`^${affiliateEmails.signIn.subject}$`));
    await affiliate.goto(/https?:\/\/\S+\/afiliado\/afl_[\w-]+/.exec(signInMail)![0]);
    await expect(affiliate).toHaveURL(`${base}/afiliado`);
    // Signed in from here on: before, the page's 401 (signed out) is how it knows to ask for the e-mail.
    const affiliateErrors = watchConsole(affiliate);
    const totals = affiliate.getByRole('region', { name: affiliatePage.totals.title });
    const figure = (label: string) =>
      totals.locator('div', { has: affiliate.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
    await expect(figure(affiliatePage.totals.available)).toHaveText(brl('7,96'));
    await expect(figure(affiliatePage.totals.paid)).toHaveText(brl('0,00'));

    // The seller, at a desktop's width, with a second tab on the same batch.
    const sellerContext = await browser.newContext({ baseURL: base, viewport: DESKTOP, serviceWorkers: 'block' });
    const panel = await sellerContext.newPage();
    const sellerErrors = watchConsole(panel);
    await signIn(panel, PASSWORD);
    const openPayouts = async (page: typeof panel) => {
      await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: affiliatesConsole.tab }).click();
      return page.getByRole('region', { name: affiliatePayoutsCopy.console.title });
    };
    const payouts = await openPayouts(panel);
    const secondTab = await sellerContext.newPage();
    await secondTab.goto('/painel');
    const payoutsAgain = await openPayouts(secondTab);
    await expect(payouts.getByText(affiliatePayoutsCopy.console.byApi)).toBeVisible();
    const batch = payouts.getByRole('list', { name: affiliatePayoutsCopy.console.payable });
    await expect(batch.getByRole('listitem')).toHaveCount(1);
    await expect(batch.getByRole('listitem')).toContainText(AFFILIATE.name);
    await expect(payouts.getByText(affiliatePayoutsCopy.console.total('R$\u00a07,96'))).toBeVisible();
    await expect(payoutsAgain.getByText(affiliatePayoutsCopy.console.total('R$\u00a07,96'))).toBeVisible();

    // One tap: Woovi creates and approves the PIX out under the payout's id; the bank has not settled it yet.
    await payouts.getByRole('button', { name: affiliatePayoutsCopy.console.approve('R$\u00a07,96') }).click();
    await expect(payouts.getByText(affiliatePayoutsCopy.console.approved)).toBeVisible();
    await expect.poll(() => [...woovi.payments.values()].map((payment) => payment.status), { timeout: 15_000 }).toEqual(['APPROVED']);
    const [payment] = [...woovi.payments.values()];
    expect(payment).toMatchObject({ value: 796, destinationAlias: AFFILIATE.pixKey, destinationAliasType: 'PHONE' });
    const historyLine = async () =>
      (await openPayouts(panel)).getByRole('list', { name: affiliatePayoutsCopy.console.history }).getByRole('listitem');
    await expect(async () => {
      await panel.reload();
      await expect(await historyLine()).toContainText(affiliatePayoutsCopy.csv.state.sent, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

    // The bank settles it: Woovi posts OPENPIX:MOVEMENT_CONFIRMED, which the shop verifies and reads back.
    await woovi.settlePayment(payment!.correlationID);
    expect(woovi.deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:MOVEMENT_CONFIRMED', status: 200 });
    const endToEndId = payment!.endToEndId!;
    await expect(async () => {
      await panel.reload();
      const line = await historyLine();
      await expect(line).toContainText(affiliatePayoutsCopy.csv.state.confirmed, { timeout: 1_000 });
      await expect(line).toContainText(`${affiliatePayoutsCopy.console.e2e}: ${endToEndId}`, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    sellerErrors();

    // The affiliate: paid on /afiliado, and the e-mail with the amount and the E2E id.
    await affiliate.reload();
    await expect(figure(affiliatePage.totals.available)).toHaveText(brl('0,00'));
    await expect(figure(affiliatePage.totals.paid)).toHaveText(brl('7,96'));
    const sales = affiliate.getByRole('region', { name: affiliatePage.sales.title }).locator('tbody tr');
    await expect(sales).toHaveCount(1);
    await expect(sales.first().locator('td').nth(3)).toHaveText(affiliatePage.sales.states.paga);
    const paidMail = await mailText(smtp, AFFILIATE.email, /^Repasse de R\$\s7,96 enviado por PIX$/);
    expect(paidMail).toMatch(/enviamos R\$\s7,96 por PIX/);
    expect(paidMail).toContain(endToEndId);
    expect(await affiliate.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    affiliateErrors();

    // The second tab still shows the batch; its tap pays nothing more.
    await payoutsAgain.getByRole('button', { name: affiliatePayoutsCopy.console.approve('R$\u00a07,96') }).click();
    // Refused as a batch that changed since the tab loaded it (or as empty): either way nothing is written.
    const refused = payoutsAgain.getByText(affiliatePayoutsCopy.api.changed).or(payoutsAgain.getByText(affiliatePayoutsCopy.api.empty));
    await expect(refused).toBeVisible();
    expect(woovi.payments.size).toBe(1);
    await affiliate.reload();
    await expect(figure(affiliatePage.totals.paid)).toHaveText(brl('7,96'));
    expect(smtp.received.filter((mail) => mail.to.includes(AFFILIATE.email))).toHaveLength(2);
    await sellerContext.close();
    await affiliateContext.close();
  } finally {
    await server.stop();
    await woovi.stop();
    await smtp.stop();
  }
});

import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { parseMail } from '../integration/mime.ts';
import { ordersBy, outboxRows } from '../support/db-reads.ts';
import { freePort } from '../support/nginx.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  startMercadoPagoStandIn,
} from '../support/providers/mercadopago/mercadopago-stand-in.ts';
import { expect, test, watchConsole, withServerDb } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * A re-checkout that retires a PIX cancels it at the provider, in real Chromium against the production build and
 * Mercado Pago's stand-in ("Create cancellation", `PUT /v1/payments/{id}` with `status: cancelled`:
 * https://www.mercadopago.com.br/developers/en/reference/online-payments/checkout-api-payments/create-cancellation/put).
 * The buyer makes PIX A (R$ 19,90), comes back on another device and ticks the bump: PIX B (R$ 29,80). A is cancelled
 * at Mercado Pago, which then refuses to take its payment; no e-mail offers A again; A's order page, opened from its
 * e-mail, says the code was replaced and leads to B's.
 */

const PRODUCT = 'Lista de Fornecedores Secretos Vitalícia';
const BUMP_CHECKBOX = 'Sim, quero a Lista de Fornecedores de Recarga por mais R$ 9,90';
const BUYER = { name: 'Helena Barros', email: 'helena.barros.troca@example.com', phone: '21987651234' };

/** The PIX e-mails written for the buyer (no SMTP_URL: files named `pix-{order}-{kind}@vitrine.eml`). */
function pixMails(server: RunningServer): Array<{ file: string; text: string; html: string }> {
  const dir = path.join(server.dataDir, 'outbox');
  return (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    .filter((file) => file.startsWith('pix-') && file.endsWith('.eml'))
    .map((file) => ({ file, mail: parseMail(fs.readFileSync(path.join(dir, file), 'utf8')) }))
    .filter(({ mail }) => mail.headers.get('to')?.includes(BUYER.email))
    .map(({ file, mail }) => ({ file, text: mail.text, html: mail.html }));
}

/** Pre-sell → landing → the form filled as this buyer → "GERAR PIX", the bump ticked or not. Returns the code shown. */
async function pixFromCheckout(
  context: BrowserContext,
  options: { bump: boolean },
): Promise<{ page: Page; dialog: Locator; code: string }> {
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: PRODUCT });
  await dialog.getByLabel('Nome completo').fill(BUYER.name);
  await dialog.getByLabel('E-mail').fill(BUYER.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill(BUYER.phone);
  await dialog.getByLabel('CPF').fill('52998224725');
  if (options.bump) await dialog.getByRole('checkbox', { name: BUMP_CHECKBOX }).check();
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  await expect(dialog.getByTestId('pix-amount')).toHaveText(options.bump ? 'R$ 29,80' : 'R$ 19,90');
  return { page, dialog, code: await dialog.getByLabel('PIX copia e cola').inputValue() };
}

test('a re-checkout with the bump cancels the first PIX at Mercado Pago: it cannot be paid, no e-mail offers it, its page leads to the new one', async ({
  browser,
}) => {
  const mercadoPago = await startMercadoPagoStandIn();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer({
    ...REAL_GATEWAY_TEST_ENV,
    PORT: String(port),
    PUBLIC_URL: url,
    PAYMENT_PROVIDERS: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: MP_STAND_IN_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET,
    MERCADOPAGO_API_URL: mercadoPago.url,
  });
  const phone = await browser.newContext({ baseURL: server.url });
  const laptop = await browser.newContext({ baseURL: server.url });
  try {
    const first = await pixFromCheckout(phone, { bump: false });
    const consoleErrors = watchConsole(first.page);
    await expect.poll(() => pixMails(server).length, { timeout: 20_000 }).toBe(1);
    const [mailA] = pixMails(server);
    expect(mailA!.text).toContain(first.code);

    // Later, on another device, the buyer ticks the bump: PIX B.
    const second = await pixFromCheckout(laptop, { bump: true });
    expect(second.code).not.toBe(first.code);
    const [a, b] = await withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', BUYER.email));
    expect([a!.amount_cents, a!.status, b!.amount_cents, b!.status]).toEqual([1990, 'failed', 2980, 'pending']);

    // A is cancelled at Mercado Pago at once: the buyer's bank can no longer pay it.
    const paymentA = mercadoPago.payments.get(Number(a!.charge_id))!;
    expect(paymentA.qrCode).toBe(first.code);
    expect(paymentA.status).toBe('cancelled');
    expect(() => mercadoPago.pay(a!.charge_id!)).toThrow(/not pending/);
    expect(mercadoPago.payments.get(Number(b!.charge_id))?.status).toBe('pending');

    // B's e-mail offers B; none offers A again, and A's reminders are gone.
    await expect.poll(() => pixMails(server).length, { timeout: 20_000 }).toBe(2);
    const offeringA = pixMails(server).filter((mail) => mail.text.includes(first.code));
    expect(offeringA.map((mail) => mail.file)).toEqual([mailA!.file]);
    expect(pixMails(server).some((mail) => mail.text.includes(second.code))).toBe(true);
    const unsentForA = await withServerDb(server.dataDir, async (db) =>
      (await outboxRows(db, a!.id)).filter((row) => row.kind.startsWith('pix_') && row.sent_at === null),
    );
    expect(unsentForA).toEqual([]);

    // A's e-mailed link: the page says the code was replaced, shows no code, and leads to B.
    const orderLink = /https?:\/\/\S+\/pedido\/ref_[\w-]+#k=[\w-]+/.exec(mailA!.text)?.[0];
    expect(orderLink).toBeTruthy();
    const pageA = await phone.newPage();
    const pageErrors = watchConsole(pageA);
    await pageA.goto(orderLink!);
    await expect(pageA.getByRole('heading', { name: 'Este PIX foi substituído' })).toBeVisible();
    await expect(pageA.getByLabel('PIX copia e cola')).toHaveCount(0);
    await pageA.getByRole('link', { name: 'Ver o PIX mais recente' }).click();
    await expect(pageA.getByLabel('PIX copia e cola')).toHaveValue(second.code);
    await expect(pageA.getByText('R$ 29,80').first()).toBeVisible();
    pageErrors();
    consoleErrors();
  } finally {
    await phone.close();
    await laptop.close();
    await server.stop();
    await mercadoPago.stop();
  }
});

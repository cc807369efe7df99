import type { Browser, BrowserContext } from '@playwright/test';
import { createPostgresDb, type TestDb } from '../integration/test-db.ts';
import { ordersBy } from '../support/db-reads.ts';
import { expect, test, withServerDb } from './fixtures.ts';
import { waitForMail } from './mails-and-shots.ts';
import { fillCheckout, PRODUCT, shopAddress } from './provider-rigs.ts';
import { mercadoPagoRig } from '../support/providers/mercadopago/mercadopago-journey-rig.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * "Pagar no app do banco" on a phone when the PIX provider is Mercado Pago (MERCADOPAGO_OPEN_FINANCE on), against the
 * production build and the Mercado Pago stand-in, whose Open Finance page (the `ticket_url`) confirms or cancels: the
 * tap goes straight to Mercado Pago's page, the buyer comes back to a confirmed order, the access e-mail goes out and
 * the PIX is cancelled at Mercado Pago; a refusal brings back a PIX code that still pays
 * (docs/payments.md#mercado-pagos-open-finance-mode).
 */

const ACCESS_SUBJECT = `Seu acesso à ${PRODUCT} está liberado`;
const PHONE = { width: 390, height: 844 };
const CONFIRMED_WITHIN_MS = 10_000;

interface Shop {
  server: RunningServer;
  rig: Awaited<ReturnType<typeof mercadoPagoRig>>;
  database: (TestDb & { url: string }) | undefined;
  stop(): Promise<void>;
}

async function openShop(database?: TestDb & { url: string }): Promise<Shop> {
  const shop = await shopAddress();
  const rig = await mercadoPagoRig();
  const server = await startServer({
    ...shop.env,
    ...rig.env,
    MERCADOPAGO_OPEN_FINANCE: 'on',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  return {
    server,
    rig,
    database,
    async stop() {
      await server.stop();
      await rig.stop();
    },
  };
}

async function orderOf(shop: Shop, email: string) {
  const orders = shop.database
    ? await ordersBy(shop.database, 'buyer_email', email)
    : await withServerDb(shop.server.dataDir, (db) => ordersBy(db, 'buyer_email', email));
  expect(orders).toHaveLength(1);
  return orders[0]!;
}

async function phoneContext(browser: Browser, shop: Shop): Promise<BrowserContext> {
  return browser.newContext({ baseURL: shop.server.url, viewport: PHONE, isMobile: true, hasTouch: true });
}

/**
 * "Pagar no app do banco" leads on a phone, and goes straight to Mercado Pago's page: no bank list of ours. Each buyer
 * types a WhatsApp and a CPF of their own: the same buyer paying twice reads as a duplicate, refunded at once.
 */
async function toMercadoPago(browser: Browser, shop: Shop, buyer: { name: string; email: string; phone: string; cpf: string }) {
  const context = await phoneContext(browser, shop);
  const page = await context.newPage();
  const dialog = await fillCheckout(page, buyer);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill(buyer.phone);
  await dialog.getByLabel('CPF').fill(buyer.cpf);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  const code = await dialog.getByLabel('PIX copia e cola').inputValue();
  const bankButton = dialog.getByRole('button', { name: 'Pagar no app do banco' });
  const copyButton = dialog.getByRole('button', { name: 'Copiar código PIX' });
  await expect(bankButton).toBeVisible();
  expect((await bankButton.boundingBox())!.y).toBeLessThan((await copyButton.boundingBox())!.y);
  await bankButton.click();
  await page.waitForURL(`${shop.rig.standIn.url}/payments/*/openfinance?**`);
  const order = await orderOf(shop, buyer.email);
  return { context, page, code, order };
}

async function journey(browser: Browser, shop: Shop, tag: string) {
  const buyer = { name: 'Lúcia Andrade', email: `lucia.mp.${tag}@example.com`, phone: '21987650044', cpf: '52998224725' };
  const { context, page, order } = await toMercadoPago(browser, shop, buyer);
  try {
    const bankPayments = [...shop.rig.standIn.payments.values()].filter((payment) => payment.linkedTo === 'openfinance');
    // The CPF typed in the checkout went with the Open Finance payment.
    expect(bankPayments.map((payment) => payment.payerCpf)).toEqual(['52998224725']);
    const approvedAt = Date.now();
    await page.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?banco=`));
    await expect(page.getByRole('heading', { name: /^Pagamento confirmado/ })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    expect(Date.now() - approvedAt).toBeLessThan(CONFIRMED_WITHIN_MS);
    await waitForMail(shop.server, buyer.email, ACCESS_SUBJECT);
    await expect.poll(() => shop.rig.standIn.payments.get(Number(order.charge_id))?.status).toBe('cancelled');
    expect((await orderOf(shop, buyer.email)).status).toBe('paid');
  } finally {
    await context.close();
  }
}

async function refusal(browser: Browser, shop: Shop, tag: string) {
  const buyer = { name: 'Caio Nogueira', email: `caio.mp.${tag}@example.com`, phone: '11976540033', cpf: '11144477735' };
  const { context, page, code, order } = await toMercadoPago(browser, shop, buyer);
  try {
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${order.public_ref}\\?banco=recusado$`));
    await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'não foi concluído' })).toBeVisible();
    await page.getByText('Pagar com outro aparelho').click();
    await expect(page.getByLabel('PIX copia e cola')).toHaveValue(code);
    await expect(page.getByRole('button', { name: 'Pagar no app do banco' })).toBeVisible();
    expect(shop.rig.standIn.payments.get(Number(order.charge_id))?.status).toBe('pending');
    await shop.rig.pay(order.charge_id!);
    await expect(page.getByRole('heading', { name: /^Pagamento confirmado/ })).toBeVisible({ timeout: CONFIRMED_WITHIN_MS });
    await waitForMail(shop.server, buyer.email, ACCESS_SUBJECT);
  } finally {
    await context.close();
  }
}

test.describe("paying in the bank app through Mercado Pago's Open Finance mode on a phone", () => {
  test.describe.configure({ timeout: 240_000 });

  for (const name of ['SQLite', 'PostgreSQL'] as const) {
    test(`on ${name}: approved at the bank, confirmed on return; refused, the PIX code still pays`, async ({ browser }) => {
      const database = name === 'PostgreSQL' ? await createPostgresDb() : undefined;
      const shop = await openShop(database);
      const tag = name.toLowerCase();
      try {
        await journey(browser, shop, tag);
        await refusal(browser, shop, tag);
      } finally {
        await shop.stop();
        await database?.close();
      }
    });
  }
});

import type { Browser } from '@playwright/test';
import { site } from '../../src/content/site.ts';
import { formatExpiry } from '../../src/shared/time.ts';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import {
  payAndPostBack,
  standInEnv,
  startGatewayStandIn,
  type ChargeLedger,
  type GatewayStandIn,
} from '../support/providers/tribopay/tribopay-stand-in.ts';
import { orderRow } from '../support/db-reads.ts';
import { freePort } from '../support/nginx.ts';
import { quietHoursAround } from '../support/quiet-hours.ts';
import { startWhatsappStandIn, type StandInMessage, type WhatsappStandIn } from '../support/stand-ins/whatsapp-stand-in.ts';
import { generatePix as fillCheckout, openOrderWhatsapp, recoveredToday, signIn } from './admin-helpers.ts';
import { expect, test as base, withServerDb } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * WhatsApp through the Cloud API, in Chromium against the built server: the server's WHATSAPP_*
 * settings point at the stand-in of Meta's Cloud API (tests/support/stand-ins/whatsapp-stand-in.ts,
 * its sources in tests/integration/whatsapp/whatsapp-cloud-api.test.ts), which checks each message against
 * the registered templates and calls the server's webhook with the statuses, signed with the app
 * secret. The payments go through the gateway stand-in (its paid state, then the postback), the
 * e-mails to a real SMTP server.
 */
const PASSWORD = 'senha-do-painel-whatsapp-cloud';

interface Rig {
  server: RunningServer;
  gateway: GatewayStandIn;
  ledger: ChargeLedger;
  cloud: WhatsappStandIn;
  smtp: TestSmtpServer;
}

/** Each test has its own stand-ins and server: the figures and messages it reads are its own. */
const test = base.extend<{ rig: Rig }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument
  rig: async ({}, use) => {
    const gateway = await startGatewayStandIn();
    const ledger = gateway.rememberCharges();
    const cloud = await startWhatsappStandIn();
    const smtp = await startSmtpServer();
    // The port chosen first, so that PUBLIC_URL (the links in the messages, the console's origin
    // check) is the server's own address.
    const port = await freePort();
    try {
      const server = await startServer(
        standInEnv(gateway, {
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          ...cloud.env(),
          SMTP_URL: smtp.url,
          MAIL_TRANSPORT: 'smtp',
          ADMIN_PASSWORD: PASSWORD,
          // Away from now, so no message is held for the morning.
          WHATSAPP_QUIET_HOURS: quietHoursAround(Date.now()),
        }),
      );
      // Meta calls the app's callback URL; here, the server's own port.
      cloud.webhookUrl = `${server.url}/api/webhooks/whatsapp`;
      try {
        await use({ server, gateway, ledger, cloud, smtp });
      } finally {
        // Meta's deliveries under way end before the server does.
        cloud.webhookUrl = null;
        await cloud.settled();
        await server.stop();
      }
    } finally {
      await cloud.stop();
      await smtp.stop();
      await gateway.stop();
    }
  },
});

// Two buyers' journeys and the console, on a real server beside three stand-ins: on a loaded
// 2-core machine one test has taken close to two minutes.
test.describe.configure({ timeout: 180_000 });

interface Buyer {
  name: string;
  email: string;
  /** As typed, DDD and number. */
  phone: string;
  consent: boolean;
}

/** The number as the Cloud API is given it (country code first). */
const recipient = (buyer: Buyer) => `55${buyer.phone.replace(/\D/g, '')}`;

/** A new visitor opens `/`, the checkout, fills it (ticking the consent or not) and generates the PIX. */
async function generatePix(browser: Browser, server: RunningServer, buyer: Buyer) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const [created, dialog] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST'),
    fillCheckout(page, { ...buyer, whatsapp: buyer.consent }),
  ]);
  expect(created.status()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const code = (await dialog.getByLabel('PIX copia e cola').inputValue()).trim();
  return { context, dialog, orderId, code };
}

/** The messages the Cloud API accepted for `buyer`'s number, once `count` of them have come. */
async function messagesTo(cloud: WhatsappStandIn, buyer: Buyer, count: number): Promise<StandInMessage[]> {
  const mine = () => cloud.messages.filter((message) => message.to === recipient(buyer));
  await expect.poll(() => mine().length).toBe(count);
  return mine();
}

/** The e-mails the SMTP server took for `email`: "Seu PIX está pronto", and the others. */
function mailsTo(smtp: TestSmtpServer, email: string) {
  const mine = smtp.received.filter((mail) => mail.to.includes(email));
  return { pix: mine.filter(isPixEmail).length, other: mine.filter((mail) => !isPixEmail(mail)).length };
}

test('consent ticked: the PIX and the access reach the Cloud API with their variables, and the console counts the payment for WhatsApp', async ({
  browser,
  rig,
}) => {
  const { server, cloud } = rig;
  const buyer: Buyer = { name: 'Joana Prado', email: 'joana.cloud@example.com', phone: '(21) 98765-4321', consent: true };
  const checkout = await generatePix(browser, server, buyer);
  const order = await withServerDb(server.dataDir, (db) => orderRow(db, checkout.orderId));

  // The PIX, at once: the amount, the code in the text, the order page behind the button.
  const [pix] = await messagesTo(cloud, buyer, 1);
  expect(pix).toMatchObject({
    template: 'vitrine_pix',
    language: 'pt_BR',
    body: ['Joana', 'R$ 19,90', site.productName, checkout.code, formatExpiry(order.expires_at), expect.any(String)],
    urlSuffix: order.public_ref,
  });
  // Every message ends with its stop link, on the site's own address.
  const stopLink = new URL(pix!.body[5]!);
  expect(stopLink.origin).toBe(server.url);
  expect(stopLink.pathname).toMatch(new RegExp(`^/pedido/${order.public_ref}/whatsapp/[\\w-]{32}$`));
  // The button's link is the buyer's order page, and it opens.
  expect((await fetch(`${server.url}/pedido/${pix!.urlSuffix}`)).status).toBe(200);

  expect(await payAndPostBack(rig.ledger, server.url, checkout.orderId)).toBe(200);
  await expect(checkout.dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();

  // The access, after the payment: its button opens the list, like the e-mail's link.
  const [, access] = await messagesTo(cloud, buyer, 2);
  expect(access).toMatchObject({ template: 'vitrine_acesso', body: ['Joana', site.productName, pix!.body[5]] });
  expect(access!.urlSuffix).toMatch(/^acc_/);
  expect((await fetch(`${server.url}/acesso/${access!.urlSuffix}`, { redirect: 'manual' })).status).toBe(303);
  // The e-mails went as well: WhatsApp is on top of them, never instead.
  await expect.poll(() => mailsTo(rig.smtp, buyer.email)).toEqual({ pix: 1, other: 1 });
  await checkout.context.close();

  const seller = await browser.newContext({ baseURL: server.url });
  const panel = await seller.newPage();
  await signIn(panel, PASSWORD);
  // Visão geral: a WhatsApp message went before the payment, so the order counts under WhatsApp.
  await panel.getByRole('link', { name: 'Visão geral' }).click();
  await expect(recoveredToday(panel, 'PIX gerados')).toHaveText('1');
  await expect(recoveredToday(panel, 'Pagos sem lembrete')).toHaveText('0');
  await expect(recoveredToday(panel, 'Pagos após e-mail')).toHaveText('0');
  await expect(recoveredToday(panel, 'Pagos após WhatsApp')).toHaveText('1');
  await expect(recoveredToday(panel, 'Pagos após “Cobrar no WhatsApp”')).toHaveText('0');
  await expect(recoveredToday(panel, 'Receita recuperada')).toHaveText('R$ 19,90');
  await expect(recoveredToday(panel, 'Mensagens pelo WhatsApp')).toHaveText('2');
  // Two messages at the default WHATSAPP_PRICE_CENTS of 4 centavos.
  await expect(recoveredToday(panel, 'Custo estimado')).toHaveText('R$ 0,08');
  await expect(panel.getByRole('region', { name: 'PIX recuperados' })).not.toContainText('Demonstração');

  // The order's log shows both messages as Meta's webhook reported them.
  const log = await openOrderWhatsapp(panel, buyer);
  await expect(log.getByRole('listitem').filter({ hasText: /^PIX/ })).toContainText('entregue');
  await expect(log.getByRole('listitem').filter({ hasText: /^Acesso/ })).toContainText('entregue');
  await seller.close();
});

test('no consent, no message; a number not on WhatsApp falls back to e-mail and the console says why', async ({ browser, rig }) => {
  const { server, cloud } = rig;
  const unticked: Buyer = { name: 'Marta Souza', email: 'marta.cloud@example.com', phone: '(11) 97654-3210', consent: false };
  const first = await generatePix(browser, server, unticked);
  expect(await payAndPostBack(rig.ledger, server.url, first.orderId)).toBe(200);
  await expect(first.dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
  // Both e-mails are out, the access one queued after the payment: whatever WhatsApp would have
  // sent for this order was due by then.
  await expect.poll(() => mailsTo(rig.smtp, unticked.email)).toEqual({ pix: 1, other: 1 });
  await first.context.close();

  const absent: Buyer = { name: 'Paula Reis', email: 'paula.cloud@example.com', phone: '(31) 99876-5432', consent: true };
  cloud.notOnWhatsapp.add(recipient(absent));
  const second = await generatePix(browser, server, absent);
  await messagesTo(cloud, absent, 1);
  await cloud.settled();
  await expect.poll(() => mailsTo(rig.smtp, absent.email)).toEqual({ pix: 1, other: 0 });
  await second.context.close();

  // The unticked buyer's number never reached the Cloud API; the other buyer's did, once.
  expect(cloud.requests.map((request) => (request.body as { to?: string }).to)).toEqual([recipient(absent)]);

  const seller = await browser.newContext({ baseURL: server.url });
  const panel = await seller.newPage();
  await signIn(panel, PASSWORD);
  const none = await openOrderWhatsapp(panel, unticked);
  await expect(none).toContainText('O comprador não pediu mensagens pelo WhatsApp');
  await expect(none).toContainText('Nenhuma mensagem pelo WhatsApp');
  await panel.getByRole('button', { name: /Voltar aos pedidos/ }).click();
  const failed = await openOrderWhatsapp(panel, absent);
  // Why, once (not again on the message it came from), and what the buyer gets instead.
  await expect(failed.getByText(/^WhatsApp não é possível/)).toHaveText(
    'WhatsApp não é possível: o número não está no WhatsApp ou não pode receber mensagens de empresas',
  );
  await expect(failed).toContainText('Os e-mails do pedido (PIX, lembretes e acesso) continuam sendo enviados.');
  await expect(failed.getByRole('listitem').filter({ hasText: /^PIX/ })).toContainText('falhou');
  await seller.close();
});

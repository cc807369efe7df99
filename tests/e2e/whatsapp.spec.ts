import type { Browser } from '@playwright/test';
import { quietHoursAround } from '../support/quiet-hours.ts';
import { expect, payOnSandbox, test } from './fixtures.ts';
import { generatePix, openOrderWhatsapp, recoveredToday, signIn } from './admin-helpers.ts';
import { startServer } from './server.ts';

/**
 * WhatsApp in the demo (no Cloud API; docs/whatsapp.md): a buyer ticks the consent and pays, and the
 * console shows the messages the demo recorded; the seller charges a pending order with "Cobrar no
 * WhatsApp" (a wa.me link with the amount and the order page, never the PIX code), the buyer pays,
 * and Visão geral's recovery table counts that payment for the button.
 */
const PASSWORD = 'senha-do-painel-whatsapp-e2e';

/** Each buyer in a browser of their own, from the pre-sell to the PIX. */
async function openCheckout(browser: Browser, baseURL: string, buyer: { name: string; email: string; consent: boolean }) {
  const context = await browser.newContext({ baseURL });
  const dialog = await generatePix(await context.newPage(), { ...buyer, whatsapp: buyer.consent });
  await expect(dialog.getByRole('link', { name: 'Simular o pagamento deste PIX' })).toBeVisible();
  return { context, dialog };
}

test('the demo records the WhatsApp messages, and a payment after "Cobrar no WhatsApp" counts for the button', async ({ browser }) => {
  // Quiet hours away from now, so the PIX message is not held for the morning.
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD, WHATSAPP_QUIET_HOURS: quietHoursAround(Date.now()) });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    // wa.me is WhatsApp's site: the test answers for it and reads the address the console opened.
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>wa.me</title>' }));

    const asked = { name: 'Joana Prado', email: 'joana.whatsapp@example.com' };
    const first = await openCheckout(browser, server.url, { ...asked, consent: true });
    await payOnSandbox(first.context, first.dialog);
    await expect(first.dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
    await first.context.close();

    const pending = { name: 'Marta Souza', email: 'marta.pendente@example.com' };
    const second = await openCheckout(browser, server.url, { ...pending, consent: false });
    const pixCode = (await second.dialog.getByLabel('PIX copia e cola').inputValue()).trim();

    const panel = await context.newPage();
    await signIn(panel, PASSWORD);
    const log = await openOrderWhatsapp(panel, asked);
    await expect(log).toContainText('O comprador pediu o PIX e o acesso pelo WhatsApp');
    await expect(log.getByRole('listitem').filter({ hasText: /^PIX/ })).toContainText('simulada (sem Cloud API)');
    await expect(log.getByRole('listitem').filter({ hasText: /^Acesso/ })).toContainText('simulada (sem Cloud API)');
    await expect(log.getByRole('button', { name: 'Cobrar no WhatsApp' })).toHaveCount(0);

    await panel.getByRole('button', { name: /Voltar aos pedidos/ }).click();
    const pendingLog = await openOrderWhatsapp(panel, pending);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      pendingLog.getByRole('button', { name: 'Cobrar no WhatsApp' }).click(),
    ]);
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    const opened = new URL(popup.url());
    expect(opened.pathname).toBe('/5521987654321');
    const text = opened.searchParams.get('text')!;
    expect(text).toContain('Olá, Marta!');
    expect(text).toContain('R$\u00a019,90');
    // The order page, absolute, at the site's address (PUBLIC_URL; here the server's own port).
    expect(text).toMatch(new RegExp(`http://(localhost|127\\.0\\.0\\.1):${new URL(server.url).port}/pedido/ref_[A-Za-z0-9_-]+`));
    expect(pixCode.length).toBeGreaterThan(20);
    expect(popup.url()).not.toContain(encodeURIComponent(pixCode).slice(0, 20));
    expect(text).not.toContain(pixCode.slice(0, 20));
    await popup.close();
    await expect(pendingLog.getByRole('listitem').filter({ hasText: /^Cobrança pelo painel/ })).toContainText('aberta no WhatsApp');

    await payOnSandbox(second.context, second.dialog);
    await expect(second.dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
    await second.context.close();

    await panel.getByRole('link', { name: 'Visão geral' }).click();
    await expect(recoveredToday(panel, 'PIX gerados')).toHaveText('2');
    await expect(recoveredToday(panel, 'Pagos após WhatsApp')).toHaveText('1');
    await expect(recoveredToday(panel, 'Pagos após “Cobrar no WhatsApp”')).toHaveText('1');
    await expect(recoveredToday(panel, 'Receita recuperada')).toHaveText('R$ 39,80');
    await context.close();
  } finally {
    await server.stop();
  }
});

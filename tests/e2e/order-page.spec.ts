import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { parseMail } from '../integration/mime.ts';
import { setBuyerOrderColumns } from '../support/db-reads.ts';
import { expect, paySandboxPage, test, watchConsole, withServerDb } from './fixtures.ts';
import type { RunningServer } from './server.ts';

/**
 * The "Seu PIX está pronto" e-mail and the order page it links to (`/pedido/{ref}`),
 * opened in another browser, in each of its states; and the phone-first payment panel
 * (docs/payments.md#pix-e-mails-and-the-order-page).
 */
let buyers = 0;
function newBuyer() {
  buyers += 1;
  const tag = `${process.pid}${buyers}${Date.now().toString(36)}`;
  const digits = `9${String(process.pid * 31 + buyers)
    .padStart(8, '0')
    .slice(-8)}`;
  return { name: 'Joana Lima', email: `joana.${tag}@example.com`, phoneDigits: `21${digits}` };
}

async function openCheckout(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function buy(page: Page, buyer: ReturnType<typeof newBuyer>): Promise<Locator> {
  const dialog = await openCheckout(page);
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill(buyer.phoneDigits);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  return dialog;
}

/**
 * The .eml the server wrote for a kind of message of this buyer (no SMTP_URL: e-mails are files,
 * named by their Message-ID, e.g. `pix-{order}-pix_ready@vitrine.eml`); `kind` is a pattern.
 */
async function mailTo(server: RunningServer, email: string, kind: string) {
  const named = new RegExp(`-${kind}@vitrine\\.eml$`);
  const dir = path.join(server.dataDir, 'outbox');
  const find = () =>
    (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .filter((file) => named.test(file))
      .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
      .find((raw) => raw.includes(`To: ${email}`));
  await expect.poll(() => find() !== undefined, { message: `${kind} e-mail to ${email}` }).toBe(true);
  return parseMail(find()!);
}

test.describe('the PIX e-mail and the order page', () => {
  test.beforeEach(async ({ acceptPresell, context }) => {
    await acceptPresell();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test("the e-mail holds the panel's code and a link that works in another browser: waiting, then confirmed", async ({
    page,
    browser,
    server,
  }) => {
    const buyer = newBuyer();
    const dialog = await buy(page, buyer);
    const code = await dialog.getByLabel('PIX copia e cola').inputValue();

    const mail = await mailTo(server, buyer.email, 'pix_ready');
    expect(mail.text).toContain(code);
    const link = /https?:\/\/\S+\/pedido\/ref_[\w-]+#k=[\w-]+/.exec(mail.text)![0];

    // Another device: no session, no sessionStorage of the buying tab.
    const phone = await browser.newContext({ baseURL: server.url });
    const other = await phone.newPage();
    const consoleClean = watchConsole(other);
    const response = await other.goto(new URL(link).pathname + new URL(link).hash);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    await expect(other.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(other.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await expect(other.getByLabel('PIX copia e cola')).toHaveValue(code);
    await expect(other.getByText(/^Este código expira em (23:5\d:\d{2}|24:00:00)$/)).toBeVisible();
    // The contact key left the address bar at once (no tracker or history keeps it).
    expect(new URL(other.url()).hash).toBe('');

    // The buyer pays in the sandbox; the order page confirms on its own, without a reload.
    const sandboxUrl = await other.getByRole('link', { name: 'Simular o pagamento deste PIX' }).getAttribute('href');
    const bank = await phone.newPage();
    await bank.goto(sandboxUrl!);
    await paySandboxPage(bank);
    await expect(other.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible({ timeout: 15_000 });
    const masked = `${buyer.email[0]}•••@example.com`;
    await expect(other.getByText(`Enviamos o seu acesso para ${masked}.`)).toBeVisible();
    // Never the address in full, nor an access link.
    await expect(other.locator('body')).not.toContainText(buyer.email);
    await expect(other.locator('a[href*="/acesso/"]')).toHaveCount(0);

    // "Reenviar acesso" queues the access e-mail again (one per order per 10 minutes).
    await mailTo(server, buyer.email, 'access_email');
    await other.getByRole('button', { name: 'Reenviar acesso' }).click();
    await expect(other.getByText('Pronto! Enviamos o acesso de novo.', { exact: false })).toBeVisible();
    const resent = await mailTo(server, buyer.email, 'access_resend-\\d+');
    expect(resent.text).toMatch(/\/acesso\/acc_[\w-]+/);
    consoleClean();
    await phone.close();
  });

  test('an expired PIX: "Gerar novo PIX" opens the checkout with the buyer\'s data filled in', async ({ page, browser, server }) => {
    const buyer = newBuyer();
    await buy(page, buyer);
    const mail = await mailTo(server, buyer.email, 'pix_ready');
    const link = new URL(/https?:\/\/\S+\/pedido\/ref_[\w-]+#k=[\w-]+/.exec(mail.text)![0]);
    // The gateway's day went by.
    await withServerDb(server.dataDir, (db) => setBuyerOrderColumns(db, buyer.email, { expires_at: Date.now() - 5_000 }));

    const other = await (await browser.newContext({ baseURL: server.url })).newPage();
    await other.goto(link.pathname + link.hash);
    await expect(other.getByRole('heading', { name: 'Este PIX expirou' })).toBeVisible();
    await other.getByRole('button', { name: 'Gerar novo PIX' }).click();
    const dialog = other.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
    await expect(dialog.getByLabel('Nome completo')).toHaveValue(buyer.name);
    await expect(dialog.getByLabel('E-mail')).toHaveValue(buyer.email);
    await expect(dialog.getByLabel('WhatsApp', { exact: true })).toHaveValue(
      `(21) ${buyer.phoneDigits.slice(2, 7)}-${buyer.phoneDigits.slice(7)}`,
    );
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();

    // Without the e-mail's key (the reference alone, as a tracker sees it) the data stays hidden.
    const bare = await (await browser.newContext({ baseURL: server.url })).newPage();
    await bare.goto(link.pathname);
    await expect(bare.getByRole('heading', { name: 'Este PIX expirou' })).toBeVisible();
    await bare.getByRole('button', { name: 'Gerar novo PIX' }).click();
    await expect(bare.getByRole('dialog').getByLabel('Nome completo')).toHaveValue('');
  });

  test('an unknown reference says so; one not shaped like a reference is also a 404', async ({ page }) => {
    const response = await page.goto('/pedido/ref_naoExisteNenhumPedidoAqui');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
    expect((await page.goto('/pedido/qualquer-coisa'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
  });
});

test.describe('phone-first payment', () => {
  test.beforeEach(async ({ acceptPresell, context }) => {
    await acceptPresell();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('at 390 px "Copiar código PIX" leads and the QR waits under "Pagar com outro aparelho"', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const dialog = await buy(page, newBuyer());
    const copyCode = dialog.getByRole('button', { name: 'Copiar código PIX' });
    await expect(copyCode).toBeVisible();
    await expect(dialog.getByTestId('pix-qr')).toBeHidden();
    await dialog.getByText('Pagar com outro aparelho').click();
    const qr = dialog.getByTestId('pix-qr');
    await expect(qr).toBeVisible();
    expect((await copyCode.boundingBox())!.y).toBeLessThan((await qr.boundingBox())!.y);
    // The steps speak of copying, not scanning, and come before the QR too.
    const firstStep = dialog.getByRole('listitem').filter({ hasText: 'Toque em "Copiar código PIX".' });
    expect((await firstStep.boundingBox())!.y).toBeLessThan((await qr.boundingBox())!.y);

    await copyCode.click();
    await expect(dialog.getByRole('button', { name: '✓ Código copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await dialog.getByLabel('PIX copia e cola').inputValue());
  });

  test('at 1280 px the QR comes first', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const dialog = await buy(page, newBuyer());
    const qr = dialog.getByTestId('pix-qr');
    await expect(qr).toBeVisible();
    await expect(dialog.getByText('Pagar com outro aparelho')).toHaveCount(0);
    const code = dialog.getByLabel('PIX copia e cola');
    expect((await qr.boundingBox())!.y).toBeLessThan((await code.boundingBox())!.y);
    await expect(dialog.getByRole('button', { name: 'Copiar código PIX' })).toHaveCount(0);
  });

  test('"Compartilhar" appears where the browser can share, and hands over the code', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', {
        value: async (data: unknown) => void (window as unknown as { shared: unknown[] }).shared.push(data),
      });
    });
    const dialog = await buy(page, newBuyer());
    await dialog.getByRole('button', { name: 'Compartilhar' }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: Array<{ text: string }> }).shared);
    expect(shared).toEqual([{ title: 'Código PIX', text: await dialog.getByLabel('PIX copia e cola').inputValue() }]);
  });

  test('no "Compartilhar" where the browser cannot share', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    const dialog = await buy(page, newBuyer());
    await expect(dialog.getByLabel('PIX copia e cola')).toBeAttached();
    await expect(dialog.getByRole('button', { name: 'Compartilhar' })).toHaveCount(0);
  });

  test('the phone formats as it is typed, and the caret stays put when editing in the middle', async ({ page }) => {
    const dialog = await openCheckout(page);
    const phone = dialog.getByLabel('WhatsApp', { exact: true });
    await phone.pressSequentially('11987654321');
    await expect(phone).toHaveValue('(11) 98765-4321');
    // Fix a digit in the middle: select the "5" and type a "0" over it.
    await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(9, 10));
    await phone.press('0');
    await expect(phone).toHaveValue('(11) 98760-4321');
    expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(10);
    // Backspace over the hyphen removes the digit before it.
    await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(11, 11));
    await phone.press('Backspace');
    await expect(phone).toHaveValue('(11) 9876-4321');
    // The caret is placed with the new value, not a frame later, when a quick next key would land at
    // the end of the number. A "5" typed after the hyphen moves the hyphen; the caret is read at once.
    const caretAtOnce = await phone.evaluate((input: HTMLInputElement) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '(11) 9876-54321');
      input.setSelectionRange(11, 11);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return { value: input.value, caret: input.selectionStart };
    });
    expect(caretAtOnce).toEqual({ value: '(11) 98765-4321', caret: 10 });
  });

  test('suggests "Você quis dizer joana@gmail.com?" for joana@gmial.com, and accepting it fixes the field', async ({ page }) => {
    const scripts: Array<{ url: string; body: string }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
    });
    const dialog = await openCheckout(page);
    const email = dialog.getByLabel('E-mail');
    await email.fill('joana@gmial.com');
    // The spell checker is not part of the landing page or the modal: it loads when the field is left.
    await page.waitForLoadState('networkidle');
    // Bodies are recorded as they arrive, after the response event: poll until the modal's is in.
    await expect.poll(() => scripts.some((script) => script.body.includes('POPULAR_TLDS'))).toBe(true); // the modal's reference to it
    const beforeBlur = scripts.length;
    expect(scripts.some((script) => /[,"'`]co\.uk[,"'`]/.test(script.body))).toBe(false);
    await dialog.getByLabel('WhatsApp', { exact: true }).focus();
    await expect(dialog.getByText('Você quis dizer', { exact: false })).toHaveText('Você quis dizer joana@gmail.com?');
    // Bodies are recorded as they arrive, after the response event: poll until this one is in.
    await expect.poll(() => scripts.slice(beforeBlur).some((script) => /[,"'`]co\.uk[,"'`]/.test(script.body))).toBe(true);
    await dialog.getByRole('button', { name: 'joana@gmail.com' }).click();
    await expect(email).toHaveValue('joana@gmail.com');
    await expect(dialog.getByText('Você quis dizer', { exact: false })).toHaveCount(0);
    // A right address gets no suggestion.
    await email.focus();
    await dialog.getByLabel('WhatsApp', { exact: true }).focus();
    await expect(dialog.getByText('Você quis dizer', { exact: false })).toHaveCount(0);
  });
});

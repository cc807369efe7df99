import { affiliateFormMessages, affiliatePage, affiliatesConsole, affiliatesPage } from '../../src/content/affiliates.ts';
import { affiliateEmails } from '../../src/content/emails.ts';
import { registerAffiliate } from '../../src/server/affiliates/affiliate-service.ts';
import { affiliateFormSchema } from '../../src/shared/affiliates.ts';
import { decodeHeader, parseMail } from '../integration/mime.ts';
import { startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import { freePort } from '../support/nginx.ts';
import { signIn } from './admin-helpers.ts';
import { expect, test as base, withServerDb } from './fixtures.ts';
import { shoot } from './mails-and-shots.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The affiliate's way in (docs/affiliates.md#the-affiliates-page), in Chromium at 390 px against the built server, its
 * e-mails to a real SMTP server: someone asks to join at /afiliados typing key by key, the seller approves in the
 * console, the approval's link signs the affiliate in at /afiliado, where their link to share is. Another request is
 * refused with a reason typed in the console's dialog, which the refusal's e-mail carries.
 */
const PASSWORD = 'senha-do-painel-afiliados-e2e';

const test = base.extend<{ rig: { server: RunningServer; smtp: TestSmtpServer } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument
  rig: async ({}, use) => {
    const smtp = await startSmtpServer();
    // PUBLIC_URL is the server's own address: the links in the e-mails and the console's origin check.
    const port = await freePort();
    try {
      const server = await startServer({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: smtp.url,
        MAIL_TRANSPORT: 'smtp',
        ADMIN_PASSWORD: PASSWORD,
      });
      try {
        await use({ server, smtp });
      } finally {
        await server.stop();
      }
    } finally {
      await smtp.stop();
    }
  },
});

test.describe.configure({ timeout: 120_000 });

/** The link in the e-mail `subject` the SMTP server took for `email`, once it has come. */
async function linkIn(smtp: TestSmtpServer, email: string, subject: string): Promise<string> {
  const find = () =>
    smtp.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => parseMail(mail.raw))
      .find((mail) => decodeHeader(mail.headers.get('subject') ?? '') === subject);
  await expect.poll(() => find() !== undefined, { timeout: 20_000 }).toBe(true);
  return /https?:\/\/\S+\/afiliado\/afl_[\w-]+/.exec(find()!.text)![0];
}

test('asks to join, is approved in the console, signs in by the e-mailed link and sees their link', async ({ browser, rig }) => {
  const { server, smtp } = rig;
  const stamp = Date.now().toString(36);
  const typed = `bia.${stamp}@gmial.com`;
  const email = `bia.${stamp}@gmail.com`;

  const visitor = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  const page = await visitor.newPage();
  await page.goto('/afiliados');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(affiliatesPage.headline);
  await shoot(page, 'afiliados', undefined, { fullPage: true });

  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field(affiliatesPage.fields.name).pressSequentially('Beatriz Moura');
  await field(affiliatesPage.fields.email).pressSequentially(typed);
  await field(affiliatesPage.fields.document).pressSequentially('52998224726');
  // A slip on the last digit, fixed as a person fixes it.
  await field(affiliatesPage.fields.document).press('Backspace');
  await field(affiliatesPage.fields.document).pressSequentially('5');
  await expect(field(affiliatesPage.fields.document)).toHaveValue('52998224725');
  await field(affiliatesPage.fields.pixKey).pressSequentially('(11) 97654-3210');
  // Leaving the e-mail field checks it for a typo, as the checkout does.
  await expect(page.getByRole('button', { name: email })).toBeVisible();
  await page.getByRole('button', { name: email }).click();
  await expect(field(affiliatesPage.fields.email)).toHaveValue(email);
  await field(affiliatesPage.fields.promotes).pressSequentially('Grupo de WhatsApp de ofertas, 400 pessoas');
  await page.getByLabel(affiliatesPage.acceptTerms).check();
  await page.getByRole('button', { name: affiliatesPage.submit }).click();
  await expect(page.getByRole('heading', { name: affiliatesPage.sent.title })).toBeVisible();

  // The seller approves in the console (its service worker blocked, as every console spec does).
  const seller = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const panel = await seller.newPage();
  await signIn(panel, PASSWORD);
  await panel.goto('/painel#afiliados');
  const card = panel.getByRole('listitem').filter({ hasText: 'Beatriz Moura' });
  await expect(card).toContainText(affiliatesConsole.states.pending);
  await card.getByRole('button', { name: affiliatesConsole.actions.approve }).click();
  await expect(card).toContainText(affiliatesConsole.states.active);
  const code = (await card.locator('.font-mono').textContent())!.trim();

  // The approval's link, as the SMTP server received it, opens the affiliate's page once.
  const link = await linkIn(smtp, email, affiliateEmails.approved.subject);
  await page.goto(link);
  await expect(page).toHaveURL(`${server.url}/afiliado`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(affiliatePage.greeting('Beatriz'));
  await expect(page.getByText(`${server.url}/presell?af=${code}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${server.url}/?af=${code}`, { exact: true })).toBeVisible();
  await expect(page.getByText(affiliatePage.sales.empty)).toBeVisible();
  await shoot(page, 'afiliado', undefined, { fullPage: true });

  // Used once: the same link again signs no one in.
  const again = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  const stranger = await again.newPage();
  await stranger.goto(link);
  await expect(stranger.getByText(affiliatePage.signIn.invalidLink)).toBeVisible();
  await shoot(stranger, 'afiliado-entrar', undefined, { fullPage: true });

  await Promise.all([visitor.close(), seller.close(), again.close()]);
});

test('refusing a request asks the reason in a dialog: typed key by key, kept when closed and over a reload, e-mailed', async ({
  browser,
  rig,
}) => {
  const { server, smtp } = rig;
  const email = `caio.${Date.now().toString(36)}@example.com`;
  await withServerDb(server.dataDir, async (db) => {
    const form = affiliateFormSchema(affiliateFormMessages).parse({
      name: 'Caio Nunes',
      email,
      document: '52998224725',
      pixKey: email,
      promotes: 'Perfil no Instagram',
    });
    const registered = await registerAffiliate(db.db, form, 'pending', Date.now());
    if (!registered.ok) throw new Error(registered.reason);
  });

  const seller = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const panel = await seller.newPage();
  // Nothing is asked with the browser's own prompt any more: one would fail the test here.
  panel.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
  await signIn(panel, PASSWORD);
  await panel.goto('/painel#afiliados');
  const card = panel.getByRole('listitem').filter({ hasText: 'Caio Nunes' });
  const words = affiliatesConsole.decide.refuse;
  const dialog = panel.getByRole('dialog', { name: words.title('Caio Nunes') });
  const reason = dialog.getByLabel(words.field);

  await card.getByRole('button', { name: affiliatesConsole.actions.refuse }).click();
  // Nothing written: it says so, and the dialog stays.
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(words.required);
  await expect(reason).toHaveAttribute('aria-invalid', 'true');

  // "Cancelar" forgets what was written.
  await reason.pressSequentially('Rascunho');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: affiliatesConsole.actions.refuse }).click();
  await expect(reason).toHaveValue('');

  // Typed as a person types, with a slip fixed by Backspace.
  await reason.pressSequentially('Seu perfil ainda nao tem publicacoes sobre o temaa');
  await panel.keyboard.press('Backspace');
  await panel.keyboard.type('. Tente de novo em 3 meses.');
  const typed = 'Seu perfil ainda nao tem publicacoes sobre o tema. Tente de novo em 3 meses.';
  await expect(reason).toHaveValue(typed);

  // Closed with Esc and opened again: the reason is still there.
  await panel.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: affiliatesConsole.actions.refuse }).click();
  await expect(reason).toHaveValue(typed);
  await shoot(panel, 'afiliados-recusar', dialog);

  // Over a reload too, with the console's "Recuperamos o que você digitou.".
  await panel.reload();
  await card.getByRole('button', { name: affiliatesConsole.actions.refuse }).click();
  await expect(reason).toHaveValue(typed);
  await expect(dialog.getByRole('status')).toHaveText('Recuperamos o que você digitou.');

  // A paste past the limit stays whole and is not sent; shortened again, it is.
  const long = ' Motivo longo.'.repeat(20);
  await reason.press('End');
  await panel.keyboard.insertText(long);
  await expect(dialog.getByText(`${typed.length + long.length}/300 caracteres`)).toContainText('Encurte-o para salvar.');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toBeVisible();
  await reason.press('ControlOrMeta+A');
  await reason.pressSequentially(typed);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(affiliatesConsole.states.removed);
  await expect(card).toContainText(`${affiliatesConsole.reason}: ${typed}`);
  // Sent: the draft is gone from this browser.
  expect(await panel.evaluate(() => Object.keys(window.localStorage).filter((key) => key.includes('affiliate-')))).toEqual([]);

  // The applicant's e-mail carries the reason.
  const find = () =>
    smtp.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => parseMail(mail.raw))
      .find((mail) => decodeHeader(mail.headers.get('subject') ?? '') === affiliateEmails.refused.subject);
  await expect.poll(() => find() !== undefined, { timeout: 20_000 }).toBe(true);
  expect(find()!.text.replace(/\s+/g, ' ')).toContain(`Motivo informado: ${typed}`);

  await seller.close();
});

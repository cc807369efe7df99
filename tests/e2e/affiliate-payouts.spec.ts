import { registerAffiliate } from '../../src/server/affiliates/affiliate-service.ts';
import { payoutSettings } from '../../src/server/affiliates/payouts.ts';
import { affiliateFormMessages } from '../../src/content/affiliates.ts';
import { affiliateFormSchema } from '../../src/shared/affiliates.ts';
import { signIn } from './admin-helpers.ts';
import { expect, payOnSandbox, test, withServerDb } from './fixtures.ts';
import { expectNoAxeViolations, shoot } from './mails-and-shots.ts';
import { startClockedServer } from './server.ts';

/**
 * The seller pays an affiliate in the console (docs/affiliates.md#payouts), in Chromium at a phone's width against the
 * production build, where no provider sends PIX (the demo's sandbox): a buyer pays through the affiliate's link, the
 * guarantee passes on the server's clock, the seller sets the schedule (its amounts typed key by key and pasted), sees the batch with its total, approves it with a
 * second tap above the limit, pays the key in the bank's app and taps "Marcar como pago"; the money shows as paid.
 */
const PASSWORD = 'senha-do-painel-repasses-e2e';
const DAY = 24 * 60 * 60_000;
const PHONE = { width: 390, height: 844 };

test('the seller approves the batch, twice above the limit, and marks the PIX paid by hand', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await startClockedServer({ ADMIN_PASSWORD: PASSWORD });
  try {
    const affiliate = await withServerDb(server.dataDir, async (db) => {
      const form = affiliateFormSchema(affiliateFormMessages).parse({
        name: 'Ana Lima',
        email: 'ana.afiliada@example.com',
        document: '52998224725',
        pixKey: 'ana.pix@example.com',
        promotes: 'Instagram',
      });
      const registered = await registerAffiliate(db.db, form, 'active', Date.now());
      if (!registered.ok) throw new Error(registered.reason);
      return registered.affiliate;
    });

    // A buyer comes through the link and pays in the same visit.
    const buyerContext = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    const page = await buyerContext.newPage();
    await page.goto(`/?af=${affiliate.code}`);
    await page.getByRole('button', { name: 'Sim, quero!' }).click();
    await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
    await dialog.getByLabel('Nome completo').fill('Rui Costa');
    await dialog.getByLabel('E-mail').fill('rui.costa@example.com');
    await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987654321');
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    await payOnSandbox(buyerContext, dialog);
    await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
    await buyerContext.close();
    await server.advance(9 * DAY);

    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: PHONE,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const seller = await context.newPage();
    await signIn(seller, PASSWORD);
    await seller.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Afiliados' }).click();
    const payouts = seller.getByRole('region', { name: 'Repasses' });
    await expect(payouts.getByText('Nenhum afiliado com valor disponível acima do mínimo.')).toBeVisible();
    await expect(payouts.getByText(/pague cada linha no app do banco/)).toBeVisible();

    // The amounts typed key by key as a seller types a price, each saved and read back from the database.
    const schedule = payouts.getByRole('form', { name: 'Agenda dos repasses' });
    const minimum = schedule.getByLabel('Valor mínimo por afiliado (R$)');
    const limit = schedule.getByLabel('Pedir segunda confirmação acima de (R$)');
    await expect(minimum).toHaveValue('50,00');
    await expect(limit).toHaveValue('1000,00');
    const save = async (expected: Partial<{ weekday: number; minCents: number; confirmAboveCents: number }>) => {
      await schedule.getByRole('button', { name: 'Salvar agenda' }).click();
      await expect(schedule.getByRole('status')).toHaveText('Agenda salva.');
      await expect.poll(() => withServerDb(server.dataDir, (db) => payoutSettings(db.db))).toMatchObject(expected);
    };
    await schedule.getByLabel('Dia da semana').selectOption({ label: 'Sexta-feira' });
    await minimum.click();
    await minimum.press('ControlOrMeta+A');
    await minimum.press('Backspace');
    await minimum.pressSequentially('5');
    await save({ weekday: 5, minCents: 500 });
    // Back in the box after each save, as a person does: a tap on it, the caret after what is there.
    const typeAtEnd = async (text: string) => {
      await minimum.click();
      await minimum.press('End');
      await minimum.pressSequentially(text);
    };
    await typeAtEnd('0');
    await expect(minimum).toHaveValue('50');
    await save({ minCents: 5000 });
    // Above the minimum of R$ 50,00 the affiliate's R$ 7,96 is not payable yet.
    await expect(payouts.getByText('Nenhum afiliado com valor disponível acima do mínimo.')).toBeVisible();
    await typeAtEnd(',00');
    await expect(minimum).toHaveValue('50,00');
    await save({ minCents: 5000 });
    await minimum.click();
    await minimum.press('End');
    for (let key = 0; key < 4; key += 1) await minimum.press('Backspace');
    await expect(minimum).toHaveValue('5');
    // Half-erased is no amount: refused in words, tied to the box, and nothing is stored.
    await limit.click();
    await limit.press('ControlOrMeta+A');
    await limit.pressSequentially('R$');
    await schedule.getByRole('button', { name: 'Salvar agenda' }).click();
    await expect(schedule.getByRole('alert')).toHaveText('Informe valores em reais, como 50,00.');
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await expect(minimum).not.toHaveAttribute('aria-invalid', 'true');
    // A paste of a formatted amount, as copied from a bank's app.
    await limit.press('ControlOrMeta+A');
    await seller.evaluate(() => navigator.clipboard.writeText('R$ 1.000,00'));
    await limit.press('ControlOrMeta+V');
    await expect(limit).toHaveValue('R$ 1.000,00');
    // The refusal spoke of the text before: it goes as the seller changes it.
    await expect(schedule.getByRole('alert')).toHaveCount(0);
    await save({ minCents: 500, confirmAboveCents: 100_000 });
    await limit.press('ControlOrMeta+A');
    await limit.pressSequentially('5,00');
    await save({ weekday: 5, minCents: 500, confirmAboveCents: 500 });

    const batch = payouts.getByRole('list', { name: 'Disponível para repassar agora' });
    await expect(batch.getByRole('listitem')).toHaveCount(1);
    await expect(batch.getByRole('listitem')).toContainText('Ana Lima');
    await expect(batch.getByRole('listitem')).toContainText('ana.pix@example.com');
    await expect(batch.getByRole('listitem')).toContainText('R$ 7,96');
    await expect(payouts.getByText('Total do lote: R$ 7,96')).toBeVisible();
    await expect(payouts.getByText(/^Próximo repasse: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

    // Above the limit: the first tap asks for a second.
    await payouts.getByRole('button', { name: 'Aprovar repasse de R$ 7,96' }).click();
    await expect(payouts.getByText('O total passa do seu limite: confirme mais uma vez.')).toBeVisible();
    await shoot(seller, 'afiliados-repasses-lote', payouts);
    await payouts.getByRole('button', { name: 'Confirmar de novo: enviar R$ 7,96' }).click();
    await expect(payouts.getByText('Lote aprovado. Os envios aparecem abaixo.')).toBeVisible();
    const history = payouts.getByRole('list', { name: 'Repasses feitos' });
    await expect(history.getByRole('listitem')).toContainText('Na fila');
    await shoot(seller, 'afiliados-repasses', payouts);
    // The payouts as axe-core reads them: no serious or critical violation.
    await expectNoAxeViolations(seller, '[aria-labelledby="payouts-title"]', ['serious', 'critical']);

    await history.getByRole('button', { name: 'Marcar como pago' }).click();
    await expect(history.getByRole('listitem')).toContainText('Pago');
    await expect(history.getByRole('button', { name: 'Marcar como pago' })).toHaveCount(0);
    await expect(payouts.getByRole('list', { name: 'Pago por afiliado e por mês' })).toContainText('Ana Lima');
    await expect(payouts.getByRole('list', { name: 'Pago por afiliado e por mês' })).toContainText('R$ 7,96');
    // The layout holds at 390 px: nothing wider than the screen.
    expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await server.stop();
  }
});

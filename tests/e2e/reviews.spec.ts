import type { Page } from '@playwright/test';
import { accessLinkIn, buyInSandbox, signIn } from './admin-helpers.ts';
import { ordersBy, readOutboxRow } from '../support/db-reads.ts';
import { contextApi, expect, presellAnsweredContext, test, watchConsole, withServerDb } from './fixtures.ts';
import { expectNoAxeViolations, shoot, waitForMail } from './mails-and-shots.ts';
import { startClockedServer } from './server.ts';

/**
 * Verified-buyer reviews (docs/reviews.md) as their two people live them, in real Chromium against
 * the production build: the buyer opens the "Como está sendo a lista?" e-mail's link and writes a
 * review, the seller publishes it in the console, the landing page's section 6 shows it as a
 * verified purchase, and the buyer withdraws it from the member page, which takes it off the site.
 * After a refund the review leaves the site and its page still lets the buyer withdraw it. With
 * axe-core on the review page and the console's section, and screenshots for a person to see.
 */
const PASSWORD = 'senha-do-painel-depoimentos-e2e';
const BUYER = { name: 'Marina Albuquerque', email: 'marina.albuquerque@example.com' };
const REVIEW_TEXT = 'Achei três fornecedores de roupas no primeiro dia e já fiz o meu primeiro pedido. Vale cada centavo.';
const SERIOUS = ['serious', 'critical'] as const;
const DAY = 24 * 60 * 60_000;

const reviewsRegion = (page: Page) => page.getByRole('region', { name: 'Quem comprou, avalia' });

test.describe('reviews', () => {
  test('the buyer reviews from the e-mail, the seller publishes, the landing page shows it, the buyer withdraws it', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    // The server's clock moves a day ahead in the test (tests/support/clocked-server.ts).
    const server = await startClockedServer({ ADMIN_PASSWORD: PASSWORD, REVIEW_REQUEST_DAYS: '1', REVIEWS_MIN: '1' });
    try {
      const buyer = await browser.newContext({ baseURL: server.url });
      await buyInSandbox(buyer, BUYER);

      // The payment queued the request for a day later; it is not sent yet.
      const row = await withServerDb(server.dataDir, async (db) => {
        const order = (await ordersBy(db, 'buyer_email', BUYER.email)).find((each) => each.status === 'paid');
        return readOutboxRow(db, order!.id, 'review_request');
      });
      expect(row, 'the payment queued the review request').toBeDefined();
      expect(row!.sentAt).toBeNull();
      expect(row!.nextAttemptAt).toBeGreaterThan(Date.now() + 23 * 60 * 60_000);
      // The day passes on the server's clock.
      await server.advance(DAY + 60_000);

      // The outbox worker polls every 5 s; the due row goes out at its next poll.
      const reviewMail = await waitForMail(server, BUYER.email, 'Como está sendo a lista?', 30_000);
      const reviewLink = /href="([^"]*\/avaliar\/[^"#]+#t=[^"]+)"/.exec(reviewMail.html)?.[1];
      expect(reviewLink, 'the review e-mail links /avaliar/{ref}#t={key}').toBeDefined();

      // The e-mail as the buyer's mail app shows it (its HTML part, on a page of its own).
      const mailPage = await buyer.newPage();
      await mailPage.setContent(reviewMail.html);
      await expect(mailPage.getByRole('link', { name: 'Avaliar a lista' })).toHaveAttribute('href', reviewLink!);
      await shoot(mailPage, 'review-email', undefined, { fullPage: true });
      await mailPage.close();

      // The review page: 5 stars, the words, the prefilled name, the consent.
      const page = await buyer.newPage();
      const pageErrors = watchConsole(page);
      await page.goto(reviewLink!);
      await expect(page.getByRole('heading', { level: 1, name: 'Como foi a sua experiência?' })).toBeVisible();
      await expect(page.getByText(/^Compra verificada em /)).toBeVisible();
      // The buyer taps the fifth star, the radio's label (the radio itself is visually hidden).
      const fiveStars = page.getByRole('radio', { name: '5 estrelas' });
      await page.locator('label', { has: fiveStars }).click();
      await expect(fiveStars).toBeChecked();
      await page.getByLabel('Seu depoimento').fill(REVIEW_TEXT);
      await expect(page.getByText(`${REVIEW_TEXT.length} de 500 caracteres`)).toBeVisible();
      const name = page.getByLabel('Nome que aparece');
      await expect(name).not.toHaveValue('');
      const displayName = await name.inputValue();
      await page.getByRole('checkbox', { name: 'Autorizo publicar meu depoimento com este nome na página de vendas' }).check();
      await expectNoAxeViolations(page, undefined, SERIOUS);
      await shoot(page, 'review-page-form', undefined, { fullPage: true });
      await page.getByRole('button', { name: 'Enviar depoimento' }).click();
      await expect(page.getByText('Obrigado! Seu depoimento será publicado depois de revisado.')).toBeVisible();
      await expect(page.getByText('Situação: Em revisão')).toBeVisible();
      await expectNoAxeViolations(page, undefined, SERIOUS);
      pageErrors();

      // The seller publishes it.
      const seller = await browser.newContext({ baseURL: server.url });
      const panel = await seller.newPage();
      const panelErrors = watchConsole(panel);
      await signIn(panel, PASSWORD);
      await panel.getByRole('link', { name: 'Depoimentos' }).click();
      const pending = panel.getByRole('region', { name: 'Pendentes (1)' });
      await expect(pending).toContainText(REVIEW_TEXT);
      await pending.getByRole('button', { name: 'Publicar' }).click();
      const published = panel.getByRole('region', { name: 'Publicados (1)' });
      await expect(published).toContainText(REVIEW_TEXT);
      await expect(published).toContainText(displayName);
      await expect(panel.getByText('Nota média 5,0 de 5 em 1 depoimento publicado.')).toBeVisible();
      await expectNoAxeViolations(panel, undefined, SERIOUS);
      await shoot(panel, 'console-reviews-published', undefined, { fullPage: true });
      panelErrors();
      await seller.close();

      // Section 6 of the landing page shows it, as a verified purchase.
      const visitor = await presellAnsweredContext(browser, server.url);
      const landing = await visitor.newPage();
      const landingErrors = watchConsole(landing);
      await landing.goto('/');
      const section = reviewsRegion(landing);
      await expect(section).toContainText(REVIEW_TEXT);
      await expect(section).toContainText(displayName);
      await expect(section.getByText(/Compra verificada/)).toBeVisible();
      // Section 6: right after the top-up offer (section 5).
      const titles = await landing.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
      expect(titles.indexOf('Quem comprou, avalia')).toBe(titles.indexOf('Recarga de celular com 80% OFF') + 1);
      await shoot(landing, 'landing-reviews-section', section);
      landingErrors();

      // The buyer withdraws it from the member page, from the access e-mail's link.
      const accessMail = await waitForMail(server, BUYER.email, 'Seu acesso à Lista de Fornecedores Secretos Vitalícia está liberado');
      const member = await buyer.newPage();
      const memberErrors = watchConsole(member);
      await member.goto(accessLinkIn(accessMail.file));
      const card = member.getByRole('region', { name: 'Seu depoimento' });
      await expect(card).toContainText(REVIEW_TEXT);
      await expect(card).toContainText('Situação: Publicado');
      await card.getByRole('button', { name: 'Retirar depoimento' }).click();
      await member.getByRole('dialog', { name: 'Retirar seu depoimento?' }).getByRole('button', { name: 'Sim, retirar' }).click();
      await expect(card).toContainText('Seu depoimento foi retirado e não aparece mais na página.');
      memberErrors();

      // The server refreshes the landing page on the change; a reload or two at most.
      await expect(async () => {
        await landing.reload();
        await expect(landing.getByText(REVIEW_TEXT)).toHaveCount(0, { timeout: 1000 });
      }).toPass({ timeout: 15_000, intervals: [500, 1000] });
      await expect(reviewsRegion(landing)).toHaveCount(0);
      landingErrors();

      await visitor.close();
      await buyer.close();
    } finally {
      await server.stop();
    }
  });

  test('after "Marcar como reembolsado" the review leaves the site; its page still opens, says why, and withdraws it', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const server = await startClockedServer({ ADMIN_PASSWORD: PASSWORD, REVIEW_REQUEST_DAYS: '1', REVIEWS_MIN: '1' });
    const refunded = { name: 'Otávio Refundado', email: 'otavio.refundado@example.com' };
    const text = 'Usei a lista por uns dias e depois pedi o dinheiro de volta, sem problema nenhum.';
    try {
      const buyer = await browser.newContext({ baseURL: server.url });
      await buyInSandbox(buyer, refunded);
      const order = (await withServerDb(server.dataDir, (db) => ordersBy(db, 'buyer_email', refunded.email))).find(
        (row) => row.status === 'paid',
      );
      await server.advance(DAY + 60_000);
      const reviewMail = await waitForMail(server, refunded.email, 'Como está sendo a lista?', 30_000);
      const reviewLink = /href="([^"]*\/avaliar\/[^"#]+#t=[^"]+)"/.exec(reviewMail.html)![1]!;

      const page = await buyer.newPage();
      const pageErrors = watchConsole(page);
      await page.goto(reviewLink);
      const fiveStars = page.getByRole('radio', { name: '5 estrelas' });
      await page.locator('label', { has: fiveStars }).click();
      await page.getByLabel('Seu depoimento').fill(text);
      await page.getByRole('checkbox', { name: 'Autorizo publicar meu depoimento com este nome na página de vendas' }).check();
      await page.getByRole('button', { name: 'Enviar depoimento' }).click();
      await expect(page.getByText('Situação: Em revisão')).toBeVisible();

      // The seller publishes it, then refunds the purchase by hand and marks it.
      const seller = await browser.newContext({ baseURL: server.url });
      const panel = await seller.newPage();
      await signIn(panel, PASSWORD);
      await panel.getByRole('link', { name: 'Depoimentos' }).click();
      await panel.getByRole('region', { name: 'Pendentes (1)' }).getByRole('button', { name: 'Publicar' }).click();
      await expect(panel.getByRole('region', { name: 'Publicados (1)' })).toContainText(text);
      const marked = await contextApi(seller, server.url)(`/api/admin/orders/${order!.id}/refund`, {
        method: 'POST',
        headers: { Origin: server.url },
      });
      expect(marked.status).toBe(200);
      await panel.reload();
      await panel.getByRole('link', { name: 'Depoimentos' }).click();
      await expect(panel.getByRole('region', { name: 'Publicados (1)' })).toContainText('Fora da página: compra reembolsada');
      await expect(panel.getByText('Nenhum depoimento publicado ainda.')).toBeVisible();
      await seller.close();

      // Off the landing page within the 2 s check.
      const visitor = await presellAnsweredContext(browser, server.url);
      const landing = await visitor.newPage();
      await expect(async () => {
        await landing.goto('/');
        await expect(landing.getByText(text)).toHaveCount(0, { timeout: 1000 });
      }).toPass({ timeout: 15_000, intervals: [500, 1000] });
      await visitor.close();

      // The review page opens on the review, says why it is off the site, and only withdraws it.
      await page.reload();
      await expect(page.getByText(/Esta compra foi reembolsada \(ou está em reembolso\)/)).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByText('Situação: Fora da página (compra reembolsada)')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
      await expect(page.getByText('Não foi possível carregar a página.')).toHaveCount(0);
      await expectNoAxeViolations(page, undefined, SERIOUS);
      await shoot(page, 'review-page-refunded', undefined, { fullPage: true });
      await page.getByRole('button', { name: 'Retirar depoimento' }).click();
      await page.getByRole('dialog', { name: 'Retirar seu depoimento?' }).getByRole('button', { name: 'Sim, retirar' }).click();
      await expect(page.getByText('Seu depoimento foi retirado e não aparece mais na página.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Enviar depoimento' })).toHaveCount(0);
      pageErrors();
      await buyer.close();
    } finally {
      await server.stop();
    }
  });
});

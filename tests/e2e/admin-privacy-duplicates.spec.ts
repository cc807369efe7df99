import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { contextApi, expect, test } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';
import { buyInSandbox, signIn } from './admin-helpers.ts';

/**
 * The seller's console in real Chromium against the production build: Dados pessoais (LGPD)
 * exports and erases a buyer who bought in the sandbox, and a buyer who paid twice shows up as a
 * duplicate payment to refund. Each test gets its own server and SQLite file.
 */

const PASSWORD = 'senha-do-painel-lgpd-e2e';

async function withConsoleServer(browser: Browser, run: (server: RunningServer, page: Page) => Promise<void>) {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
  try {
    await run(server, await context.newPage());
  } finally {
    await context.close();
    await server.stop();
  }
}

/** A purchase in a browser of its own (a fresh visitor, who sees the pre-sell page first). */
async function buyAsNewVisitor(browser: Browser, server: RunningServer, buyer: { name: string; email: string }) {
  const context = await browser.newContext({ baseURL: server.url });
  await buyInSandbox(context, buyer);
  await context.close();
}

type Audit = { entries: Array<{ action: string; orderId: string | null; detail: string | null }> };

/** The console's audit, read through its API with the signed-in page's session. */
async function auditOf(server: RunningServer, page: Page): Promise<Audit> {
  return (await (await contextApi(page.context(), server.url)('/api/admin/audit')).json()) as Audit;
}

test("Dados pessoais: the export has the buyer's order; deleting needs the e-mail typed again, erases it and is audited", async ({
  browser,
}) => {
  await withConsoleServer(browser, async (server, page) => {
    const email = 'helena.prates@example.com';
    await buyAsNewVisitor(browser, server, { name: 'Helena Prates', email });
    await signIn(page, PASSWORD);
    await page.getByRole('link', { name: 'Dados pessoais' }).click();
    await expect(page.getByRole('heading', { name: 'Dados pessoais (LGPD)' })).toBeVisible();

    await page.getByLabel('E-mail do comprador').fill('Helena.Prates@Example.com');
    await page.getByRole('button', { name: 'Buscar comprador' }).click();
    const found = page.getByRole('list', { name: '1 pedido com este e-mail' });
    await expect(found.getByRole('listitem')).toHaveCount(1);
    await expect(found).toContainText('Helena Prates');
    await expect(found).toContainText('Pago');
    // The status reads as in Pedidos: the same green badge, not plain text.
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color, radius: style.borderRadius };
    };
    const privacyBadge = await found.getByText('Pago', { exact: true }).evaluate(look);
    expect(privacyBadge.background).not.toBe('rgba(0, 0, 0, 0)');

    // The download is the JSON `npm run buyer -- export` prints.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar dados (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dados-pessoais.json');
    const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      email: string;
      orders: Array<{
        status: string;
        name: string;
        email: string;
        phone: string;
        amountCents: number;
        paidAt: string | null;
        emails: unknown[];
      }>;
    };
    expect(exported.email).toBe(email);
    expect(exported.orders).toHaveLength(1);
    expect(exported.orders[0]).toMatchObject({ status: 'paid', name: 'Helena Prates', email, phone: '21987654321', amountCents: 1990 });
    expect(exported.orders[0]!.paidAt).not.toBeNull();
    expect(exported.orders[0]!.emails.length).toBeGreaterThan(0);
    await expect(page.getByText('Arquivo gerado. Envie-o ao comprador por um canal seguro.')).toBeVisible();

    // Irreversible: "Confirmar" stays off until the same address is typed.
    await page.getByRole('button', { name: 'Apagar dados pessoais' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apagar os dados pessoais?' });
    await expect(dialog).toContainText(`Nome, e-mail, telefone e CPF de ${email}`);
    const confirm = dialog.getByRole('button', { name: 'Confirmar' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Digite o e-mail do comprador para confirmar').fill('helena@example.com');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Digite o e-mail do comprador para confirmar').fill(email);
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Dados pessoais apagados de 1 pedido: nome, e-mail, telefone, CPF/)).toBeVisible();
    const erased = page.getByRole('list', { name: 'Pedidos apagados' });
    await expect(erased.getByRole('listitem')).toHaveCount(1);
    await expect(erased).not.toContainText('Helena');

    // The same search finds nothing now, here and in Pedidos.
    await page.getByRole('button', { name: 'Buscar comprador' }).click();
    await expect(page.getByText(`Nenhum pedido com o e-mail ${email}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Pedidos', exact: true }).click();
    await page.getByLabel('Buscar').fill(email);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByRole('status').filter({ hasText: '0 pedidos' })).toBeVisible();
    await expect(page.getByText('Nenhum pedido encontrado.')).toBeVisible();

    // The paid order stays, for the books, without the buyer; its timeline shows both actions.
    await page.getByLabel('Buscar').fill('');
    await page.getByLabel('Status').selectOption({ label: 'Pago' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 pedido' })).toBeVisible();
    const ordersBadge = await page
      .getByRole('button', { name: /^Ver pedido de/ })
      .getByText('Pago', { exact: true })
      .evaluate(look);
    expect(privacyBadge).toEqual(ordersBadge);
    await page.getByRole('button', { name: /^Ver pedido de/ }).click();
    const timeline = page.getByRole('list', { name: 'Linha do tempo' });
    await expect(timeline.getByText('Ação no painel: Dados pessoais exportados (LGPD)')).toBeVisible();
    await expect(timeline.getByText('Ação no painel: Dados pessoais apagados (LGPD)')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'R$ 19,90' })).toBeVisible();

    const audit = await auditOf(server, page);
    const lgpd = audit.entries.filter((entry) => entry.action === 'export_buyer' || entry.action === 'delete_buyer');
    expect(lgpd.map((entry) => entry.action).sort()).toEqual(['delete_buyer', 'export_buyer']);
    expect(lgpd.every((entry) => entry.orderId?.startsWith('ord_'))).toBe(true);
    expect(JSON.stringify(audit)).not.toContain('helena');
  });
});

test('a buyer who pays twice: the second order is marked for refund, links to the first, is counted and can be marked refunded', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  await withConsoleServer(browser, async (server, page) => {
    const buyer = { name: 'Otávio Ramos', email: 'otavio.ramos@example.com' };
    await buyAsNewVisitor(browser, server, buyer);
    // The buyer did not see the e-mail and bought again.
    await buyAsNewVisitor(browser, server, buyer);
    await signIn(page, PASSWORD);

    // Visão geral counts it and leads to the list of duplicates.
    await expect(page.getByText('1 pagamento duplicado para reembolsar: o mesmo comprador pagou duas vezes.')).toBeVisible();
    await page.getByRole('link', { name: 'Ver os duplicados' }).click();
    await expect(page.getByLabel('Status')).toHaveValue('duplicate');
    await expect(page.getByRole('status').filter({ hasText: '1 pedido' })).toBeVisible();
    const row = page.getByRole('button', { name: 'Ver pedido de Otávio Ramos (Pagamento duplicado — reembolsar)' });
    await expect(row).toContainText('Pagamento duplicado — reembolsar');

    // Both orders in the full list; only the second carries the marker.
    await page.getByLabel('Status').selectOption({ label: 'Todos' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 pedidos' })).toBeVisible();
    await expect(page.getByText('Pagamento duplicado — reembolsar')).toHaveCount(1);

    await row.click();
    const duplicateId = (await page.getByRole('heading', { name: /^Pedido ord_/ }).innerText()).replace('Pedido ', '');
    await expect(page.getByText('Este comprador já tinha pago outro pedido.', { exact: false })).toBeVisible();
    const originalLink = page.getByRole('link', { name: /^ord_/ });
    const originalId = await originalLink.innerText();
    expect(originalId).not.toBe(duplicateId);
    await originalLink.click();
    await expect(page.getByRole('heading', { name: `Pedido ${originalId}` })).toBeVisible();
    await expect(page.getByText('Pagamento duplicado — reembolsar')).toHaveCount(0);
    expect(new URL(page.url()).hash).toBe(`#pedidos/${originalId}`);

    // Saúde flags it with the fix.
    await page.getByRole('link', { name: 'Saúde' }).click();
    const check = page.getByRole('listitem').filter({ hasText: 'Pagamentos duplicados' });
    await expect(check.getByLabel('Atenção')).toHaveText('✗');
    await expect(check).toContainText('1 pagamento duplicado para reembolsar');

    // A link to the duplicate opens it; "Marcar como reembolsado" clears the count.
    await page.goto(`/painel#pedidos/${duplicateId}`);
    await expect(page.getByRole('heading', { name: `Pedido ${duplicateId}` })).toBeVisible();
    await page.getByRole('button', { name: 'Marcar como reembolsado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Marcar como reembolsado?' });
    await expect(dialog).toContainText('o comprador mantém o acesso pelo pedido original');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Pedido marcado como reembolsado.')).toBeVisible();
    await expect(page.getByText('Pagamento duplicado — reembolsado').first()).toBeVisible();
    await expect(page.getByText('Este pagamento duplicado já foi marcado como reembolsado.')).toBeVisible();

    await page.getByRole('link', { name: 'Saúde' }).click();
    await expect(check.getByLabel('OK')).toHaveText('✓');
    await expect(check).toContainText('Nenhum para reembolsar');
    await page.getByRole('link', { name: 'Visão geral' }).click();
    await expect(page.getByLabel('Faturamento Hoje')).toBeVisible();
    await expect(page.getByText(/pagamentos? duplicados? para reembolsar/)).toHaveCount(0);
    const audit = await auditOf(server, page);
    expect(audit.entries.filter((entry) => entry.action === 'mark_refunded').map((entry) => entry.orderId)).toEqual([duplicateId]);
  });
});

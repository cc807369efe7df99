import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, payOnSandbox } from './fixtures.ts';
import type { RunningServer } from './server.ts';

/** What the console's e2e specs share: signing in, the e-mails in the outbox folder, a sandbox purchase. */

export async function signIn(page: Page, password: string) {
  await page.goto('/painel');
  await page.getByLabel('Senha do painel').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('navigation', { name: 'Seções do painel' })).toBeVisible();
}

/** The access e-mails written (the PIX e-mails, `pix-….eml`, are order-page.spec.ts's concern). */
export function emlFiles(server: RunningServer): string[] {
  const dir = path.join(server.dataDir, 'outbox');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.eml') && !file.startsWith('pix-'))
        .map((file) => path.join(dir, file))
    : [];
}

export function accessLinkIn(file: string): string {
  const text = fs.readFileSync(file, 'utf8').replace(/=\r?\n/g, '');
  const link = /https?:\/\/[^\s"<>]+\/acesso\/acc_[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no access link in ${file}`);
  return link;
}

/** Buys the product as a visitor does, in the sandbox: pre-sell → landing → PIX → "Simular pagamento". */
export async function buyInSandbox(context: BrowserContext, buyer: { name: string; email: string; phone?: string }) {
  const page = await context.newPage();
  const dialog = await generatePix(page, buyer);
  await payOnSandbox(context, dialog);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
  await page.close();
}

/**
 * From the pre-sell to the PIX, as a first-time visitor (phone 21 98765-4321 unless `phone`);
 * `whatsapp` ticks the consent. Resolves with the checkout dialog.
 */
export async function generatePix(
  page: Page,
  buyer: { name: string; email: string; phone?: string; whatsapp?: boolean },
): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill(buyer.phone ?? '21987654321');
  const consent = dialog.getByRole('checkbox', { name: 'Quero receber o PIX e o acesso pelo WhatsApp' });
  // The consent starts unticked: only the buyer ticks it.
  await expect(consent).not.toBeChecked();
  if (buyer.whatsapp) await consent.check();
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  return dialog;
}

/** Pedidos → the buyer's order, found by e-mail. Resolves with the order's WhatsApp section. */
export async function openOrderWhatsapp(panel: Page, buyer: { name: string; email: string }): Promise<Locator> {
  await panel.getByRole('link', { name: 'Pedidos' }).click();
  await panel.getByLabel('Buscar').fill(buyer.email);
  await panel.getByRole('button', { name: 'Filtrar' }).click();
  await panel.getByRole('button', { name: `Ver pedido de ${buyer.name}` }).click();
  return panel.getByRole('region', { name: 'WhatsApp' });
}

/** Visão geral's "PIX recuperados": a row's figure for today (its first period). */
export function recoveredToday(panel: Page, row: string): Locator {
  return panel
    .getByRole('region', { name: 'PIX recuperados' })
    .getByRole('row', { name: new RegExp(`^${row}`) })
    .getByRole('cell')
    .first();
}

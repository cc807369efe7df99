import type { Locator, Page } from '@playwright/test';
import { freePort } from '../support/nginx.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';
import { expect } from './fixtures.ts';

/**
 * The shop with a real provider's stand-in, as the provider and dispute specs drive it: the shop's own address, what a
 * provider's rig gives (each provider's own, `<id>-journey-rig.ts`, sits in its folder tests/support/providers/<id>/
 * beside its stand-in built from its public documentation), the buyer's checkout.
 */

export const PRODUCT = 'Lista de Fornecedores Secretos Vitalícia';

export interface Buyer {
  name: string;
  email: string;
  /** Another buyer in the same shop: the same phone or CPF twice is one buyer paying twice (a duplicate). */
  phone?: string;
  document?: string;
}

/**
 * The shop as a seller runs it with real providers, its port chosen first so that PUBLIC_URL (the
 * address in webhook URLs and in e-mailed links) is the server's own. E-mails are files (outbox).
 */
export async function shopAddress(): Promise<{ url: string; env: Record<string, string> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return { url, env: { ...REAL_GATEWAY_TEST_ENV, PORT: String(port), PUBLIC_URL: url, REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' } };
}

/** The checkout as a buyer fills it: pre-sell → "Sim, quero!" → landing → the form (with a CPF, which a real provider's bank needs). */
export async function fillCheckout(page: Page, buyer: Buyer): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: PRODUCT });
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill(buyer.phone ?? '21987650044');
  // A real provider's bank needs the buyer's CPF (no CUSTOMER_DOCUMENT here).
  await dialog.getByLabel('CPF').fill(buyer.document ?? '52998224725');
  return dialog;
}

/** The buy tap: the filled checkout and one "GERAR PIX". Returns the dialog and the code shown. */
export async function tapForPix(page: Page, buyer: Buyer): Promise<{ dialog: Locator; code: string; orderPosts: () => number }> {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') posts += 1;
  });
  const dialog = await fillCheckout(page, buyer);
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
  const code = await dialog.getByLabel('PIX copia e cola').inputValue();
  return { dialog, code, orderPosts: () => posts };
}

import { replaceSupplierList } from '../../src/server/suppliers/suppliers-repository.ts';
import { setOrderColumns } from '../support/db-reads.ts';
import { expect, test as base, withServerDb } from './fixtures.ts';
import { seedPaidOrder } from './member-helpers.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The member area in real Chromium against the production build. This spec seeds its own server's
 * database (a paid order, a supplier list), so it gets a server of its own: replacing the list on
 * the shared one could change what another spec sees.
 */
const test = base.extend<object, { memberServer: RunningServer }>({
  memberServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ memberServer }, use) => {
    await use(memberServer.url);
  },
});

// Fixture suppliers for this test, not real contacts. File order differs from the page's order.
const suppliers = [
  { name: 'Tela Cheia', category: 'Streaming', offer: 'Netflix 4K e Disney+', whatsapp: '5511987654321', telegram: null, notes: null },
  {
    name: 'Som da Casa',
    category: 'Música',
    offer: 'Spotify Premium família',
    whatsapp: null,
    telegram: 'https://t.me/somdacasa',
    notes: null,
  },
  { name: 'Cine Ação', category: 'Streaming', offer: 'HBO Max e Prime Vídeo', whatsapp: '5521912345678', telegram: null, notes: null },
  {
    name: 'Joga Já',
    category: 'Jogos',
    offer: 'Game Pass Ultimate',
    whatsapp: '5531999990000',
    telegram: 'https://t.me/jogaja',
    notes: null,
  },
];
// 12:00 in São Paulo on 10 March 2025.
const LIST_UPDATED_AT = Date.UTC(2025, 2, 10, 15, 0, 0);

/** The supplier list as the seller's import leaves it. */
async function seedSuppliers(server: RunningServer) {
  // The main list only: the demo's example set of the other list stays as the server seeded it.
  await withServerDb(server.dataDir, (db) => replaceSupplierList(db.db, 'suppliers', suppliers, LIST_UPDATED_AT));
}

async function revokeOrder(server: RunningServer, orderId: string) {
  await withServerDb(server.dataDir, (db) => setOrderColumns(db, orderId, { status: 'reversed' }));
}

test.describe('member area', () => {
  test.beforeEach(async ({ memberServer }) => {
    await seedSuppliers(memberServer);
  });

  test('the e-mailed link leads to /acesso with the grouped list, the first name and the update date', async ({
    page,
    context,
    memberServer,
  }) => {
    const { token } = await seedPaidOrder(memberServer, 'JULIANA prado');
    const response = await page.goto(`/acesso/${token}`);

    // The token was exchanged for a cookie and left the address bar.
    const exchange = response?.request().redirectedFrom();
    expect(exchange?.url()).toBe(`${memberServer.url}/acesso/${token}`);
    expect((await exchange?.response())?.status()).toBe(303);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${memberServer.url}/acesso`);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'vitrine_access');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });

    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Juliana!' })).toBeVisible();
    await expect(page.getByText('Atualizada em 10/03/2025')).toBeVisible();
    // The categories, then the guarantee card at the end of the list.
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Jogos',
      'Música',
      'Streaming',
      /^Garantia de 7 dias\s— até /,
      'Seu depoimento',
    ]);

    const streaming = page.getByRole('region', { name: 'Streaming' });
    await expect(streaming.getByText('2 fornecedores')).toBeVisible();
    await expect(streaming.getByRole('heading', { level: 3 })).toHaveText(['Tela Cheia', 'Cine Ação']);
    await expect(page.getByRole('region', { name: 'Música' }).getByText('1 fornecedor', { exact: true })).toBeVisible();

    const whatsapp = page.getByRole('link', { name: 'WhatsApp de Tela Cheia (abre em nova aba)' });
    await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/5511987654321');
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    const telegram = page.getByRole('link', { name: 'Telegram de Som da Casa (abre em nova aba)' });
    await expect(telegram).toHaveAttribute('href', 'https://t.me/somdacasa');
    await expect(telegram).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('link', { name: 'WhatsApp de Som da Casa (abre em nova aba)' })).toHaveCount(0);

    // The page is private, and a reload keeps working from the cookie alone.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Juliana!' })).toBeVisible();
  });

  test('the search narrows the list, ignoring accents and case', async ({ page, memberServer }) => {
    const { token } = await seedPaidOrder(memberServer, 'Rafael Lima');
    await page.goto(`/acesso/${token}`);
    const search = page.getByLabel('Buscar fornecedor');
    await expect(search).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(4);

    await search.fill('acao');
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Cine Ação']);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Streaming', /^Garantia de 7 dias/, 'Seu depoimento']);
    await expect(page.getByText('1 de 4 fornecedores')).toBeVisible();

    await search.fill('MÚSICA');
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Som da Casa']);

    await search.fill('streaming disney');
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Tela Cheia']);

    await search.fill('iptv');
    await expect(page.getByText('Nenhum fornecedor encontrado para “iptv”.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(0);

    await page.getByRole('button', { name: 'Limpar busca' }).last().click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(4);
  });

  test('a bad link shows a clear message with a 404 status and the resend form; a refunded one says the access ended', async ({
    page,
    memberServer,
  }) => {
    const unknown = await page.goto('/acesso/acc_this_token_does_not_exist_000000');
    expect(unknown?.status()).toBe(404);
    await expect(page).toHaveURL(/\/acesso\/acc_this_token_does_not_exist_000000$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Link inválido ou revogado' })).toBeVisible();
    await expect(page.getByLabel('Buscar fornecedor')).toHaveCount(0);

    const email = page.getByLabel('E-mail da compra');
    await expect(email).toHaveAttribute('type', 'email');
    await email.fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Reenviar meu acesso' }).click();
    await expect(page.getByText(/^Pronto! Se este e-mail tiver uma compra confirmada/)).toBeVisible();

    // A refunded buyer's link stops working, and the page says why instead of "link inválido".
    const { orderId, token } = await seedPaidOrder(memberServer, 'Carla Dias');
    await revokeOrder(memberServer, orderId);
    await page.goto(`/acesso/${token}`);
    await expect(page).toHaveURL(/\/acesso\?encerrado$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso encerrado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Escrever para o suporte' })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('button', { name: 'Reenviar meu acesso' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Carla!' })).toHaveCount(0);
  });

  test('without a cookie, /acesso offers the resend form instead of the list', async ({ page }) => {
    const response = await page.goto('/acesso');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Acesse sua lista' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reenviar meu acesso' })).toBeVisible();
    await expect(page.getByText('Precisa de ajuda? Escreva para')).toBeVisible();
  });
});

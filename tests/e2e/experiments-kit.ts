import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Db } from '../../src/server/db/database.ts';
import { businessDay } from '../../src/shared/time.ts';
import { insertOrderRow } from '../support/db-reads.ts';
import { createPostgresDb } from '../integration/test-db.ts';
import { contextApi, expect, payOnSandbox, test, withServerDb } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/** What the A/B tests' e2e specs share. */

const DAY = 86_400_000;
export const PASSWORD = 'senha-do-painel-de-teste';
export const PHONE = { width: 390, height: 844 };
export const HEADLINE_B = 'Os fornecedores que as lojas grandes usam, em uma lista só';
/** What the page prints of it before the highlighted words, which it wraps apart. */
export const SHOWN_B = 'Os fornecedores que as lojas grandes usam, em uma';

/**
 * The shop's last 28 days as the planner reads them: `visitorsPerDay` visits a day to `/`, 3% of them paid, and
 * `checkoutsPerDay` checkouts begun a day (none unless told).
 */
export async function seedPlannerHistory(db: Db, visitorsPerDay: number, checkoutsPerDay = 0): Promise<void> {
  const now = Date.now();
  for (let day = 1; day <= 28; day++) {
    await db.db
      .insertInto('funnel')
      .values({ day: businessDay(now - day * DAY), event: 'page_view', path: '/', count: visitorsPerDay })
      .execute();
    if (checkoutsPerDay > 0)
      await db.db
        .insertInto('funnel')
        .values({ day: businessDay(now - day * DAY), event: 'begin_checkout', path: '/', count: checkoutsPerDay })
        .execute();
  }
  for (let sale = 0; sale < Math.round(visitorsPerDay * 28 * 0.03); sale++) {
    await insertOrderRow(db, { id: `ord_history${String(sale).padStart(4, '0')}`, created_at: now - ((sale % 27) + 1) * DAY - 3_600_000 });
  }
}

/** On "Testes A/B", the seller names a test of `/` whose version B is HEADLINE_B and starts it: its card, running. */
export async function startHeadlineTestInConsole(panel: Page) {
  await panel.getByLabel('Nome do teste').fill('Título do topo');
  const versionB = panel.getByRole('region', { name: 'Versão B', exact: true });
  await versionB.getByLabel('Título', { exact: true }).fill(HEADLINE_B);
  await versionB.getByLabel('Trecho do título em destaque').fill('lista só');
  await expect(versionB.getByRole('region', { name: 'O que muda na versão B' })).toContainText(HEADLINE_B);
  await panel.getByRole('button', { name: 'Começar teste' }).click();
  await expect(panel.getByText('Teste começado. Os visitantes já recebem as versões.')).toBeVisible();
  const card = panel.getByRole('article', { name: 'Título do topo' });
  await expect(card).toContainText('Em andamento');
  return card;
}

/** On `/` open in `page`, a buyer's PIX from the hero's button, paid on the sandbox's page until the checkout confirms it. */
export async function buyOnLanding(context: BrowserContext, page: Page, buyer: { name: string; email: string }) {
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await dialog.getByLabel('Nome completo').fill(buyer.name);
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987654321');
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await payOnSandbox(context, dialog);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
}

/**
 * "Declarar vencedor" for version `letter` on a test with a sale or two: the verdict names no version, so the server
 * refuses until the seller types SEM EVIDÊNCIA, and the version goes live as the seller's choice.
 */
export async function chooseVersionInConsole(panel: Page, letter: string, version: number) {
  await panel.getByLabel('Versão vencedora').selectOption({ label: `Versão ${letter}` });
  await panel.getByRole('button', { name: 'Declarar vencedor' }).click();
  const confirm = panel.getByRole('dialog', { name: `Publicar a versão ${letter} sem vencedor comprovado?` });
  await expect(confirm).toContainText(`Resultado do teste agora: continue. Nada mostra que a versão ${letter} vende mais`);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(confirm.getByRole('alert')).toContainText('O resultado do teste não aponta essa versão como vencedora.');
  await confirm.getByLabel('Para publicar mesmo assim, digite SEM EVIDÊNCIA').fill('SEM EVIDÊNCIA');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText(`Versão publicada como a versão ${version} da página, sem vencedor comprovado.`)).toBeVisible();
}

/** The test and variant a document's `<html>` names (`data-experiment`), or null. */
export function pageMark(html: string): { experimentId: string; variant: number } | null {
  const mark = /<html[^>]* data-experiment="([^".]+)\.(\d)"/.exec(html);
  return mark ? { experimentId: mark[1]!, variant: Number(mark[2]) } : null;
}

/** Starts a two-version test through the console's API as the form sends it (half and half), from `panel`'s session. */
export async function startTestThroughApi(
  panel: Page,
  url: string,
  test: { page: '/' | '/presell'; name: string; patch: Record<string, unknown>; metric?: 'conversion' | 'revenue'; plannedLift?: number },
): Promise<string> {
  const reply = await contextApi(panel.context(), url, { Origin: url })('/api/admin/experiments', {
    json: {
      page: test.page,
      name: test.name,
      variants: [
        { weight: 50, patch: {} },
        { weight: 50, patch: test.patch },
      ],
      metric: test.metric ?? 'conversion',
      plannedLift: test.plannedLift ?? 0.2,
      plannedVisitors: 1_600,
      endsAt: Date.now() + 28 * DAY,
    },
  });
  expect(reply.status).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

/** The story's way into the server's store, on a connection of the test's own. */
export type WithDb = <T>(use: (db: Db) => Promise<T>) => Promise<T>;
export type DbStory = (browser: Browser, server: RunningServer, withDb: WithDb) => Promise<void>;

/** `story` as two tests: on a server of its own on SQLite, and on one on a fresh PostgreSQL database; `withDb` opens the store. */
export function testOnSqliteAndPostgres(
  titles: { sqlite: string; postgres: string },
  story: DbStory,
  env: Record<string, string>,
  timeoutMs: number,
) {
  test(titles.sqlite, async ({ browser }) => {
    test.setTimeout(timeoutMs);
    const server = await startServer(env);
    try {
      await story(browser, server, (use) => withServerDb(server.dataDir, use));
    } finally {
      await server.stop();
    }
  });

  test(titles.postgres, async ({ browser }) => {
    test.setTimeout(timeoutMs);
    const database = await createPostgresDb();
    const server = await startServer({ ...env, DATABASE_URL: database.url });
    try {
      await story(browser, server, (use) => use(database));
    } finally {
      await server.stop();
      await database.close();
    }
  });
}

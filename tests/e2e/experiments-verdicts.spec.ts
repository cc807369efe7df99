import type { Locator, Page } from '@playwright/test';
import { seedExperimentStore as seedStore } from '../support/experiment-store.ts';
import { signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { startTestThroughApi, testOnSqliteAndPostgres, type DbStory } from './experiments-kit.ts';

/**
 * "Testes A/B" reaching its verdicts (docs/experiments.md#the-verdict): a verdict needs 100 sales per version, too many to
 * buy through a browser in a test, so the store is seeded in the shape the server writes it (support/experiment-store.ts),
 * and the server's own figures and statistics turn them into the verdicts the seller reads in the console.
 */

const PASSWORD = 'senha-do-painel-de-teste';
const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

/** "Parar" on a test's card, confirmed. */
async function stopInConsole(panel: Page, card: Locator) {
  await card.getByRole('button', { name: 'Parar' }).click();
  await panel.getByRole('dialog', { name: 'Parar o teste?' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText('Teste parado. Todos veem a página publicada.')).toBeVisible();
}

const story: DbStory = async (browser, server, withDb) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  const panel = await context.newPage();
  await signIn(panel, PASSWORD);
  const headline = await startTestThroughApi(panel, server.url, {
    page: '/',
    name: 'Título do topo',
    patch: { hero: { headline: 'Os fornecedores que as lojas grandes usam, em uma lista só', highlight: 'lista só' } },
  });
  const presell = await startTestThroughApi(panel, server.url, {
    page: '/presell',
    name: 'Título da pré-venda',
    patch: { presell: { headline: 'Quer pagar menos nos seus apps todo mês, sem perder nenhum?' } },
  });
  // A sells twice as often as B, and a tenth of its sales ask for a refund; B's, one in 120.
  await withDb((db) =>
    seedStore(db, headline, [
      { visitors: 800, paid: 240, refundRequests: 24 },
      { visitors: 800, paid: 120, refundRequests: 1 },
    ]),
  );
  // 900 / 700 visitors where the seller chose half and half (Bayes factor 3.2 × 10⁴ against it): something sends visitors to A.
  await withDb((db) =>
    seedStore(db, presell, [
      { visitors: 900, paid: 120, refundRequests: 0 },
      { visitors: 700, paid: 150, refundRequests: 0 },
    ]),
  );

  await panel.getByRole('link', { name: 'Testes A/B' }).click();
  const winner = panel.getByRole('article', { name: 'Título do topo' });
  const verdict = winner.getByRole('region', { name: 'Resultado' });
  await expect(verdict.locator('[data-verdict]')).toHaveText('A vence');
  await expect(verdict.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'winner');
  await expect(verdict).toContainText('A vende mais que as outras versões');
  // The guardrail: A wins on sales and loses on refunds; the flag does not take the verdict away.
  await expect(verdict.getByRole('note')).toHaveText(
    'A vende mais, mas tem mais pedidos de reembolso por venda que B. Veja se a promessa da página não está exagerando antes de declarar o vencedor.',
  );
  await expect(winner.getByRole('region', { name: 'Versão A', exact: true })).toContainText('240');

  const held = panel.getByRole('article', { name: 'Título da pré-venda' });
  await expect(held.locator('[data-verdict]')).toHaveText('a divisão do tráfego está desigual');
  await expect(held).toContainText('O veredito fica suspenso até a divisão voltar ao normal.');
  await expect(held).toContainText('Teste da divisão: p = 3,1 × 10⁻⁵.');
  // B converts at 1.6 times A's rate, but no winner is named while the split is off.
  await expect(held.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'held');
  await expect(held.getByRole('region', { name: 'Resultado' })).not.toContainText('vende mais');

  // "Declarar vencedor" starts on the verdict's winner and says so before any choice.
  await winner.getByRole('button', { name: 'Declarar vencedor' }).click();
  const proven = panel.getByRole('dialog', { name: 'Declarar a versão A vencedora?' });
  await expect(proven).toContainText('Resultado do teste agora: A vence. Os números mostram que a versão A vende mais');
  await proven.getByRole('button', { name: 'Cancelar' }).click();
  // Held by the split: no version is preselected, and B is refused as a winner without the typed confirmation.
  await expect(held.getByRole('button', { name: 'Declarar vencedor' })).toBeDisabled();
  await held.getByLabel('Versão vencedora').selectOption({ label: 'Versão B' });
  await held.getByRole('button', { name: 'Declarar vencedor' }).click();
  const unproven = panel.getByRole('dialog', { name: 'Publicar a versão B sem vencedor comprovado?' });
  await expect(unproven).toContainText('Resultado do teste agora: a divisão do tráfego está desigual. Nada mostra');
  await expect(unproven).toContainText(
    'Nada mostra que a versão B vende mais: com a divisão dos visitantes desigual, os números das versões não podem ser comparados.',
  );
  await unproven.getByRole('button', { name: 'Confirmar' }).click();
  await expect(unproven.getByRole('alert')).toContainText('O resultado do teste não aponta essa versão como vencedora.');
  await panel.screenshot({ path: `${test.info().outputPath()}/experiments-declare-390.png` });
  // Typed, the seller's choice goes live, recorded as no proven winner and never shown as a winner.
  await unproven.getByLabel('Para publicar mesmo assim, digite SEM EVIDÊNCIA').fill('sem evidência');
  await unproven.getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByText(/^Versão publicada como a versão \d+ da página, sem vencedor comprovado\.$/)).toBeVisible();
  await expect(held).toContainText('Encerrado sem vencedor comprovado · Versão B publicada por escolha sua');
  await expect(held).not.toContainText('declarada vencedora');
  await expect(held.getByRole('button', { name: 'Declarar vencedor' })).toHaveCount(0);

  // "Parar": the test ends and keeps its verdict.
  await stopInConsole(panel, winner);
  await expect(winner).toContainText('Encerrado');
  await expect(verdict.locator('[data-verdict]')).toHaveText('A vence');

  // Planned to find a 90% lift, two versions selling alike: every interval lies inside ±90%.
  const alike = await startTestThroughApi(panel, server.url, {
    page: '/',
    name: 'Chamada do topo',
    patch: { hero: { headline: 'A lista que os revendedores usam, agora com você', highlight: 'com você' } },
    plannedLift: 0.9,
  });
  await withDb((db) =>
    seedStore(db, alike, [
      { visitors: 800, paid: 120, refundRequests: 0 },
      { visitors: 800, paid: 121, refundRequests: 0 },
    ]),
  );
  await panel.reload();
  const same = panel.getByRole('article', { name: 'Chamada do topo' });
  await expect(same.locator('[data-verdict]')).toHaveText('sem diferença');
  await stopInConsole(panel, same);

  // Progress: a test started two days ago whose 300 visitors came yesterday is 150 visitors a day, 75 per version;
  // each misses 650 of its 800 planned visitors, about 9 days at that pace.
  const young = await startTestThroughApi(panel, server.url, {
    page: '/',
    name: 'Título do topo, andamento',
    patch: { hero: { headline: 'A lista de fornecedores que as lojas grandes usam', highlight: 'lojas grandes' } },
  });
  await withDb(async (db) => {
    await db.db
      .updateTable('experiments')
      .set({ starts_at: Date.now() - 2 * DAY })
      .where('id', '=', young)
      .execute();
    await seedStore(
      db,
      young,
      [
        { visitors: 150, paid: 6, refundRequests: 0 },
        { visitors: 150, paid: 9, refundRequests: 0 },
      ],
      Date.now() - DAY,
    );
  });
  await panel.reload();
  const progress = panel.getByRole('article', { name: 'Título do topo, andamento' }).getByRole('region', { name: 'Andamento do teste' });
  for (const [arm, sales] of [6, 9].entries()) {
    const version = progress.getByRole('listitem').nth(arm);
    await expect(version).toContainText(`Versão ${'AB'[arm]}`);
    await expect(version).toContainText('150 de 800 visitantes do plano');
    await expect(version).toContainText(`${sales} de 100 vendas, o mínimo para um veredito`);
  }
  await expect(progress).toContainText('Faltam cerca de 9 dias no ritmo de hoje: 150 visitantes por dia nos últimos dias.');
  await expect(progress.getByRole('progressbar', { name: 'Versão B' })).toHaveAttribute('value', '150');
  await progress.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${test.info().outputPath()}/experiments-progress-390.png` });
  await stopInConsole(panel, panel.getByRole('article', { name: 'Título do topo, andamento' }));
  await expect(progress).toHaveCount(0);

  // Planned for 20%, 120 against 130 sales: undecided while it runs, inconclusive once stopped.
  const close = await startTestThroughApi(panel, server.url, {
    page: '/',
    name: 'Título do topo, segunda rodada',
    patch: { hero: { headline: 'Fornecedores de verdade, em uma lista só', highlight: 'lista só' } },
  });
  await withDb((db) =>
    seedStore(db, close, [
      { visitors: 800, paid: 120, refundRequests: 0 },
      { visitors: 800, paid: 130, refundRequests: 0 },
    ]),
  );
  await panel.reload();
  const undecided = panel.getByRole('article', { name: 'Título do topo, segunda rodada' });
  await expect(undecided.locator('[data-verdict]')).toHaveText('continue');
  await expect(undecided).toContainText('Ainda não dá para dizer qual versão vende mais.');
  // The dialog puts the measured difference and the chance of luck in words before B can be chosen.
  await undecided.getByLabel('Versão vencedora').selectOption({ label: 'Versão B' });
  await undecided.getByRole('button', { name: 'Declarar vencedor' }).click();
  const undecidedDialog = panel.getByRole('dialog', { name: 'Publicar a versão B sem vencedor comprovado?' });
  await expect(undecidedDialog).toContainText(
    /Resultado do teste agora: continue\. Nada mostra que a versão B vende mais: até agora a versão B vende 8% mais que a A, mas a diferença real pode ir de \d+% a menos a \d+% a mais\. A chance de a diferença ser acaso passa de 5%\./,
  );
  await undecidedDialog.getByRole('button', { name: 'Cancelar' }).click();
  await stopInConsole(panel, undecided);
  await expect(undecided.locator('[data-verdict]')).toHaveText('inconclusivo');

  const shots = test.info().outputPath();
  await panel.screenshot({ path: `${shots}/experiments-verdicts-390.png`, fullPage: true });
  await context.close();
};

test.describe('Testes A/B: the verdicts', () => {
  testOnSqliteAndPostgres(
    {
      sqlite:
        'on SQLite: "A vence" with a refunds flag, a test held by an uneven split published only as the seller’s typed choice, "sem diferença", a running test’s progress and days left, "continue" then "inconclusivo"',
      postgres: 'on PostgreSQL: the same verdicts and progress',
    },
    story,
    { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY_HOPS: '1' },
    120_000,
  );
});

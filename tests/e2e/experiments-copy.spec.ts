import { signIn } from './admin-helpers.ts';
import { expect, test, watchConsole } from './fixtures.ts';
import { PASSWORD, PHONE } from './experiments-kit.ts';
import { startServer } from './server.ts';

/**
 * A version of an A/B test meets the editor's rule for copy (docs/editing.md#what-the-copy-may-promise): a sentence
 * against the right to regret is refused when the seller starts the test, named with its reason, and nothing starts.
 */

test('at 390 px: version B saying "não tem reembolso" is refused at "Começar teste", naming the sentence and why', async ({ browser }) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  try {
    const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: PHONE });
    const panel = await context.newPage();
    // The refusal is a 422 the browser logs.
    const noErrors = watchConsole(panel, [/status of 422 \(Unprocessable Entity\)/]);
    await signIn(panel, PASSWORD);
    await panel.getByRole('link', { name: 'Testes A/B' }).click();
    await panel.getByLabel('Nome do teste').fill('Subtítulo do topo');
    const versionB = panel.getByRole('region', { name: 'Versão B', exact: true });
    const subheadline = versionB.getByLabel('Subtítulo', { exact: true });
    await subheadline.selectText();
    await subheadline.press('Backspace');
    await subheadline.pressSequentially('Acesso na hora. Produto digital: não tem reembolso.');
    await panel.getByRole('button', { name: 'Começar teste' }).click();
    await expect(
      panel
        .getByText(
          'A versão B promete o que a loja não dá. "Produto digital: não tem reembolso.": O Código de Defesa do Consumidor (art. 49)',
          { exact: false },
        )
        .first(),
    ).toBeVisible();
    await expect(panel.getByText('Teste começado. Os visitantes já recebem as versões.')).toHaveCount(0);
    await expect(panel.getByRole('article', { name: 'Subtítulo do topo' })).toHaveCount(0);
    noErrors();
    await context.close();
  } finally {
    await server.stop();
  }
});

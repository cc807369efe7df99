import { expect, test, watchConsole } from './fixtures.ts';
import { signIn } from './admin-helpers.ts';
import { expectNoAxeViolations } from './mails-and-shots.ts';
import { startServer } from './server.ts';

/**
 * The console as axe reads it, every area at a phone's width and a desktop's, signed in as the owner: its tab row scrolls
 * sideways on a phone, and a tab out of view must still read as the link it is, not a skip link with no target.
 */
const PASSWORD = 'senha-do-painel-axe';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`every console area at ${viewport.width} px has no axe violation`, async ({ browser }) => {
    // Twelve areas, each loaded and read by axe in turn: about a minute alone, over two at a loaded machine's pace.
    test.slow();
    const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
    const context = await browser.newContext({ baseURL: server.url, viewport });
    try {
      const panel = await context.newPage();
      const consoleErrors = watchConsole(panel);
      await signIn(panel, PASSWORD);
      const nav = panel.getByRole('navigation', { name: 'Seções do painel' });
      const names = await nav.getByRole('link').allInnerTexts();
      expect(names.length).toBeGreaterThan(5);
      // On a computer's screen every area's tab is in view, with no hidden row to scroll sideways (a phone's row scrolls).
      if (viewport.width >= 1024) {
        const row = (await nav.boundingBox())!;
        for (const name of names) {
          const box = (await nav.getByRole('link', { name, exact: true }).boundingBox())!;
          expect(box.x + box.width, `"${name}" within the row's ${Math.round(row.width)} px`).toBeLessThanOrEqual(row.x + row.width);
        }
      }
      for (const name of names) {
        await nav.getByRole('link', { name, exact: true }).click();
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
        // The area's data in place (no "Carregando…" left) before it is read.
        await expect(panel.getByText(/^Carregando/)).toHaveCount(0);
        await expectNoAxeViolations(panel);
      }
      consoleErrors();
    } finally {
      await context.close();
      await server.stop();
    }
  });
}

import type { ExperimentList } from '../../src/shared/experiments/experiment-api.ts';
import { experimentsConsole, plannerText } from '../../src/content/experiments.ts';
import { earlierInput, plannerInput } from '../../src/client/admin/experiments/experiments-planner.tsx';
import { planning } from '../../src/client/admin/experiments/experiments-planning.ts';
import { planForLift } from '../../src/shared/experiments/planner.ts';
import { signIn } from './admin-helpers.ts';
import { contextApi, expect, test, withServerDb } from './fixtures.ts';
import { PASSWORD, PHONE, seedPlannerHistory } from './experiments-kit.ts';
import { startServer } from './server.ts';

/**
 * A shop of 300 visitors a day, 3% of whom pay, wants to find +20%: on sales that takes months. The planner says what
 * 60 days can find, offers the checkout (36 begun a day) with the checkout's own plan, and one tap switches the form's
 * metric to it (docs/experiments.md#the-planner, "When 60 days are not enough").
 */
test('a 300-visitor shop is offered the checkout when a sale needs over 60 days, and one tap measures it', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  try {
    await withServerDb(server.dataDir, (db) => seedPlannerHistory(db, 300, 36));
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, isMobile: true, hasTouch: true });
    const panel = await context.newPage();
    await signIn(panel, PASSWORD);
    await panel.getByRole('link', { name: 'Testes A/B' }).click();
    const planner = panel.getByRole('region', { name: 'Antes de começar: quanto tempo o teste precisa' });

    // The planner's own answers for the shop's 28 days, as the console computes them.
    const {
      planner: { '/': history },
    } = (await (await contextApi(context, server.url, { Origin: server.url })('/api/admin/experiments')).json()) as ExperimentList;
    expect(history.checkoutRate).toBeCloseTo(0.12, 10);
    const onSales = planning(plannerInput(history, 'revenue', [50, 50]), 0.2, 28, earlierInput(history, 'revenue', [50, 50]));
    const { earlier } = onSales.sixtyDays!;
    expect(earlier).toMatchObject({ metric: 'checkout', lift: 0.2 });
    const offer = plannerText.within60Days('300', onSales.sixtyDays!.plan!.lift, 'revenue', true, earlier);
    expect(offer).toContain(`ou meça quem abriu o checkout: em ${earlier!.days} dias o teste acha uma melhora de 20%.`);

    const note = planner.locator('[data-planner="sixty-days"]');
    await expect(note).toContainText(offer, { timeout: 60_000 });
    const metric = panel.getByLabel('Métrica principal');
    await expect(metric).toHaveValue('revenue');
    await note.getByRole('button', { name: 'Medir quem abriu o checkout' }).tap();

    // The form now measures the checkout, and the planner answers for it: +20% within the 60 days.
    await expect(metric).toHaveValue('checkout');
    await expect(metric.locator('option:checked')).toHaveText('Abriu o checkout');
    await expect(planner).toContainText(
      'Últimos 28 dias da loja: 300 visitantes por dia em /, 3,0% deles pagaram o PIX; 12,0% abriram o checkout.',
    );
    // A shop with no test run and no buyer who accepted the cookie cannot measure returns: the plan says what it assumes.
    // With the form's end date (its days read from the plan's own sentence), the figures if 20% or 40% are returns.
    const returnsNote = planner.locator('[data-planner="returns-unmeasured"]');
    const days = Number(/em (\d+) dias/.exec((await returnsNote.textContent({ timeout: 60_000 })) ?? '')?.[1]);
    const unmeasured = planning(plannerInput(history, 'checkout', [50, 50]), 0.2, days);
    await expect(returnsNote).toHaveText(experimentsConsole.planner.returnsUnmeasured(days, unmeasured.ifReturning));
    await expect(planner.locator('[data-planner="lift"]')).toHaveText(plannerText.liftForDays(days, unmeasured.forDays!.lift));
    const onCheckout = planForLift(plannerInput(history, 'checkout', [50, 50])!, 0.2);
    expect(onCheckout.days).toBe(earlier!.days);
    await expect(planner.locator('[data-planner="days"]')).toHaveText(plannerText.daysForLift(onCheckout.days, 0.2), { timeout: 60_000 });
    await expect(note).toHaveCount(0);
    await context.close();
  } finally {
    await server.stop();
  }
});

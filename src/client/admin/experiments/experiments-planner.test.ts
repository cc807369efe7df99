import { describe, expect, it } from 'vitest';
import { experimentsConsole, plannerText } from '../../../content/experiments.ts';
import { earlierInput, plannerInput } from './experiments-planner.tsx';
import { planning } from './experiments-planning.ts';
import { plannerShop } from './planner-shop.fixture.ts';

const shop = plannerShop;

describe('the planner before a start', () => {
  it('tells a 300-visitor shop what 60 days can find when the lift it wants needs longer', () => {
    const input = plannerInput(shop(300), 'conversion', [50, 50]);
    const plan = planning(input, 0.2, 28);
    expect(plan.forLift!.days).toBeGreaterThan(60);
    const lift = plan.sixtyDays!.plan!.lift;
    expect(lift).toBeGreaterThan(0.25);
    expect(lift).toBeLessThan(0.45);
    expect(plannerText.within60Days('300', lift, 'conversion', true)).toMatch(
      /^Com 300 visitantes por dia, em 60 dias o teste só acha com 80% de chance uma melhora de \d+% ou maior: teste uma mudança mais ousada\.$/,
    );
  });

  it('says no test answers in 60 days where the versions would not reach 100 sales, and what to change', () => {
    const plan = planning(plannerInput(shop(100), 'conversion', [70, 10, 10, 10]), 0.2, 28);
    expect(plan.sixtyDays).toEqual({ plan: undefined });
    expect(plannerText.within60Days('100', undefined, 'conversion', false)).toBe(
      'Com 100 visitantes por dia, nem em 60 dias cada versão chega com segurança a 100 vendas, o mínimo para um veredito: teste só duas versões, meio a meio.',
    );
  });

  it('stays quiet when the wanted lift fits in 60 days', () => {
    expect(planning(plannerInput(shop(2000), 'conversion', [50, 50]), 0.2, 28).sixtyDays).toBe(undefined);
  });

  it('plans with the returns drawn again the shop’s figures measured, and says how many there are', () => {
    const measured = { ...shop(2000), redrawnReturns: 0.25 };
    expect(plannerInput(measured, 'conversion', [50, 50])!.redrawnReturns).toBe(0.25);
    expect(plannerInput(measured, 'revenue', [50, 50])!.redrawnReturns).toBe(0.25);
    expect(plannerInput(shop(2000), 'conversion', [50, 50])!.redrawnReturns).toBe(0);
    expect(planning(plannerInput(shop(2000), 'conversion', [50, 50]), 0.2, 28).ifReturning).toBeUndefined();
    expect(planning(plannerInput(measured, 'conversion', [50, 50]), 0.2, 28).forLift!.days).toBeGreaterThan(
      planning(plannerInput(shop(2000), 'conversion', [50, 50]), 0.2, 28).forLift!.days,
    );
    expect(experimentsConsole.planner.returns('25,0%')).toMatch(
      /^Nos testes, 25,0% das visitas são de quem voltou em outro dia sem o cookie/,
    );
  });

  it('offers a 300-visitor shop the checkout, with its own plan, when the sale needs longer than 60 days', () => {
    const inputs = shop(300);
    const plan = planning(plannerInput(inputs, 'revenue', [50, 50]), 0.2, 28, earlierInput(inputs, 'revenue', [50, 50]));
    const { earlier } = plan.sixtyDays!;
    // 12% of 300 visitors begin the checkout: +20% on it fits in about five weeks, by the same planner.
    expect(earlier).toEqual({ metric: 'checkout', days: expect.any(Number) as number, lift: 0.2 });
    expect(earlier!.days).toBeGreaterThan(25);
    expect(earlier!.days).toBeLessThan(45);
    expect(plannerText.within60Days('300', plan.sixtyDays!.plan!.lift, 'revenue', true, earlier)).toMatch(
      /^Com 300 visitantes por dia, em 60 dias o teste só acha com 80% de chance uma melhora de \d+% ou maior: teste uma mudança mais ousada, ou meça quem abriu o checkout: em \d+ dias o teste acha uma melhora de 20%\.$/,
    );
    expect(plannerText.switchMetric(earlier!.metric)).toBe('Medir quem abriu o checkout');
  });

  it('offers what 60 days of checkouts find where the versions would not reach 100 sales at all', () => {
    const inputs = shop(100);
    const plan = planning(plannerInput(inputs, 'conversion', [50, 50]), 0.2, 28, earlierInput(inputs, 'conversion', [50, 50]));
    expect(plan.sixtyDays!.plan).toBe(undefined);
    const earlier = plan.sixtyDays!.earlier!;
    expect(earlier.metric).toBe('checkout');
    expect(earlier.days).toBe(60);
    expect(earlier.lift).toBeGreaterThan(0.2);
    expect(plannerText.within60Days('100', undefined, 'conversion', true, earlier)).toMatch(
      /^Com 100 visitantes por dia, nem em 60 dias cada versão chega com segurança a 100 vendas, o mínimo para um veredito: meça quem abriu o checkout: em 60 dias o teste acha uma melhora de \d+%, ou espere a loja ter mais visitas antes de testar\.$/,
    );
  });

  it('offers the PIX generated when the shop has no checkouts counted, and nothing earlier than the checkout', () => {
    const noCheckouts = { ...shop(300), checkoutRate: 0 };
    expect(earlierInput(noCheckouts, 'conversion', [50, 50])?.baseline).toEqual({ metric: 'pix', rate: 0.06 });
    expect(earlierInput(shop(300), 'pix', [50, 50])?.baseline).toEqual({ metric: 'checkout', rate: 0.12 });
    expect(earlierInput(shop(300), 'checkout', [50, 50])).toBe(undefined);
    // The checkout metric plans on its own rate: +20% in weeks where the sale needs months.
    expect(planning(plannerInput(shop(300), 'checkout', [50, 50]), 0.2, 60).forLift!.days).toBeLessThan(45);
  });

  it('where returns cannot be measured, says what the end date finds if 20% or 40% of the visits are returns', () => {
    const unmeasured = { ...shop(300), returnsMeasured: false };
    const input = plannerInput(unmeasured, 'conversion', [50, 50])!;
    expect(input.redrawnReturns).toBeUndefined();
    const plan = planning(input, 0.2, 28);
    const [fifth, twoFifths] = plan.ifReturning!;
    // Diluted by a fifth and by two fifths of the visitor-days drawn again, the same 28 days only find larger lifts.
    expect(fifth!.share).toBe(0.2);
    expect(fifth!.lift).toBeGreaterThan(1.25 * plan.forDays!.lift);
    expect(twoFifths!.lift).toBeGreaterThan(fifth!.lift!);
    expect(experimentsConsole.planner.returnsUnmeasured(28, plan.ifReturning)).toBe(
      `O plano supõe que quem volta em outro dia é pouca gente. A loja ainda não tem como medir isso (precisa de um teste rodando e de compradores que aceitaram os cookies). Se 20% das visitas forem de quem já veio em outro dia, em 28 dias o teste só acha com 80% de chance uma melhora de ${Math.round(fifth!.lift! * 100)}% ou maior; se forem 40%, uma melhora de ${Math.round(twoFifths!.lift! * 100)}% ou maior.`,
    );
    expect(experimentsConsole.planner.returnsUnmeasured(28, [{ share: 0.4, lift: undefined }])).toContain(
      'em 28 dias o teste só acha com 80% de chance nenhuma melhora.',
    );
  });
});

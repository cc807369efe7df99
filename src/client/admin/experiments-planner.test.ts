import { describe, expect, it } from 'vitest';
import { experimentsConsole, plannerText } from '../../content/experiments.ts';
import { plannerInput } from './experiments-planner.tsx';
import { planning } from './experiments-planning.ts';

const shop = (visitorsPerDay: number) => ({
  days: 28,
  visitorsPerDay,
  conversionRate: 0.03,
  revenueMeanCents: 60,
  revenueVarianceCents: 120_000,
  redrawnReturns: 0,
});

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
    expect(plannerInput(shop(2000), 'conversion', [50, 50])!.redrawnReturns).toBeUndefined();
    expect(planning(plannerInput(measured, 'conversion', [50, 50]), 0.2, 28).forLift!.days).toBeGreaterThan(
      planning(plannerInput(shop(2000), 'conversion', [50, 50]), 0.2, 28).forLift!.days,
    );
    expect(experimentsConsole.planner.returns('25,0%')).toMatch(
      /^Nos testes, 25,0% das visitas são de quem voltou em outro dia sem o cookie/,
    );
  });
});

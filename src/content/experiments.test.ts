import { describe, expect, it } from 'vitest';
import { judgeExperiment, type ArmResult } from '../shared/experiments/verdict.ts';
import { consoleUsers } from './console-users.ts';
import { experimentsConsole, guardrailWarning, plannerText, plannerWarning, verdictExplanation, verdictLabel } from './experiments.ts';

describe('the A/B tests copy', () => {
  it('names the unit, the visitor-day, the same way in Testes A/B and in each page version’s figures', () => {
    expect([experimentsConsole.results.visitors, experimentsConsole.results.visitorsHint]).toEqual([
      consoleUsers.figures.visitors,
      consoleUsers.figures.visitorsHint,
    ]);
    // Plainly: once a day, again on each day a person comes back, and one for a household sharing address and browser.
    expect(experimentsConsole.results.visitorsHint).toMatch(/^Visitantes por dia: cada pessoa conta uma vez por dia/);
    expect(experimentsConsole.results.visitorsHint).toContain('de novo a cada dia em que volta');
    expect(experimentsConsole.results.visitorsHint).toContain('mesmo navegador no mesmo endereço');
  });

  it('names each verdict as the console shows it', () => {
    expect(verdictLabel({ kind: 'winner', arm: 1 })).toBe('B vence');
    expect(verdictLabel({ kind: 'winner', arm: 0 })).toBe('A vence');
    expect(verdictLabel({ kind: 'no-difference' })).toBe('sem diferença');
    expect(verdictLabel({ kind: 'inconclusive' })).toBe('inconclusivo');
    expect(verdictLabel({ kind: 'held' })).toBe('a divisão do tráfego está desigual');
    expect(verdictLabel({ kind: 'continue', reason: 'undecided' })).toBe('continue');
    expect(verdictExplanation({ kind: 'continue', reason: 'few-conversions' })).toContain('100 vendas');
    expect(verdictExplanation({ kind: 'inconclusive' })).toContain('não prova');
  });

  it('states the plan in days and percent, and why a long one is a problem', () => {
    expect(plannerText.daysForLift(54, 0.2)).toBe('Para achar uma melhora de 20% com 80% de chance, o teste precisa de até 54 dias.');
    expect(plannerText.medianDays(27.9)).toContain('dia 28');
    expect(plannerWarning('long', 'revenue')).toContain('60 dias');
    // Each warning names only metrics the form offers, and counts what the test's metric counts.
    const offered = Object.values(experimentsConsole.metrics).map((name) => name.toLowerCase());
    expect(plannerWarning('long', 'revenue')).not.toMatch(/mais cedo no funil/);
    expect(offered.some((name) => plannerWarning('long', 'revenue').toLowerCase().includes(name))).toBe(true);
    expect(plannerWarning('few-conversions', 'conversion')).toContain('100 vendas');
    expect(plannerWarning('few-conversions', 'checkout')).toContain('100 checkouts iniciados');
    expect(plannerWarning('few-conversions', 'checkout')).not.toContain('vendas');
    expect(plannerText.noLiftFits('pix')).toContain('100 PIX gerados por versão');
    expect(guardrailWarning('refunds', 1, 0)).toContain('pedidos de reembolso por venda que A');
  });

  it('states a running test’s days left in words, singular and plural', () => {
    expect(experimentsConsole.results.daysLeft(1, '300')).toBe(
      'Falta cerca de 1 dia no ritmo de hoje: 300 visitantes por dia nos últimos dias.',
    );
    expect(experimentsConsole.results.daysLeft(12, '1.250')).toBe(
      'Faltam cerca de 12 dias no ritmo de hoje: 1.250 visitantes por dia nos últimos dias.',
    );
    expect(experimentsConsole.results.progressSales('42', false)).toBe('42 de 100 vendas, o mínimo para um veredito');
  });

  it('writes the split check’s p-value in Portuguese, never rounded to zero', () => {
    expect(experimentsConsole.results.sampleRatio(6.334e-5)).toBe('Teste da divisão: p = 6,3 × 10⁻⁵.');
    expect(experimentsConsole.results.sampleRatio(0.000_98)).toBe('Teste da divisão: p = 9,8 × 10⁻⁴.');
    expect(experimentsConsole.results.sampleRatio(1.5e-23)).toBe('Teste da divisão: p < 10⁻¹².');
    expect(experimentsConsole.results.sampleRatio(0)).toBe('Teste da divisão: p < 10⁻¹².');
  });

  it('tells the seller, before "Declarar vencedor", what the verdict says of the version picked and the chance it is luck', () => {
    const arm = (visitors: number, paid: number): ArmResult => ({
      visitors,
      conversions: paid,
      revenueCents: paid * 1990,
      revenueSquaresCents: paid * 1990 ** 2,
      refundRequests: 0,
      disputes: 0,
    });
    const settings = { metric: 'conversion', plannedVisitors: 1_600, weights: [1, 1], plannedLift: 0.2 } as const;
    const say = (arms: ArmResult[], pick: number, ended = false) => {
      const { verdict, pairs } = judgeExperiment(arms, settings, ended);
      return experimentsConsole.results.evidence(verdict, pairs, pick);
    };
    const choice = 'Se publicá-la, o teste fica registrado como encerrado sem vencedor comprovado e a versão entra no ar como escolha sua.';
    expect(say([arm(800, 120), arm(800, 240)], 1)).toBe(
      'Os números mostram que a versão B vende mais, com no máximo 5% de chance de ser acaso, mesmo olhando todo dia.',
    );
    expect(say([arm(800, 120), arm(800, 240)], 0)).toBe(
      `Os números mostram que a versão B vende mais que a A, com no máximo 5% de chance de ser acaso. ${choice}`,
    );
    expect(say([arm(900, 120), arm(700, 150)], 1)).toBe(
      `Nada mostra que a versão B vende mais: com a divisão dos visitantes desigual, os números das versões não podem ser comparados. ${choice}`,
    );
    expect(say([arm(800, 40), arm(800, 99)], 1)).toBe(
      `Nada mostra que a versão B vende mais: com menos de 100 vendas em cada versão, qualquer diferença pode ser acaso. ${choice}`,
    );
    // 130 against 120 sales of 800: +8.3%, and an always-valid interval from about −30% to +47%.
    for (const ended of [false, true])
      expect(say([arm(800, 120), arm(800, 130)], 1, ended)).toMatch(
        /^Nada mostra que a versão B vende mais: até agora a versão B vende 8% mais que a A, mas a diferença real pode ir de \d+% a menos a \d+% a mais\. A chance de a diferença ser acaso passa de 5%\. Se publicá-la/,
      );
    expect(say([arm(800, 120), arm(800, 120)], 0)).toContain('até agora a versão B vende praticamente o mesmo que a A');
  });
});

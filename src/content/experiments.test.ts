import { describe, expect, it } from 'vitest';
import { experimentsConsole, guardrailWarning, plannerText, plannerWarnings, verdictExplanation, verdictLabel } from './experiments.ts';

describe('the A/B tests copy', () => {
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
    expect(plannerWarnings.long).toContain('60 dias');
    expect(guardrailWarning('refunds', 1, 0)).toContain('pedidos de reembolso por venda que A');
  });

  it('writes the split check’s p-value in Portuguese, never rounded to zero', () => {
    expect(experimentsConsole.results.sampleRatio(6.334e-5)).toBe('Teste da divisão: p = 6,3 × 10⁻⁵.');
    expect(experimentsConsole.results.sampleRatio(0.000_98)).toBe('Teste da divisão: p = 9,8 × 10⁻⁴.');
    expect(experimentsConsole.results.sampleRatio(1.5e-23)).toBe('Teste da divisão: p < 10⁻¹².');
    expect(experimentsConsole.results.sampleRatio(0)).toBe('Teste da divisão: p < 10⁻¹².');
  });
});

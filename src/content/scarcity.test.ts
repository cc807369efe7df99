import { describe, expect, it } from 'vitest';
import { countLabel } from '../shared/text.ts';
import { scarcity } from './scarcity.ts';

describe('scarcity copy', () => {
  it('uses the spec button and the sold-out template', () => {
    expect(scarcity.cta).toBe('GARANTIR MINHA VAGA AGORA');
    expect(scarcity.soldOut.title).toBe('Vagas esgotadas este mês');
    expect(scarcity.soldOut.nextBatch('1º de abril')).toBe('Próximo lote abre em 1º de abril');
    expect(scarcity.capacityClaim(100)).toBe('Liberamos apenas 100 acessos por mês.');
  });

  it('agrees in number with the count', () => {
    expect(countLabel(1, scarcity.remainingLabel)).toBe('vaga restante');
    expect(countLabel(12, scarcity.remainingLabel)).toBe('vagas restantes');
    expect(countLabel(8, scarcity.viewersLabel)).toBe('pessoas vendo agora');
  });
});

describe('formatNextBatchDate', () => {
  it('writes the first of the month as the copy does, in São Paulo time', async () => {
    const { formatNextBatchDate } = await import('./sold-out.ts');
    // 1 April 2026, 00:00 in São Paulo is 03:00 UTC.
    expect(formatNextBatchDate(Date.UTC(2026, 3, 1, 3))).toBe('1º de abril');
    expect(formatNextBatchDate(Date.UTC(2026, 3, 15, 12))).toBe('15 de abril');
  });
});

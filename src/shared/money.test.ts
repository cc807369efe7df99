import { describe, expect, it } from 'vitest';
import { formatBRL, formatCentsNumber } from './money.ts';

describe('formatBRL', () => {
  it('formats centavos the Brazilian way', () => {
    expect(formatBRL(1990)).toBe('R$\u00a019,90');
    expect(formatBRL(100)).toBe('R$\u00a01,00');
    expect(formatBRL(84600)).toBe('R$\u00a0846,00');
    expect(formatBRL(1250000)).toBe('R$\u00a012.500,00');
    expect(formatCentsNumber(5240)).toBe('52,40');
  });

  it('refuses fractional centavos', () => {
    expect(() => formatBRL(19.9)).toThrow(TypeError);
  });
});

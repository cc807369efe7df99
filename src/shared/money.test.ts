import { describe, expect, it } from 'vitest';
import { formatBRL, formatCentsNumber, parseReais, reaisText } from './money.ts';

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

describe('parseReais', () => {
  it('reads a price as sellers type it, with or without R$, thousands or a decimal point', () => {
    expect(parseReais('R$ 29,90')).toBe(2990);
    expect(parseReais('R$29,90')).toBe(2990);
    expect(parseReais(formatBRL(2990))).toBe(2990);
    expect(parseReais('29,90')).toBe(2990);
    expect(parseReais('29.90')).toBe(2990);
    expect(parseReais('19.9')).toBe(1990);
    expect(parseReais(' 5 ')).toBe(500);
    expect(parseReais('1.990,00')).toBe(199000);
    expect(parseReais('1.990')).toBe(199000);
    expect(parseReais('99.999,99')).toBe(9999999);
    expect(parseReais('1990')).toBe(199000);
  });

  it('gives a negative amount its sign, for the schema to refuse in words', () => {
    expect(parseReais('-5')).toBe(-500);
    expect(parseReais('R$ -5,00')).toBe(-500);
    expect(parseReais('0')).toBe(0);
  });

  it('is null for what is no amount', () => {
    for (const text of ['', 'R$', 'abc', '5,005', '1.99.0', '29,9,0', '--5', '1e3']) expect(parseReais(text), text).toBeNull();
  });

  it('reads back what the price box shows', () => {
    for (const cents of [500, 1990, 199000, 9999999]) expect(parseReais(reaisText(cents))).toBe(cents);
    expect(reaisText(500)).toBe('5,00');
  });
});

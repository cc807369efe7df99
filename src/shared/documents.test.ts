import { describe, expect, it } from 'vitest';
import { formatDocument, isValidCpfOrCnpj } from './documents.ts';

/** The Receita Federal's rule, written out here so the test does not trust the library it checks. */
function officialCnpjCheckDigits(base: string): string {
  const value = (char: string) => char.charCodeAt(0) - 48;
  const digit = (body: string, weights: number[]) => {
    const rest = weights.reduce((sum, weight, index) => sum + weight * value(body[index]!), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digit(`${base}${first}`, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

describe('CPF and CNPJ', () => {
  const alphanumeric = `12ABC34501DE${officialCnpjCheckDigits('12ABC34501DE')}`;

  it('accepts a valid alphanumeric CNPJ (IN RFB 2.229/2024), masked or not, and formats it', () => {
    expect(alphanumeric).toBe('12ABC34501DE35');
    expect(isValidCpfOrCnpj(alphanumeric)).toBe(true);
    expect(isValidCpfOrCnpj('12.abc.345/01de-35')).toBe(true);
    expect(formatDocument(alphanumeric)).toBe('12.ABC.345/01DE-35');
  });

  it('refuses an alphanumeric CNPJ with a wrong check digit or a letter where a check digit goes', () => {
    expect(isValidCpfOrCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCpfOrCnpj('12ABC34501DE3A')).toBe(false);
  });

  it('still takes numeric CNPJs and CPFs, and refuses repeated digits and wrong lengths', () => {
    expect(isValidCpfOrCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCpfOrCnpj('529.982.247-25')).toBe(true);
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    for (const bad of ['11111111111', '11.222.333/0001-82', '529.982.247-26', '1234567890', '12ABC34501DE351'])
      expect(isValidCpfOrCnpj(bad), bad).toBe(false);
  });
});

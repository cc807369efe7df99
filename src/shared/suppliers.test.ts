import { describe, expect, it } from 'vitest';
import { parseListKey, supplierCsvFileName } from './suppliers.ts';

describe('supplier lists by name', () => {
  it('reads a list by its key or its slug, ignoring case and spaces, and nothing else', () => {
    expect(parseListKey('recarga')).toBe('recharge');
    expect(parseListKey(' Recharge ')).toBe('recharge');
    expect(parseListKey('fornecedores')).toBe('suppliers');
    expect(parseListKey('suppliers')).toBe('suppliers');
    expect(parseListKey('outra')).toBeUndefined();
    expect(parseListKey('')).toBeUndefined();
  });

  it('names the console download after the list', () => {
    expect(supplierCsvFileName('suppliers')).toBe('fornecedores.csv');
    expect(supplierCsvFileName('recharge')).toBe('fornecedores-recarga.csv');
  });
});

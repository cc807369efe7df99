import { describe, expect, it } from 'vitest';
import { collapseWhitespace, countLabel, firstName, formatCount, normalizeEmail, stripAccents, truncate } from './text.ts';

describe('stripAccents', () => {
  it('drops the accents and keeps the letters', () => {
    expect(stripAccents('Ação Música Vídeo Çé ÂNGELA')).toBe('Acao Musica Video Ce ANGELA');
    expect(stripAccents('Disney+ 4K')).toBe('Disney+ 4K');
  });
});

describe('collapseWhitespace', () => {
  it('makes every run of spaces, tabs and line breaks one space, and trims', () => {
    expect(collapseWhitespace('  São \t Paulo\r\n  SP ')).toBe('São Paulo SP');
    expect(collapseWhitespace(' \n ')).toBe('');
  });
});

describe('truncate', () => {
  it('keeps a short text and cuts a long one to the length, ellipsis included', () => {
    expect(truncate('curto', 5)).toBe('curto');
    expect(truncate('comprido', 5)).toBe('comp…');
    expect(truncate('comprido', 5)).toHaveLength(5);
  });
});

describe('firstName', () => {
  it.each([
    ['Maria Silva', 'Maria'],
    ['  joão   pedro ', 'João'],
    ['ÂNGELA SOUZA', 'Ângela'],
    ['McDonald Souza', 'McDonald'],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail(' Maria@Example.COM ')).toBe('maria@example.com');
  });
});

describe('countLabel and formatCount', () => {
  const orders = { one: 'pedido', other: 'pedidos' };
  it('use the singular for exactly one, and the plural for zero and more (pt-BR)', () => {
    expect([0, 1, 2].map((count) => countLabel(count, orders))).toEqual(['pedidos', 'pedido', 'pedidos']);
    expect([0, 1, 12].map((count) => formatCount(count, orders))).toEqual(['0 pedidos', '1 pedido', '12 pedidos']);
  });
});

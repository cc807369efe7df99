import { describe, expect, it } from 'vitest';
import {
  cleanTyped,
  collapseWhitespace,
  countLabel,
  firstName,
  formatCount,
  hasInvisibleMarks,
  normalizeEmail,
  stripAccents,
  truncate,
} from './text.ts';

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

describe('cleanTyped (a console field as pasted)', () => {
  it("turns a spreadsheet's tabs into spaces and takes out bidi controls, marks, zero-width spaces and BOMs", () => {
    expect(cleanTyped('Netflix\tR$ 1,00', false)).toBe('Netflix R$ 1,00');
    expect(cleanTyped('\ufeffLista\u200b nova\u202e de 2027\u200e\u2066\u2069\u061c\u2060', false)).toBe('Lista nova de 2027');
    expect(cleanTyped('a\u0000b\u0007c\u009fd', true)).toBe('abcd');
  });

  it("keeps a paragraph's line breaks, joins a line's, and keeps the joiners emoji are drawn with", () => {
    expect(cleanTyped('Primeira\nSegunda\r\nTerceira', true)).toBe('Primeira\nSegunda\r\nTerceira');
    expect(cleanTyped('Primeira\nSegunda\r\nTerceira', false)).toBe('Primeira Segunda Terceira');
    const family = '👨\u200d👩\u200d👧 e नमस्\u200cते';
    expect(cleanTyped(family, false)).toBe(family);
    expect(hasInvisibleMarks(family)).toBe(false);
  });

  it('leaves nothing the invisible check would still find', () => {
    const all = Array.from({ length: 0x3000 }, (_, code) => String.fromCharCode(code)).join('');
    expect(hasInvisibleMarks(cleanTyped(all, true))).toBe(false);
    expect(hasInvisibleMarks(cleanTyped(all, false))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseFormSafely, parseJsonSafely } from './safe-parse.ts';

describe('parseJsonSafely', () => {
  it('parses like JSON.parse, into objects without a prototype', () => {
    const parsed = parseJsonSafely('{"a":1,"b":{"c":[{"d":"e"}]},"f":null}') as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ a: 1, b: { c: [{ d: 'e' }] }, f: null });
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf((parsed.b as { c: object[] }).c[0])).toBeNull();
    expect(Array.isArray((parsed.b as { c: unknown }).c)).toBe(true);
  });

  it('drops __proto__, constructor and prototype at any depth', () => {
    const parsed = parseJsonSafely('{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}},"a":{"prototype":1,"__proto__":[1],"b":2}}');
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ a: { b: 2 } });
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('throws on what JSON.parse throws on', () => {
    expect(() => parseJsonSafely('{"a":')).toThrow(SyntaxError);
  });
});

describe('parseFormSafely', () => {
  it('nests one level of brackets and keeps other keys flat', () => {
    const parsed = parseFormSafely('a=1&data[hash]=x&a[b]=2&c[]=3&d[e][f]=4&[g]=5');
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ a: '1', data: { hash: 'x' }, 'c[]': '3', 'd[e][f]': '4', '[g]': '5' });
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.data)).toBeNull();
  });

  it('drops __proto__, constructor and prototype as a key or a nested key', () => {
    const parsed = parseFormSafely('__proto__[now]=x&constructor[prototype]=x&prototype=1&data[__proto__]=x&__proto__=y&ok=1');
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ ok: '1' });
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { prototypeKeyIn } from './prototype-keys.ts';

describe('prototypeKeyIn', () => {
  it('finds a prototype key at any depth of a parsed body, and nothing in a clean one', () => {
    expect(prototypeKeyIn(JSON.parse('{"hero":{"headline":"x"},"faq":[{"q":"a"}]}'))).toBeUndefined();
    expect(prototypeKeyIn(JSON.parse('{"hero":{"__proto__":{"x":1}}}'))).toBe('__proto__');
    expect(prototypeKeyIn(JSON.parse('[{"a":[{"constructor":1}]}]'))).toBe('constructor');
  });

  it('walks a body nested 100,000 deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}{"prototype":1}${']'.repeat(100_000)}`) as unknown;
    expect(prototypeKeyIn(deep)).toBe('prototype');
  });
});

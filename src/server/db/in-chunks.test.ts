import { describe, expect, it } from 'vitest';
import { idsInChunks } from './in-chunks.ts';

describe('idsInChunks', () => {
  it('asks 500 ids at a time and gathers what each answer found', async () => {
    const ids = Array.from({ length: 1_201 }, (_, index) => `ord_${index}`);
    const asked: number[] = [];
    const found = await idsInChunks(ids, async (chunk) => {
      asked.push(chunk.length);
      return chunk.filter((id) => Number(id.slice(4)) % 400 === 0);
    });
    expect(asked).toEqual([500, 500, 201]);
    expect([...found].sort()).toEqual(['ord_0', 'ord_1200', 'ord_400', 'ord_800']);
  });

  it('asks nothing for no ids', async () => {
    const found = await idsInChunks([], () => Promise.reject(new Error('asked')));
    expect(found.size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { formatBRL } from '../../../shared/money.ts';
import { changeSummary } from './version-figures.tsx';

describe("the history's summary of what a version changed", () => {
  it('names each field by its label and spells the price out', () => {
    expect(changeSummary({ paths: ['hero.headline', 'product.priceCents'], priceCents: [1990, 2490] })).toBe(
      `Título, Preço ${formatBRL(1990)} → ${formatBRL(2490)}`,
    );
  });

  it('says so when a version changed nothing (a restore of the live content)', () => {
    expect(changeSummary({ paths: [], priceCents: null })).toBe('sem mudanças de conteúdo');
    expect(changeSummary(undefined)).toBe('sem mudanças de conteúdo');
  });
});

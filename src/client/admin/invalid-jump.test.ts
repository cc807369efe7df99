import { describe, expect, it } from 'vitest';
import { invalidMessage, sectionOfErrors } from './invalid-jump.ts';

describe('the refusal that names its section', () => {
  it('finds the first refused field’s section in the console’s order', () => {
    expect(sectionOfErrors({ 'product.priceCents': 'x', 'faq.items.2.answer': 'y' })).toBe('faq');
    expect(sectionOfErrors({ 'product.referencePriceCents': 'x' })).toBe('product');
    expect(sectionOfErrors({})).toBeNull();
  });

  it('says where, in Portuguese', () => {
    expect(invalidMessage({ 'product.priceCents': 'x' })).toBe(
      'Há campos a corrigir em “Produto” antes de salvar. O primeiro está marcado abaixo.',
    );
    expect(invalidMessage({})).toBe('Há campos a corrigir antes de salvar.');
  });
});

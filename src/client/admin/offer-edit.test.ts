import { describe, expect, it } from 'vitest';
import { offerDefaults } from '../../content/offer.ts';
import { moveItem, offerErrors, parseReais, reaisText, withField } from './offer-edit.ts';

describe('the page editor’s form helpers', () => {
  it('reads an amount as the seller types it, in reais', () => {
    expect(parseReais('19,90')).toBe(1990);
    expect(parseReais('19.9')).toBe(1990);
    expect(parseReais(' 5 ')).toBe(500);
    expect(parseReais('5,005')).toBeNull();
    expect(parseReais('R$ 5')).toBeNull();
    expect(reaisText(1990)).toBe('19,90');
    expect(reaisText(500)).toBe('5,00');
  });

  it('moves a FAQ item up and down, never past an end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toBeNull();
  });

  it('names the field a refusal is about, in Portuguese', () => {
    expect(offerErrors(offerDefaults)).toEqual({});
    const errors = offerErrors(withField(offerDefaults, 'hero', 'highlight', 'R$ 2,00'));
    expect(errors['hero.highlight']).toBe('O trecho em destaque precisa aparecer igual no título.');
  });
});

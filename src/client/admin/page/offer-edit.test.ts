import { describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../content/offer.ts';
import { moveItem, offerErrors, withField } from './offer-edit.ts';

describe('the page editor’s form helpers', () => {
  it('moves a FAQ item up and down, never past an end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toBeNull();
  });

  it('refuses an invisible or control character in Portuguese, never with a code', () => {
    for (const hidden of ['\u200b', '\ufeff', '\u200e', '\u202e', '\u0007']) {
      const errors = offerErrors(withField(offerDefaults, 'hero', 'headline', `Lista${hidden} nova`));
      expect(errors['hero.headline'], JSON.stringify(hidden)).toBe(
        'O texto tem caracteres invisíveis ou de controle (como espaço de largura zero ou marcas de direção). Apague-os e tente de novo.',
      );
    }
  });

  it('names the field a refusal is about, in Portuguese', () => {
    expect(offerErrors(offerDefaults)).toEqual({});
    const errors = offerErrors(withField(offerDefaults, 'hero', 'highlight', 'R$ 2,00'));
    expect(errors['hero.highlight']).toBe('O trecho em destaque precisa aparecer igual no título.');
  });
});

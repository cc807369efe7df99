import { describe, expect, it } from 'vitest';
import { hasRichMarkup, richParts } from './rich-text.ts';

describe('a multi-line text as the seller writes it', () => {
  it('keeps its line breaks, bold and links', () => {
    expect(richParts('Pague **uma vez**.\nVeja os [termos](/termos) ou [o grupo](https://chat.whatsapp.com/abc).')).toEqual([
      { kind: 'text', text: 'Pague ' },
      { kind: 'bold', text: 'uma vez' },
      { kind: 'text', text: '.' },
      { kind: 'break' },
      { kind: 'text', text: 'Veja os ' },
      { kind: 'link', text: 'termos', href: '/termos' },
      { kind: 'text', text: ' ou ' },
      { kind: 'link', text: 'o grupo', href: 'https://chat.whatsapp.com/abc' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('prints any other link, and any HTML, as the text it is', () => {
    for (const href of ['javascript:alert(1)', 'http://example.com', 'data:text/html,x', '//evil.example', 'https://x'])
      expect(richParts(`[aqui](${href})`), href).toEqual([{ kind: 'text', text: `[aqui](${href})` }]);
    expect(richParts('<b>oi</b> <script>x</script>')).toEqual([{ kind: 'text', text: '<b>oi</b> <script>x</script>' }]);
  });

  it('leaves a plain text a plain string', () => {
    expect(hasRichMarkup('Sem marcação, R$ 19,90 * 2.')).toBe(false);
    expect(hasRichMarkup('Linha 1\nLinha 2')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('leaves other text, accents included, as it is', () => {
    expect(escapeHtml('Rua d’Água, 10 — São Paulo')).toBe('Rua d’Água, 10 — São Paulo');
  });
});

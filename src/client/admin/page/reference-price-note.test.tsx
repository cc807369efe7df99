import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LiveReferencePrice } from '../../../shared/offer.ts';
import { ReferencePriceNote } from './reference-price-note.tsx';

// 12:00 in São Paulo (UTC−3), the console's time zone.
const honestUntil = Date.UTC(2026, 5, 10, 15);
const render = (reference: LiveReferencePrice | null) => renderToStaticMarkup(createElement(ReferencePriceNote, { reference }));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("the console's note on the live reference price", () => {
  it('says until when "de R$ X" stays on the page', () => {
    const html = render({ priceCents: 1990, honestUntil, withdrawn: null });
    expect(html).not.toContain('role="alert"');
    expect(text(html)).toMatch(/^O preço de referência R\$\s19,90 aparece na página até 10\/06\/2026, 12:00\./);
  });

  it('says it was withdrawn, when and why, and what to publish', () => {
    const html = render({ priceCents: 1990, honestUntil, withdrawn: { days: 29 } });
    expect(html).toContain('role="alert"');
    expect(text(html)).toMatch(/^O preço de referência R\$\s19,90 foi retirado da página em 10\/06\/2026, 12:00: /);
    expect(text(html)).toContain('pelo menos 30 dias nos últimos 90, e nos últimos 90 dias valeu por 29 dias.');
    expect(text(html)).toContain('use 0 no preço de referência');
  });

  it('says nothing without a reference, or while it is the price charged', () => {
    expect(render(null)).toBe('');
    expect(render({ priceCents: 1990, honestUntil: null, withdrawn: null })).toBe('');
  });
});

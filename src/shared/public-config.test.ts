import { describe, expect, it } from 'vitest';
import { defaultPublicConfig } from '../content/seller.ts';
import { fillPublicConfigTokens, prerenderPublicConfig, type PublicConfig } from './public-config.ts';

describe('fillPublicConfigTokens', () => {
  const config: PublicConfig = {
    ...defaultPublicConfig,
    whatsappGroupUrl: 'https://chat.whatsapp.com/AbC?x=1&y=2',
    supportEmail: 'ajuda@loja.com.br',
    supportUrl: 'https://wa.me/5511987654321',
    seller: { name: 'Loja <Boa> & Cia', document: '12.345.678/0001-95', address: "Rua d'Água, 10" },
  };

  it('swaps every token for its HTML-escaped value', () => {
    const prerendered = prerenderPublicConfig();
    const { seller } = prerendered;
    const html = `<a href="${prerendered.whatsappGroupUrl}">x</a><p>${seller.name} · ${seller.document} · ${seller.address}</p><a href="${prerendered.supportUrl}">${prerendered.supportEmail}</a>`;
    expect(fillPublicConfigTokens(html, config)).toBe(
      '<a href="https://chat.whatsapp.com/AbC?x=1&amp;y=2">x</a><p>Loja &lt;Boa&gt; &amp; Cia · 12.345.678/0001-95 · Rua d&#39;Água, 10</p><a href="https://wa.me/5511987654321">ajuda@loja.com.br</a>',
    );
  });

  it("fills the guarantee's days in printed text and in an island's props alike", () => {
    const { guaranteeDays } = prerenderPublicConfig();
    const html = `<p>Garantia de ${guaranteeDays} dias</p><div data-props="{&quot;guaranteeDays&quot;:&quot;${guaranteeDays}&quot;}"></div>`;
    expect(fillPublicConfigTokens(html, { ...config, guaranteeDays: '10' })).toBe(
      '<p>Garantia de 10 dias</p><div data-props="{&quot;guaranteeDays&quot;:&quot;10&quot;}"></div>',
    );
  });

  it('leaves a page without tokens untouched', () => {
    expect(fillPublicConfigTokens('<p>__NOT_OURS__ R$ 19,90</p>', config)).toBe('<p>__NOT_OURS__ R$ 19,90</p>');
  });
});

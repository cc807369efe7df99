import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BumpOffer } from '../../content/offers.ts';
import type { AddonOffer } from '../../shared/checkout.ts';
import { AddonOfferCard } from './addon-offer.tsx';
import type { AddonPhase } from './addon-offer-state.ts';
import { BumpCard, CheckoutTotal } from './bump-card.tsx';
import { OrderSummary } from './order-summary.tsx';

const bump: BumpOffer = {
  name: 'Lista de Fornecedores de Recarga',
  pitch: 'Contatos de quem vende recarga.',
  priceCents: 990,
  afterPaymentPriceCents: 790,
  productHash: 'product',
  offerHash: 'offer',
  delivers: 'recharge',
};
const offer: AddonOffer = { title: bump.name, pitch: bump.pitch, priceCents: 790, version: 0 };
const noop = () => undefined;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The buttons by their visible names and whether they are disabled. */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map((match) => ({
    name: match[2]!.replace(/<[^>]+>/g, ''),
    disabled: /\sdisabled=""/.test(match[1]!),
  }));

describe('the bump card', () => {
  it('is a real checkbox, unticked unless the modal says so, labelled with the name and the price', () => {
    const unticked = renderToStaticMarkup(createElement(BumpCard, { bump, checked: false, onCheckedChange: noop }));
    expect(unticked).toMatch(/<input[^>]*type="checkbox"/);
    expect(unticked).not.toMatch(/<input[^>]*checked=""/);
    expect(text(unticked)).toContain('Sim, quero a Lista de Fornecedores de Recarga por mais R$ 9,90');
    expect(text(unticked)).toContain(bump.pitch);
    const ticked = renderToStaticMarkup(createElement(BumpCard, { bump, checked: true, onCheckedChange: noop }));
    expect(ticked).toMatch(/<input[^>]*checked=""/);
  });

  it('labels the box by its own <label> and describes it by the pitch', () => {
    const html = renderToStaticMarkup(createElement(BumpCard, { bump, checked: false, onCheckedChange: noop }));
    const id = /<input[^>]*id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`for="${id}"`);
    expect(html).toContain(`aria-describedby="${id}-pitch"`);
  });

  it('shows the total in reais', () => {
    expect(text(renderToStaticMarkup(createElement(CheckoutTotal, { totalCents: 2980 })))).toContain('Total R$ 29,80');
  });
});

describe("the PIX panel's items", () => {
  it('lists each item with its price above the total', () => {
    const html = renderToStaticMarkup(
      createElement(OrderSummary, {
        label: 'Valor a pagar',
        amountCents: 2980,
        items: [
          { key: 'main', title: 'Lista de Fornecedores Secretos', priceCents: 1990 },
          { key: 'bump', title: bump.name, priceCents: 990 },
        ],
      }),
    );
    expect(text(html)).toContain(
      'Itens do pedido Lista de Fornecedores Secretos R$ 19,90 Lista de Fornecedores de Recarga R$ 9,90 Valor a pagar R$ 29,80',
    );
  });

  it('names a single item under the amount, and works without items', () => {
    const one = [{ key: 'bump' as const, title: bump.name, priceCents: 990 }];
    expect(text(renderToStaticMarkup(createElement(OrderSummary, { label: 'Valor a pagar', amountCents: 990, items: one })))).toBe(
      ' Valor a pagar Lista de Fornecedores de Recarga R$ 9,90 ',
    );
    expect(text(renderToStaticMarkup(createElement(OrderSummary, { label: 'Valor a pagar', amountCents: 1990 })))).toBe(
      ' Valor a pagar R$ 19,90 ',
    );
  });
});

describe('the offer card after payment', () => {
  const render = (phase: AddonPhase) =>
    renderToStaticMarkup(createElement(AddonOfferCard, { offer, phase, onAccept: noop, onDecline: noop }));

  it('shows the eyebrow, title, pitch and price with both answers', () => {
    const html = render({ kind: 'offer' });
    expect(text(html)).toContain('Oferta única para o seu pedido');
    expect(text(html)).toContain('Quer adicionar a Lista de Fornecedores de Recarga?');
    expect(text(html)).toContain(offer.pitch);
    expect(text(html)).toContain('R$ 7,90');
    expect(buttons(html)).toEqual([
      { name: 'Quero adicionar', disabled: false },
      { name: 'Não, obrigado', disabled: false },
    ]);
  });

  it('disables both answers while "Quero adicionar" is on its way', () => {
    expect(buttons(render({ kind: 'accepting' }))).toEqual([
      { name: 'Gerando o PIX…', disabled: true },
      { name: 'Não, obrigado', disabled: true },
    ]);
  });

  it('puts the declined line in place of the answers after "Não, obrigado"', () => {
    const html = render({ kind: 'declined' });
    expect(buttons(html)).toEqual([]);
    expect(html).toContain('role="status"');
    expect(text(html)).toContain('Tudo certo. Seu acesso continua liberado.');
  });

  it('shows the price the seller published since, says so, and takes the next tap', () => {
    const html = renderToStaticMarkup(
      createElement(AddonOfferCard, {
        offer: { ...offer, priceCents: 1190, version: 2 },
        phase: { kind: 'repriced' },
        onAccept: noop,
        onDecline: noop,
      }),
    );
    expect(text(html)).toContain('R$ 11,90');
    expect(text(html)).not.toContain('R$ 7,90');
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('O preço foi atualizado desde que você viu a oferta. Confira o novo valor acima');
    expect(buttons(html)).toEqual([
      { name: 'Quero adicionar', disabled: false },
      { name: 'Não, obrigado', disabled: false },
    ]);
  });

  it('says the access is safe and offers a retry after a failure', () => {
    const html = render({ kind: 'failed' });
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('Seu acesso continua liberado');
    expect(buttons(html)[0]).toEqual({ name: 'Tentar de novo', disabled: false });
  });
});

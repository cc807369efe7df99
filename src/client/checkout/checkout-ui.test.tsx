import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BumpOffer } from '../../content/offers.ts';
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
const noop = () => undefined;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

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

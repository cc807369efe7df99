import { describe, expect, it } from 'vitest';
import { chooseOffer, parseProductPage } from './parse-products.ts';

describe('parseProductPage', () => {
  it('reads a data list with links.next, or a bare list', () => {
    expect(parseProductPage({ data: [{ hash: 'a' }], links: { next: 'https://x/products?page=2' } })).toEqual({
      products: [{ hash: 'a' }],
      next: 'https://x/products?page=2',
    });
    expect(parseProductPage([{ hash: 'a' }, 'junk'])).toEqual({ products: [{ hash: 'a' }], next: null });
    expect(parseProductPage({ data: { hash: 'a' } })).toBeNull();
    expect(parseProductPage('x')).toBeNull();
  });
});

describe('chooseOffer', () => {
  it('takes the offer with status 1 (number or text), else the first', () => {
    const product = {
      hash: 'p',
      title: 'Produto',
      cover: 'https://cdn.example.com/c.jpg',
      offers: [
        { hash: 'o0', price: 990, status: 0 },
        { hash: 'o1', price: 1990, status: '1', title: 'Oferta' },
      ],
    };
    expect(chooseOffer(product, 'p')).toEqual({
      ok: true,
      product: { productHash: 'p', offerHash: 'o1', title: 'Oferta', priceCents: 1990, cover: 'https://cdn.example.com/c.jpg' },
    });
    const inactive = {
      hash: 'p',
      name: 'Nome',
      offers: [
        { hash: 'o0', amount: '990', status: 0 },
        { hash: 'o2', price: 1, status: 2 },
      ],
    };
    expect(chooseOffer(inactive, 'p')).toEqual({
      ok: true,
      product: { productHash: 'p', offerHash: 'o0', title: 'Nome', priceCents: 990, cover: null },
    });
  });

  it('falls back from a null offer title to the product title', () => {
    const choice = chooseOffer({ title: 'Produto', offers: [{ hash: 'o', title: null, price: 1990, status: 1 }] }, 'p');
    expect(choice.ok && choice.product.title).toBe('Produto');
  });

  it('reports a product without offers, and an offer without hash or price', () => {
    expect(chooseOffer({ offers: [] }, 'p')).toEqual({ ok: false, reason: 'no_offers' });
    expect(chooseOffer({}, 'p')).toEqual({ ok: false, reason: 'no_offers' });
    expect(chooseOffer({ offers: [{ price: 1990, status: 1 }] }, 'p')).toEqual({ ok: false, reason: 'bad_offer' });
    expect(chooseOffer({ offers: [{ hash: 'o', price: '19.90', status: 1 }] }, 'p')).toEqual({ ok: false, reason: 'bad_offer' });
  });
});

import { describe, expect, it } from 'vitest';
import { orderBump, type BumpOffer } from '../../content/offers.ts';
import { checkoutTotalCents, offeredBump, orderFields } from './order-total.ts';

const bump: BumpOffer = {
  name: 'Lista de Fornecedores de Recarga',
  pitch: 'Contatos de recarga.',
  priceCents: 990,
  afterPaymentPriceCents: 790,
  productHash: 'product',
  offerHash: 'offer',
  delivers: 'recharge',
};
const buyer = { name: 'Maria Souza', email: 'maria@example.com', phone: '(11) 98765-4321', document: '529.982.247-25' };

describe('the checkout total', () => {
  it('is the main price alone until the bump is ticked, then the sum (R$ 19,90 + R$ 9,90 = R$ 29,80)', () => {
    expect(checkoutTotalCents(1990, bump, false)).toBe(1990);
    expect(checkoutTotalCents(1990, bump, true)).toBe(2980);
  });

  it('never adds a bump the server does not offer, ticked or not', () => {
    expect(offeredBump(false, bump)).toBeNull();
    expect(offeredBump(true, null)).toBeNull();
    expect(offeredBump(true, bump)).toBe(bump);
    expect(checkoutTotalCents(1990, offeredBump(false, bump), true)).toBe(1990);
  });

  it("adds the content's own bump price, the one the server charges", () => {
    expect(orderBump).not.toBeNull();
    expect(checkoutTotalCents(1990, orderBump, true)).toBe(1990 + orderBump!.priceCents);
  });
});

describe("POST /api/orders' form fields", () => {
  it('say "without the bump" unless it is offered and ticked, and never carry an amount', () => {
    expect(orderFields(buyer, false, bump, false)).toEqual({
      name: 'Maria Souza',
      email: 'maria@example.com',
      phone: '(11) 98765-4321',
      bump: false,
    });
    expect(orderFields(buyer, false, bump, true).bump).toBe(true);
    expect(orderFields(buyer, false, null, true).bump).toBe(false);
    expect(Object.keys(orderFields(buyer, true, bump, true)).sort()).toEqual(['bump', 'document', 'email', 'name', 'phone']);
  });
});

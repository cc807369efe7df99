import { describe, expect, it } from 'vitest';
import { customerMatchesBuyer } from './buyer-match.ts';

const order = { buyer_email: 'ana@example.com', buyer_phone: '11987654321', buyer_document: null };
const customer = (fields: Partial<{ email: string | null; phone: string | null; document: string | null }>) => ({
  email: null,
  phone: null,
  document: null,
  ...fields,
});

describe('customerMatchesBuyer', () => {
  it('matches the buyer the charge was made for, whatever the case, spaces or phone punctuation', () => {
    expect(customerMatchesBuyer(customer({ email: ' Ana@Example.COM ', phone: '+55 (11) 98765-4321' }), order)).toBe(true);
    expect(customerMatchesBuyer(customer({ phone: '5511987654321' }), order)).toBe(true);
    expect(customerMatchesBuyer(customer({ email: 'ana@example.com', document: '52998224725' }), order)).toBe(true);
  });

  it("refuses another buyer's transaction, even when only one identifier differs", () => {
    expect(customerMatchesBuyer(customer({ email: 'bruno@example.com', phone: '11987654321' }), order)).toBe(false);
    expect(customerMatchesBuyer(customer({ email: 'ana@example.com', phone: '21912345678' }), order)).toBe(false);
    expect(customerMatchesBuyer(customer({ email: 'bruno@example.com' }), order)).toBe(false);
    const withCpf = { ...order, buyer_document: '52998224725' };
    expect(customerMatchesBuyer(customer({ email: 'ana@example.com', document: '529.982.247-25' }), withCpf)).toBe(true);
    expect(customerMatchesBuyer(customer({ email: 'ana@example.com', document: '11144477735' }), withCpf)).toBe(false);
  });

  it("matches nobody on the seller's fixed document alone, or without a customer", () => {
    expect(customerMatchesBuyer(customer({ document: '52998224725' }), order)).toBe(false);
    expect(customerMatchesBuyer(customer({}), order)).toBe(false);
    expect(customerMatchesBuyer(undefined, order)).toBe(false);
  });
});

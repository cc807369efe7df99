import { describe, expect, it } from 'vitest';
import { balanceOf, isSelfPurchase, type CommissionView } from './commissions.ts';

const affiliate = { email: 'ana.lima@gmail.com', document: '52998224725', pix_key_type: 'phone' as const, pix_key: '+5511987654321' };
const stranger = { buyer_email: 'joao@example.com', buyer_document: null, buyer_phone: '21912345678' };

describe('a purchase by the affiliate', () => {
  it('is recognised by e-mail (Gmail folded), CPF or the PIX key, however each was typed', () => {
    expect(isSelfPurchase(affiliate, stranger)).toBe(false);
    expect(isSelfPurchase(affiliate, { ...stranger, buyer_email: 'AnaLima+promo@gmail.com' })).toBe(true);
    expect(isSelfPurchase(affiliate, { ...stranger, buyer_document: '529.982.247-25' })).toBe(true);
    expect(isSelfPurchase(affiliate, { ...stranger, buyer_phone: '11987654321' })).toBe(true);
    expect(isSelfPurchase(affiliate, { ...stranger, buyer_phone: '5511987654321' })).toBe(true);
    const cpfKey = { ...affiliate, document: null, pix_key_type: 'cpf' as const, pix_key: '52998224725' };
    expect(isSelfPurchase(cpfKey, { ...stranger, buyer_document: '52998224725' })).toBe(true);
    const emailKey = { ...affiliate, pix_key_type: 'email' as const, pix_key: 'pix@example.com' };
    expect(isSelfPurchase(emailKey, { ...stranger, buyer_email: ' PIX@example.com' })).toBe(true);
  });
});

function view(amountCents: number, paidCents: number, state: CommissionView['state']): CommissionView {
  return { amountCents, paidCents, state } as CommissionView;
}

describe("an affiliate's balance", () => {
  it('adds up to the commissions, and a cut after a payout is a debt netted from the next, never a negative payout', () => {
    const views = [view(995, 0, 'pendente'), view(297, 0, 'disponivel'), view(0, 500, 'cancelada'), view(300, 300, 'disponivel')];
    const balance = balanceOf(views);
    expect(balance).toEqual({ pendingCents: 995, availableCents: 297, paidCents: 800, debtCents: 500, payableCents: 0 });
    const sum = views.reduce((total, one) => total + one.amountCents, 0);
    expect(balance.paidCents + balance.pendingCents + balance.availableCents - balance.debtCents).toBe(sum);
    expect(balanceOf([view(900, 0, 'disponivel'), view(200, 500, 'disponivel')]).payableCents).toBe(600);
  });
});

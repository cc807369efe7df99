import { describe, expect, it } from 'vitest';
import { canAnswer, nextAddonPhase, type AddonPhase } from './addon-offer-state.ts';
import type { OpenOrder } from './open-order-store.ts';

const addon: OpenOrder = {
  orderId: 'ord_addon',
  publicRef: 'ref_addon0000000000000',
  amountCents: 990,
  items: [{ key: 'bump', title: 'Lista de Fornecedores de Recarga', priceCents: 990 }],
  pix: { code: '000201...', qrSvg: null, image: null },
  expiresAt: 1_000,
  serverTime: 0,
  viewKey: 'v'.repeat(64),
};
const offer: AddonPhase = { kind: 'offer' };

describe('the one-time offer after payment', () => {
  it('accepts once: a second "Quero adicionar" while the first is on its way changes nothing', () => {
    const accepting = nextAddonPhase(offer, { type: 'accept' });
    expect(accepting).toEqual({ kind: 'accepting' });
    expect(canAnswer(accepting)).toBe(false);
    expect(nextAddonPhase(accepting, { type: 'accept' })).toBe(accepting);
    expect(nextAddonPhase(accepting, { type: 'decline' })).toBe(accepting);
  });

  it("shows the add-on's PIX in place of the offer once the server created it", () => {
    const pix = nextAddonPhase({ kind: 'accepting' }, { type: 'created', order: addon });
    expect(pix).toEqual({ kind: 'pix', order: addon });
    expect(nextAddonPhase(pix, { type: 'decline' })).toBe(pix);
  });

  it('offers a retry after a failed accept, with both answers open again', () => {
    const failed = nextAddonPhase({ kind: 'accepting' }, { type: 'accept-failed' });
    expect(failed).toEqual({ kind: 'failed' });
    expect(canAnswer(failed)).toBe(true);
    expect(nextAddonPhase(failed, { type: 'accept' })).toEqual({ kind: 'accepting' });
  });

  it('"Não, obrigado" ends the offer for good', () => {
    const declined = nextAddonPhase(offer, { type: 'decline' });
    expect(declined).toEqual({ kind: 'declined' });
    expect(nextAddonPhase(declined, { type: 'accept' })).toBe(declined);
    expect(nextAddonPhase(declined, { type: 'created', order: addon })).toBe(declined);
  });
});

describe('the offer after payment when the seller changed its price', () => {
  it('shows the offer again, both answers open, and the next "Quero adicionar" asks again', () => {
    const repriced = nextAddonPhase({ kind: 'accepting' }, { type: 'repriced' });
    expect(repriced).toEqual({ kind: 'repriced' });
    expect(canAnswer(repriced)).toBe(true);
    expect(nextAddonPhase(repriced, { type: 'accept' })).toEqual({ kind: 'accepting' });
    expect(nextAddonPhase(repriced, { type: 'decline' })).toEqual({ kind: 'declined' });
    // A 409 that arrives once the PIX is on screen changes nothing.
    const pix: AddonPhase = { kind: 'pix', order: addon };
    expect(nextAddonPhase(pix, { type: 'repriced' })).toBe(pix);
  });
});

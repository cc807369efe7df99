import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/admin.ts';
import { DAY_MS, type AdminRefund, type GatewayRefundState, type RefundStatus } from '../../../shared/refunds.ts';
import { refundView, requestedInsideGuarantee } from './refund-state.ts';

const paidAt = Date.UTC(2026, 2, 3, 15);

const refund = (
  status: RefundStatus,
  gateway: GatewayRefundState = 'off',
  origin: AdminRefund['origin'] = 'buyer',
  mayHaveRefunded = false,
): AdminRefund => ({
  status,
  origin,
  reason: 'not_for_me',
  note: null,
  requestedAt: paidAt + DAY_MS,
  decidedAt: status === 'requested' ? null : paidAt + 2 * DAY_MS,
  decidedBy: status === 'requested' ? null : 'seller',
  declineReason: status === 'declined' ? 'Você usou a lista por 6 dias.' : null,
  refundedAt: status === 'refunded' ? paidAt + 2 * DAY_MS : null,
  gateway: { state: gateway, error: gateway === 'failed' ? 'saldo insuficiente' : null, mayHaveRefunded },
});

const order = (fields: Partial<Pick<AdminOrderDetail, 'status' | 'refund' | 'gatewayRefunds' | 'id' | 'purchase'>>) => ({
  status: 'paid' as const,
  refund: null,
  gatewayRefunds: false,
  ...fields,
});

/** The actions a state shows, as a short list to compare. */
const actions = (fields: Parameters<typeof order>[0]) => {
  const view = refundView(order(fields));
  return (['start', 'retry', 'decline', 'manualSteps', 'markRefunded'] as const).filter((name) => view[name]);
};

describe('refundView', () => {
  it('offers a seller-initiated refund, and "Marcar como reembolsado", on a paid order nobody asked to refund', () => {
    expect(refundView(order({})).panel).toBe(true);
    expect(actions({})).toEqual(['start', 'markRefunded']);
    expect(actions({ gatewayRefunds: true })).toEqual(['start', 'markRefunded']);
  });

  it('answers a request with "Reembolsar" or "Recusar"', () => {
    expect(actions({ refund: refund('requested') })).toEqual(['start', 'decline', 'markRefunded']);
    expect(actions({ refund: refund('requested'), gatewayRefunds: true })).toEqual(['start', 'decline', 'markRefunded']);
  });

  it('shows the steps by hand once approved without gateway refunds', () => {
    expect(actions({ refund: refund('approved', 'off') })).toEqual(['manualSteps', 'markRefunded']);
    expect(refundView(order({ refund: refund('approved', 'off') })).gateway).toBe('manual');
  });

  it('waits, and polls, while the gateway refunds; nothing to tap that could refund twice', () => {
    for (const state of ['calling', 'pending'] as const) {
      const view = refundView(order({ refund: refund('approved', state), gatewayRefunds: true }));
      expect(view).toMatchObject({ polling: true, gateway: state, start: false, decline: false, manualSteps: false, markRefunded: false });
    }
  });

  it('falls back to the steps by hand when the gateway failed, or asks it again', () => {
    const view = refundView(order({ refund: refund('approved', 'failed'), gatewayRefunds: true }));
    expect(view).toMatchObject({ polling: false, gateway: 'failed', start: false });
    expect(actions({ refund: refund('approved', 'failed'), gatewayRefunds: true })).toEqual(['retry', 'manualSteps', 'markRefunded']);
  });

  it('asks for a look in the gateway panel before retrying a call that may have refunded, and only then', () => {
    const unseen = refundView(order({ refund: refund('approved', 'failed', 'buyer', true), gatewayRefunds: true }));
    expect(unseen).toMatchObject({ retry: true, retryNeedsPanelCheck: true });
    const refused = refundView(order({ refund: refund('approved', 'failed'), gatewayRefunds: true }));
    expect(refused).toMatchObject({ retry: true, retryNeedsPanelCheck: false });
    // In flight: no retry at all, so nothing to warn about.
    expect(refundView(order({ refund: refund('approved', 'calling', 'buyer', true), gatewayRefunds: true })).retryNeedsPanelCheck).toBe(
      false,
    );
  });

  it('lets an approval by hand go to the gateway once gateway refunds are turned on', () => {
    expect(actions({ refund: refund('approved', 'off'), gatewayRefunds: true })).toEqual(['retry', 'manualSteps', 'markRefunded']);
  });

  it('lets the seller still refund a declined request', () => {
    expect(actions({ refund: refund('declined') })).toEqual(['start', 'markRefunded']);
  });

  it('after a part refund, still offers "Reembolsar" for the items the charge holds', () => {
    const item = (key: 'main' | 'bump', state: 'refunded' | 'open') => ({
      orderId: 'ord_part',
      key,
      title: key,
      priceCents: key === 'main' ? 1990 : 990,
      state,
      paidAt,
      guaranteeEndsAt: paidAt + 7 * DAY_MS,
    });
    const purchase = {
      mainOrderId: 'ord_part',
      items: [item('main', 'refunded'), item('bump', 'open')],
      paidCents: 2980,
      refundedCents: 1990,
      partRefundedCents: 0,
      medPartCents: 0,
      medReturnedCents: 0,
      openCents: 990,
      owedCents: 0,
      awaitingCents: 0,
      revokedCents: 0,
    };
    const partDone = refund('refunded', 'off', 'duplicate');
    expect(actions({ id: 'ord_part', refund: partDone, purchase })).toEqual(['start', 'markRefunded']);
  });

  it('never offers "Recusar" for an add-on whose main order was reversed at the provider', () => {
    expect(actions({ refund: refund('requested', 'off', 'reversal') })).toEqual(['start', 'markRefunded']);
  });

  it('offers nothing once refunded, and no panel for an order that was never paid', () => {
    const done = refundView(order({ status: 'reversed', refund: refund('refunded') }));
    expect(done).toMatchObject({ panel: true, start: false, decline: false, manualSteps: false, markRefunded: false, polling: false });
    // Marked as refunded before the guarantee's refunds existed: the status badge says it all.
    expect(refundView(order({ status: 'reversed' })).panel).toBe(false);
    expect(refundView(order({ status: 'pending' })).panel).toBe(false);
    expect(refundView(order({ status: 'expired' })).panel).toBe(false);
  });
});

describe('requestedInsideGuarantee', () => {
  const guaranteeEndsAt = paidAt + 7 * DAY_MS;
  it('compares the buyer’s request with the end of the window', () => {
    expect(requestedInsideGuarantee({ refund: refund('requested'), guaranteeEndsAt })).toBe(true);
    const late = { ...refund('requested'), requestedAt: guaranteeEndsAt + 1 };
    expect(requestedInsideGuarantee({ refund: late, guaranteeEndsAt })).toBe(false);
  });

  it('says nothing without a buyer’s request or a window', () => {
    expect(requestedInsideGuarantee({ refund: null, guaranteeEndsAt })).toBeNull();
    expect(requestedInsideGuarantee({ refund: refund('approved', 'off', 'seller'), guaranteeEndsAt })).toBeNull();
    expect(requestedInsideGuarantee({ refund: refund('requested'), guaranteeEndsAt: null })).toBeNull();
  });
});

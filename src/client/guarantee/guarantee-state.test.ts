import { describe, expect, it } from 'vitest';
import type { GuaranteeView } from '../../shared/refunds.ts';
import { guaranteeHeading, guaranteeJumpLabel, guaranteeState } from './guarantee-state.ts';

// 12:00 in São Paulo on 5 March 2025; the window closes 7 days later.
const PAID_AT = Date.UTC(2025, 2, 5, 15, 0, 0);
const ENDS_AT = PAID_AT + 7 * 24 * 60 * 60_000;

const view = (overrides: Partial<GuaranteeView> = {}): GuaranteeView => ({
  days: 7,
  endsAt: ENDS_AT,
  canRequest: true,
  request: null,
  ...overrides,
});
const request = (status: NonNullable<GuaranteeView['request']>['status'], declineReason: string | null = null) => ({
  canRequest: false,
  request: { requestedAt: PAID_AT + 60 * 60_000, status, declineReason },
});

describe('guaranteeState', () => {
  it('offers the request while the server says it may be made, with the last day in São Paulo time', () => {
    const open = view();
    const state = guaranteeState(open);
    expect(state).toEqual({ kind: 'open', days: 7, endsAt: '12/03/2025' });
    expect(guaranteeHeading(open, state)).toBe('Garantia de 7 dias\u00a0— até 12/03/2025');
    expect(guaranteeJumpLabel(state)).toBe('Garantia de 7 dias: reembolso até 12/03/2025');
  });

  it('uses São Paulo’s date near midnight UTC', () => {
    // 01:30 UTC on 13 March is still 12 March in São Paulo.
    expect(guaranteeState(view({ endsAt: Date.UTC(2025, 2, 13, 1, 30) }))).toMatchObject({ endsAt: '12/03/2025' });
  });

  it('says when the window closed, with no request and no link near the top', () => {
    const closed = view({ canRequest: false });
    const state = guaranteeState(closed);
    expect(state).toEqual({ kind: 'closed', days: 7, endsAt: '12/03/2025' });
    expect(guaranteeHeading(closed, state)).toBe('Garantia de 7 dias');
    expect(guaranteeJumpLabel(state)).toBeNull();
  });

  it('follows the request once made, whatever the window says', () => {
    expect(guaranteeState(view(request('requested')))).toEqual({ kind: 'requested', requestedAt: '05/03' });
    expect(guaranteeState(view(request('approved')))).toEqual({ kind: 'approved' });
    expect(guaranteeState(view(request('refunded')))).toEqual({ kind: 'refunded' });
    // Part of the purchase given back (the bump refunded in the provider's panel): the rest can still be asked for.
    expect(guaranteeState(view({ ...request('refunded'), canRequest: true }))).toEqual({ kind: 'open', days: 7, endsAt: '12/03/2025' });
    expect(guaranteeState(view({ ...request('declined', 'Pedido fora do prazo.'), endsAt: PAID_AT - 1 }))).toEqual({
      kind: 'declined',
      requestedAt: '05/03',
      reason: 'Pedido fora do prazo.',
    });
    // The order page without the e-mailed key gets no decline reason.
    expect(guaranteeState(view(request('declined')))).toMatchObject({ kind: 'declined', reason: null });
    expect(guaranteeJumpLabel(guaranteeState(view(request('requested'))))).toBe('Seu pedido de reembolso');
  });

  it('while a contestação is open, says so over the window and any request, with no link near the top', () => {
    const disputed = view({ canRequest: false, disputeOpen: true });
    const state = guaranteeState(disputed);
    expect(state).toEqual({ kind: 'disputed' });
    expect(guaranteeHeading(disputed, state)).toBe('Garantia de 7 dias');
    expect(guaranteeJumpLabel(state)).toBeNull();
    expect(guaranteeState(view({ ...request('requested'), disputeOpen: true }))).toEqual({ kind: 'disputed' });
  });
});

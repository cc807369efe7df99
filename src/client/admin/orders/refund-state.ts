import type { AdminOrderDetail } from '../../../shared/admin.ts';

/** What the refund panel offers for an order, decided from the detail alone (refund-state.test.ts). */
export interface RefundView {
  /** The panel shows at all: a paid order, or one whose refund was asked for or started. */
  panel: boolean;
  /** "Reembolsar": approve the buyer's request, or start a refund the buyer did not ask for. */
  start: boolean;
  /** Ask the gateway again after it failed (GATEWAY_REFUNDS=1; the same endpoint as "Reembolsar"). */
  retry: boolean;
  /** The failed attempt's call may have refunded: the seller checks the gateway's panel before a retry. */
  retryNeedsPanelCheck: boolean;
  /** "Recusar": only a request still awaiting the seller. */
  decline: boolean;
  /** The numbered steps to refund in the gateway panel by hand. */
  manualSteps: boolean;
  /** "Marcar como reembolsado": after refunding by hand. */
  markRefunded: boolean;
  /** What the gateway side says: `manual` (refund by hand), the gateway's states, or nothing to say. */
  gateway: 'manual' | 'calling' | 'pending' | 'failed' | null;
  /** The gateway is working on it: the console re-reads the order until it is done or has failed. */
  polling: boolean;
}

type RefundFields = Pick<AdminOrderDetail, 'status' | 'refund' | 'gatewayRefunds'> & Partial<Pick<AdminOrderDetail, 'id' | 'purchase'>>;

export function refundView(order: RefundFields): RefundView {
  const { refund } = order;
  const paid = order.status === 'paid';
  const approved = paid && refund?.status === 'approved';
  const state = approved ? refund.gateway.state : null;
  const inFlight = state === 'calling' || state === 'pending';
  // An approved refund the gateway will not make (off, or gave up): the seller refunds by hand.
  const byHand = approved && (state === 'off' || state === 'failed' || !order.gatewayRefunds) && !inFlight;
  const retry = approved && order.gatewayRefunds && (state === 'failed' || state === 'off');
  // Refunds are per item: after a part refund, the charge's other items can still be refunded.
  const itemsLeft = (order.purchase?.items ?? []).some(
    (item) => item.orderId === order.id && (item.state === 'open' || item.state === 'refund_requested'),
  );
  return {
    panel: paid || refund !== null,
    start: paid && (refund === null || refund.status === 'requested' || refund.status === 'declined' || itemsLeft),
    retry,
    retryNeedsPanelCheck: retry && refund.gateway.mayHaveRefunded,
    // A main order reversed at the provider: its add-on's refund is owed, not the seller's to decline.
    decline: paid && refund?.status === 'requested' && refund.origin !== 'reversal',
    manualSteps: byHand,
    // While the gateway is refunding, a hand refund would pay the buyer twice.
    markRefunded: paid && !inFlight,
    gateway: state === 'failed' ? 'failed' : inFlight ? state : byHand ? 'manual' : null,
    polling: inFlight,
  };
}

/** Whether the buyer asked before the guarantee window closed; null when either date is unknown. */
export function requestedInsideGuarantee(order: Pick<AdminOrderDetail, 'refund' | 'guaranteeEndsAt'>): boolean | null {
  if (!order.refund || order.refund.origin !== 'buyer' || order.guaranteeEndsAt === null) return null;
  return order.refund.requestedAt < order.guaranteeEndsAt;
}

import { refundPage as copy } from '../../content/refunds.ts';
import { guaranteeLastDay, type GuaranteeItem, type GuaranteeView } from '../../shared/refunds.ts';
import { BUSINESS_TIME_ZONE } from '../../shared/time.ts';

const fullDate = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const dayAndMonth = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, day: '2-digit', month: '2-digit' });

/** "12/03/2025", in São Paulo time (the day the buyer's receipt and e-mails speak of). */
function formatFullDate(at: number): string {
  return fullDate.format(at);
}

/** "05/03": the day of a request, which is always within the last few days. */
function formatDayAndMonth(at: number): string {
  return dayAndMonth.format(at);
}

/**
 * What the guarantee block shows, from the server's view of it:
 * - `open`: "Pedir reembolso" (or, on an order page without the e-mailed key, where to ask);
 * - `requested` / `approved` / `declined` / `refunded`: the buyer's request as it stands;
 * - `closed`: the window ended with no request;
 * - `disputed`: a contestação is open at the buyer's bank, which decides and returns the money itself.
 * The server decides whether a request may be made (`canRequest`); the page never second-guesses
 * it with this device's clock, which may be wrong.
 */
export type GuaranteeState =
  | { kind: 'open'; days: number; endsAt: string }
  | { kind: 'requested'; requestedAt: string }
  | { kind: 'approved' }
  | { kind: 'declined'; requestedAt: string; reason: string | null }
  | { kind: 'refunded' }
  | { kind: 'closed'; days: number; endsAt: string }
  | { kind: 'disputed' };

export function guaranteeState(view: GuaranteeView): GuaranteeState {
  const { request } = view;
  // Before any request's state: while the bank decides, neither a request nor its follow-up is the seller's to act on.
  if (view.disputeOpen) return { kind: 'disputed' };
  // A part already given back (an item refunded in the provider's panel, or by the seller) leaves the rest refundable.
  if (request && !(request.status === 'refunded' && view.canRequest)) {
    const requestedAt = formatDayAndMonth(request.requestedAt);
    switch (request.status) {
      case 'requested':
        return { kind: 'requested', requestedAt };
      case 'approved':
        return { kind: 'approved' };
      case 'declined':
        return { kind: 'declined', requestedAt, reason: request.declineReason };
      case 'refunded':
        return { kind: 'refunded' };
    }
  }
  const endsAt = formatFullDate(guaranteeLastDay(view.endsAt));
  return view.canRequest ? { kind: 'open', days: view.days, endsAt } : { kind: 'closed', days: view.days, endsAt };
}

/** The block's heading: the window's end date while a request can still be made. */
export function guaranteeHeading(view: GuaranteeView, state: GuaranteeState): string {
  return state.kind === 'open' ? copy.headingUntil(view.days, state.endsAt) : copy.heading(view.days);
}

/**
 * The member page's small link to the block, near the top: while there is something to do or to
 * follow there; none once the window closed with no request (the block at the end still says so).
 */
export function guaranteeJumpLabel(state: GuaranteeState): string | null {
  if (state.kind === 'open') return copy.jumpOpen(state.days, state.endsAt);
  if (state.kind === 'closed' || state.kind === 'disputed') return null;
  return copy.jumpRequest;
}

/** One item of a purchase of several, as the server says it stands: "Lista X — garantia até 03/12". */
export function guaranteeItemLabel(item: GuaranteeItem): string {
  if (item.state !== 'open') return copy.item[item.state];
  return item.windowOpen ? copy.item.open(formatFullDate(guaranteeLastDay(item.endsAt))) : copy.item.closed;
}

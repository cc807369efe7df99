import { businessDay, businessDayStart } from './time.ts';
import { text, z } from './zod.ts';

/** The guarantee and its refunds (docs/refunds.md); the Portuguese labels live in content/refunds.ts. */

export const DAY_MS = 24 * 60 * 60_000;

/** The member page's guarantee section: the access e-mail's "Pedir reembolso" links to `#reembolso`. */
export const REFUND_SECTION_ID = 'reembolso';

/** The short list a buyer may pick a reason from (optional); `other` asks for the free text. */
export const REFUND_REASONS = ['not_for_me', 'contacts_unanswered', 'expected_other', 'bought_by_mistake', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_NOTE_MAX = 500;

export const RefundRequestSchema = z.object({
  reason: z.enum(REFUND_REASONS).optional(),
  note: text(z.string().trim().max(REFUND_NOTE_MAX), { written: 'lines' }).optional(),
  confirm: z.literal(true),
});
export type RefundRequestInput = z.infer<typeof RefundRequestSchema>;

/** `gatewayChecked`: the seller found no refund in the gateway's panel, so asking again cannot refund twice. */
export const RefundStartSchema = z.object({ gatewayChecked: z.literal(true).optional() });

export const RefundDeclineSchema = z.object({ reason: text(z.string().trim().min(5).max(REFUND_NOTE_MAX), { written: 'lines' }) });

/** `approved`: the money is on its way back, at the gateway (`gateway` says how far) or by hand; `refunded` ends the access. */
export type RefundStatus = 'requested' | 'approved' | 'declined' | 'refunded';

export type RefundOrigin = 'buyer' | 'seller' | 'duplicate';

/** The gateway side of an approved refund: `off` is by hand; `pending` is re-read until `refunded`; `failed` goes back to by hand. */
export type GatewayRefundState = 'off' | 'calling' | 'pending' | 'failed';

export interface GuaranteeView {
  days: number;
  endsAt: number;
  canRequest: boolean;
  request: { requestedAt: number; status: RefundStatus; declineReason: string | null } | null;
}

export interface RefundRequestReply {
  guarantee: GuaranteeView;
}

export interface AdminRefund {
  status: RefundStatus;
  origin: RefundOrigin;
  reason: RefundReason | null;
  note: string | null;
  requestedAt: number;
  decidedAt: number | null;
  /** `auto` when REFUND_MODE=auto (or the duplicate rule) approved it. */
  decidedBy: 'seller' | 'auto' | null;
  declineReason: string | null;
  refundedAt: number | null;
  gateway: {
    state: GatewayRefundState;
    error: string | null;
    /** The refund call's outcome is unknown (no answer in 30 minutes): retrying needs `gatewayChecked`. */
    mayHaveRefunded: boolean;
  };
}

export interface ManualRefundSteps {
  amountCents: number;
  /** Each PIX to refund in the panel: the order and its add-on are transactions of their own (docs/money.md). */
  charges: Array<{ orderId: string; transactionHash: string | null; amountCents: number; items: string[] }>;
  /** A PIX key the seller may use. */
  buyerDocument: string | null;
}

/**
 * Exclusive end of the São Paulo calendar day `days` after payment: a Brazilian deadline counts whole
 * days (paid 25/11 at any hour, 7 days → until 02/12 23:59:59). Every check and page reads it here.
 */
export function guaranteeEndsAt(paidAt: number, days: number): number {
  return businessDayStart(businessDay(paidAt), days + 1);
}

/** "até 02/12/2026": the last instant inside the window. */
export function guaranteeLastDay(endsAt: number): number {
  return endsAt - 1;
}

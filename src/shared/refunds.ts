import { DisputeConfirmSchema } from './disputes.ts';
import { businessDay, businessDayStart } from './time.ts';
import { text, z } from './zod.ts';
import type { OrderItemKey } from './checkout.ts';
import type { PurchaseItemState } from './purchase.ts';
/** A PIX provider's id, as the server's registry names it (server/gateway/provider-registry.ts); shown by its name. */
type ProviderId = string;

// docs/refunds.md

export const DAY_MS = 24 * 60 * 60_000;

export const REFUND_SECTION_ID = 'reembolso';

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
/** `confirmDispute`: the seller's second confirmation while a dispute is open (disputes.ts `DisputeConfirmSchema`). */
export const RefundStartSchema = z.object({ gatewayChecked: z.literal(true).optional() }).extend(DisputeConfirmSchema.shape);

export const RefundDeclineSchema = z.object({ reason: text(z.string().trim().min(5).max(REFUND_NOTE_MAX), { written: 'lines' }) });

/** `approved`: the money is on its way back, at the gateway (`gateway` says how far) or by hand; `refunded` ends the access. */
export type RefundStatus = 'requested' | 'approved' | 'declined' | 'refunded';

/** `reversal`: the purchase's main order was reversed at the provider, so its paid add-ons go back too. */
export type RefundOrigin = 'buyer' | 'seller' | 'duplicate' | 'reversal';

/** The gateway side of an approved refund: `off` is by hand; `pending` is re-read until `refunded`; `failed` goes back to by hand; `done`: the gateway gave it back. */
export type GatewayRefundState = 'off' | 'calling' | 'pending' | 'failed' | 'done';

export interface GuaranteeView {
  days: number;
  endsAt: number;
  canRequest: boolean;
  request: { requestedAt: number; status: RefundStatus; declineReason: string | null } | null;
  /**
   * A contestação (MED) of the purchase is open at the buyer's bank: no request may be made, and the page says why
   * before any tap (docs/disputes.md#never-twice). Absent where the refund's state is not shown (no e-mailed key).
   */
  disputeOpen?: boolean;
  /** Each paid item as it stands (docs/money.md#item-states): refunds are per item, so a purchase's may differ. */
  items?: GuaranteeItem[];
}

export interface GuaranteeItem {
  title: string;
  state: Exclude<PurchaseItemState, 'unpaid'>;
  /** The end of this item's own window, and whether it is still open (the server's clock, never the device's). */
  endsAt: number;
  windowOpen: boolean;
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
  charges: Array<{
    orderId: string;
    /** Whose panel holds the transaction: a purchase may be paid through two providers. */
    provider: ProviderId;
    providerName: string;
    transactionHash: string | null;
    amountCents: number;
    items: string[];
    itemKeys: OrderItemKey[];
  }>;
  buyerDocument: string | null;
}

/** Exclusive end of the São Paulo day `days` after payment: a Brazilian deadline counts whole days. */
export function guaranteeEndsAt(paidAt: number, days: number): number {
  return businessDayStart(businessDay(paidAt), days + 1);
}

export function guaranteeLastDay(endsAt: number): number {
  return endsAt - 1;
}

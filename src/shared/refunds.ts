import { businessDay, businessDayStart } from './time.ts';
import { text, z } from './zod.ts';

/**
 * The guarantee and its refunds (docs/refunds.md): what the buyer's pages, the console and the
 * server agree on. The Portuguese labels live in content/refunds.ts.
 */

export const DAY_MS = 24 * 60 * 60_000;

/** The member page's guarantee section: the access e-mail's "Pedir reembolso" links to `#reembolso`. */
export const REFUND_SECTION_ID = 'reembolso';

/** The short list a buyer may pick a reason from (optional); `other` asks for the free text. */
export const REFUND_REASONS = ['not_for_me', 'contacts_unanswered', 'expected_other', 'bought_by_mistake', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Free text the buyer (reason) or the seller (a decline) may write. */
export const REFUND_NOTE_MAX = 500;

/** POST /api/access/refund and POST /api/order-page/:ref/refund: one confirmation is required. */
export const RefundRequestSchema = z.object({
  reason: z.enum(REFUND_REASONS).optional(),
  note: text(z.string().trim().max(REFUND_NOTE_MAX), { written: 'lines' }).optional(),
  confirm: z.literal(true),
});
export type RefundRequestInput = z.infer<typeof RefundRequestSchema>;

/**
 * POST /api/admin/orders/:id/refund/start. `gatewayChecked`: the seller looked in the gateway's
 * panel and the refund is not there, so asking again cannot refund twice (AdminRefund's
 * `gateway.mayHaveRefunded`).
 */
export const RefundStartSchema = z.object({ gatewayChecked: z.literal(true).optional() });

/** POST /api/admin/orders/:id/refund/decline: the buyer is told this reason. */
export const RefundDeclineSchema = z.object({ reason: text(z.string().trim().min(5).max(REFUND_NOTE_MAX), { written: 'lines' }) });

/**
 * Where a refund stands.
 * - `requested`: the buyer asked; the seller has not decided (manual mode).
 * - `approved`: the seller (or REFUND_MODE=auto) said yes; the money is on its way back: at the
 *   gateway (`gateway` says how far) or by hand in the gateway panel.
 * - `declined`: the seller said no, with a reason the buyer was sent.
 * - `refunded`: the money went back; the access has ended.
 */
export type RefundStatus = 'requested' | 'approved' | 'declined' | 'refunded';

/** Who started the refund: the buyer's request, the seller in the console, or the duplicate-payment rule. */
export type RefundOrigin = 'buyer' | 'seller' | 'duplicate';

/**
 * The gateway side of an approved refund (GATEWAY_REFUNDS=1):
 * - `off`: refunds are made by hand in the gateway panel;
 * - `calling`: the refund call is being made or its answer is awaited;
 * - `pending`: the gateway accepted it and reads `pending_refund`; the server re-reads until `refunded`;
 * - `failed`: the gateway refused or kept failing: refund by hand (`error` says why).
 */
export type GatewayRefundState = 'off' | 'calling' | 'pending' | 'failed';

/** The guarantee as the member page and the order page show it to the buyer. */
export interface GuaranteeView {
  /** GUARANTEE_DAYS. */
  days: number;
  /** Epoch ms the window closes (payment + days). */
  endsAt: number;
  /** The window is open and no request was made: "Pedir reembolso" is offered. */
  canRequest: boolean;
  /** The buyer's request, once made. */
  request: { requestedAt: number; status: RefundStatus; declineReason: string | null } | null;
}

/** 200 from a refund request: the guarantee as it now stands. */
export interface RefundRequestReply {
  guarantee: GuaranteeView;
}

/** The refund of an order as the console shows it. */
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
    /**
     * This attempt's refund call was made and its refund never seen (an uncertain answer, or none
     * in 30 minutes): the gateway may have refunded, so trying again may refund twice. Retrying
     * then takes RefundRetrySchema's `gatewayChecked`.
     */
    mayHaveRefunded: boolean;
  };
}

/** What the seller needs to refund by hand in the gateway panel. */
export interface ManualRefundSteps {
  /** What the purchase gives back in all: the sum of `charges`. */
  amountCents: number;
  /** Each PIX to refund in the panel: the order and its add-on are transactions of their own (docs/money.md). */
  charges: Array<{ orderId: string; transactionHash: string | null; amountCents: number; items: string[] }>;
  /** The CPF typed at checkout, when there was one (a PIX key the seller may use). */
  buyerDocument: string | null;
}

/**
 * When the guarantee of an item paid at `paidAt` ends: at the end of the São Paulo calendar day
 * `days` after its payment, because a Brazilian deadline counts whole days (paid on 25/11 at any
 * hour, 7 days → requests are inside until 02/12 23:59:59). The instant is exclusive. The server's
 * check, the e-mails, the pages and the evidence all take it from here (docs/money.md#windows).
 */
export function guaranteeEndsAt(paidAt: number, days: number): number {
  return businessDayStart(businessDay(paidAt), days + 1);
}

/** The guarantee's last day as people read it ("até 02/12/2026"): the last instant inside the window. */
export function guaranteeLastDay(endsAt: number): number {
  return endsAt - 1;
}

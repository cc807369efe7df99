import { text, z } from './zod.ts';
import { emailSchema, type OrderItem } from './checkout.ts';
import type { PurchaseView } from './purchase.ts';
import type { AdminRefund, ManualRefundSteps, RefundReason, RefundStatus } from './refunds.ts';
import type { ProviderId } from './providers.ts';
import { LIST_KEYS } from './suppliers.ts';

/** The seller's console API (/api/admin/*): request schemas shared by the forms and the server, and reply types. */

export const AdminLoginSchema = z.object({ password: text(z.string().min(1).max(200)) });

/**
 * `duplicate`: paid orders flagged as a buyer's second payment, still to refund. `refund_requested`:
 * refunds asked for and not finished (awaiting the seller's decision, or approved and not yet refunded).
 */
export const ORDER_FILTER_STATUSES = ['all', 'paid', 'pending', 'expired', 'failed', 'reversed', 'duplicate', 'refund_requested'] as const;
export type OrderFilterStatus = (typeof ORDER_FILTER_STATUSES)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const AdminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_FILTER_STATUSES).default('all'),
  from: day.optional().or(z.literal('').transform(() => undefined)),
  to: day.optional().or(z.literal('').transform(() => undefined)),
  q: text(z.string().trim().max(200)).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** The same e-mail rule as the checkout form, so the corrected address is stored the way orders store it. */
export const AdminCorrectEmailSchema = z.object({ email: emailSchema() });

/** Dados pessoais (LGPD): the buyer is found by the address they bought with, as the checkout stored it. */
export const AdminBuyerSchema = z.object({ email: emailSchema() });

/** Deleting is irreversible: the seller types the address a second time, and the server checks it too. */
export const AdminBuyerDeleteSchema = z
  .object({ email: emailSchema(), confirmation: text(z.string().trim().toLowerCase().max(254)) })
  .refine((value) => value.confirmation === value.email, { path: ['confirmation'] });

export const AdminSupplierCsvSchema = z.object({ csv: text(z.string().max(2_000_000)) });

/** `?list=` of the Fornecedores endpoints: which supplier list; the main one when absent. */
export const AdminSupplierListQuerySchema = z.object({ list: z.enum(LIST_KEYS).default('suppliers') });

export const ADMIN_PAGE_SIZE = 20;

export type AdminOrderStatus = 'creating' | 'pending' | 'expired' | 'paid' | 'failed' | 'reversed';

export interface AdminOrderSummary {
  id: string;
  status: AdminOrderStatus;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
  amountCents: number;
  createdAt: number;
  paidAt: number | null;
  hasAccess: boolean;
  /** The buyer's earlier paid order when this payment is a duplicate of it (a refund candidate). */
  duplicateOf: string | null;
  /** Where the order's refund stands (shared/refunds.ts); null when none was asked for or started. */
  refundStatus: RefundStatus | null;
  /** `addon`: the bump bought after payment, in a PIX of its own, for `parentOrderId` (docs/offers.md). */
  kind: 'main' | 'addon';
  parentOrderId: string | null;
  items: OrderItem[];
  /** The PIX provider that took the order's charge (or was last asked for it), and its name as the console shows it. */
  provider: ProviderId;
  providerName: string;
}

export interface AdminOrderList {
  orders: AdminOrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export type TimelineKind =
  | 'created'
  | 'charged'
  | 'postback'
  | 'paid'
  | 'email_queued'
  | 'email_sent'
  | 'email_failed'
  | 'pix_email_sent'
  | 'refund_email_sent'
  | 'review_email_sent'
  | 'member_page'
  | 'admin'
  /** The refund's steps (shared/refunds.ts): the detail is the event, then the reason or error. */
  | 'refund';

export interface TimelineEntry {
  at: number;
  kind: TimelineKind;
  /** Short detail: the admin action, the e-mail error, whether the postback carried the secret. */
  detail?: string;
  /** For `refund` entries: which step, with the buyer's reason or the seller's/gateway's text. */
  refund?: { event: RefundTimelineEvent; reason?: RefundReason; text?: string };
}

/** A refund's steps on the order's timeline; `gateway_failed` means a refund by hand. */
export type RefundTimelineEvent =
  'requested' | 'approved' | 'approved_auto' | 'declined' | 'gateway_called' | 'gateway_pending' | 'gateway_failed' | 'refunded';

export interface AdminOrderDetail extends AdminOrderSummary {
  failureReason: string | null;
  timeline: TimelineEntry[];
  refund: AdminRefund | null;
  /** When the buyer's guarantee window closes (payment + GUARANTEE_DAYS); null before payment. */
  guaranteeEndsAt: number | null;
  /** GATEWAY_REFUNDS=1: "Reembolsar" refunds through the gateway; otherwise the console shows `manualRefund`. */
  gatewayRefunds: boolean;
  /** What to type in the gateway panel to refund by hand; null for an order that was never paid. */
  manualRefund: ManualRefundSteps | null;
  addons: Array<{ id: string; status: AdminOrderStatus }>;
  /** The order's whole purchase (an add-on's is its parent's): each item and the money (docs/money.md). */
  purchase: PurchaseView | null;
}

export interface AdminPeriodTotals {
  /** Every paid order's amount, add-on orders (the bump bought after payment) included. */
  revenueCents: number;
  /** Sales: paid main orders (an add-on is no sale of its own, as capacity counts). */
  paidOrders: number;
}

/** The order bump's figures over one period, by payment time (server/admin/bump-figures.ts). */
export interface AdminBumpTotals {
  revenueCents: number;
  checkoutRevenueCents: number;
  afterPaymentRevenueCents: number;
  paidOrders: number;
  withBump: number;
  /** withBump ÷ paidOrders; null without paid orders. */
  takeRate: number | null;
  /** Paid main orders without the bump: those the one-time offer after payment is for. */
  offerEligible: number;
  offerAccepted: number;
  offerDeclined: number;
  /** Of offerEligible, those whose add-on order is paid. */
  offerPaid: number;
  /** offerPaid ÷ offerEligible; null without eligible orders. */
  offerConversion: number | null;
}

/** Unpaid PIX won back over one period: each paid order counts for the last touch sent before its payment. */
export interface AdminRecoveryTotals {
  pixGenerated: number;
  paidWithoutReminder: number;
  paidAfterEmail: number;
  paidAfterWhatsapp: number;
  paidAfterConsole: number;
  recoveredCents: number;
  /** WhatsApp messages sent in the period (automatic ones; wa.me costs nothing) × WHATSAPP_PRICE_CENTS. */
  whatsappSent: number;
  whatsappCostCents: number;
}

export interface AdminFunnelStep {
  key: string;
  count: number;
  /** Share of the previous step; null for the first step or when the previous is 0. */
  rate: number | null;
}

export interface AdminDailyPoint {
  day: string;
  revenueCents: number;
  paidOrders: number;
  funnel: number[];
}

/** Sales by where buyers came from: the visit's utm_source / utm_campaign (null when not given). */
export interface AdminSourceRow {
  source: string | null;
  campaign: string | null;
  charges: number;
  paidOrders: number;
  revenueCents: number;
  /** paidOrders ÷ charges; null without charges. */
  conversion: number | null;
}

export interface AdminOverview {
  now: number;
  totals: { today: AdminPeriodTotals; last7: AdminPeriodTotals; last30: AdminPeriodTotals; month: AdminPeriodTotals };
  bump: { today: AdminBumpTotals; last7: AdminBumpTotals; last30: AdminBumpTotals; month: AdminBumpTotals } | null;
  recovery: {
    periods: { today: AdminRecoveryTotals; last7: AdminRecoveryTotals; last30: AdminRecoveryTotals; month: AdminRecoveryTotals };
    whatsappPriceCents: number;
    /** The demo: messages recorded without the Cloud API count as sent. */
    countsSimulated: boolean;
  };
  /** Every sale ever (paid main orders), so the console can tell a new sale since its last refresh. */
  paidOrdersAllTime: number;
  latestPaid: { id: string; buyerName: string; amountCents: number; paidAt: number } | null;
  /** null when the monthly capacity is unlimited. */
  spotsLeft: number | null;
  capacity: number;
  offerEndsAt: number;
  funnel: AdminFunnelStep[];
  daily: AdminDailyPoint[];
  duplicatesToRefund: number;
  refundRequests: number;
  bySource: AdminSourceRow[];
}

export interface HealthCheck {
  key: string;
  ok: boolean;
  /** What was found, e.g. "Modo de demonstração" or "há 5 min". */
  detail: string;
  /** One line telling the seller how to fix it (shown when not ok). */
  fix?: string;
}

/** One webhook event or server-side conversion that failed at least once and is not sent yet. */
export interface FailingDelivery {
  id: string;
  orderId: string;
  kind: string;
  attempts: number;
  /** When it is tried again; null once given up (3 days for a webhook). */
  nextAttemptAt: number | null;
  lastError: string | null;
}

/** A PIX provider's state as this process saw it since it started: a restart starts it over. */
export interface AdminProviderHealth {
  id: ProviderId;
  name: string;
  lastSuccessAt: number | null;
  /** The last failure that counted against it (no answer, 5xx, refused credential…). */
  lastError: { at: number; message: string } | null;
  /** Until when new charges go to the next provider first; null when it takes them. */
  skippedUntil: number | null;
}

export interface AdminHealth {
  now: number;
  checks: HealthCheck[];
  providers: AdminProviderHealth[];
  undeliverable: Array<{ id: string; orderId: string; lastError: string | null }>;
  failingDeliveries: FailingDelivery[];
}

export interface SupplierPreview {
  valid: boolean;
  count: number;
  categories: Array<{ name: string; count: number }>;
  errors: Array<{ line: number; message: string }>;
}

export interface SupplierListInfo {
  count: number;
  updatedAt: number | null;
  example: boolean;
}

export interface AdminSessionInfo {
  signedIn: boolean;
  /** false when the console is off (a real gateway and no ADMIN_PASSWORD). */
  enabled: boolean;
}

/** One order of a buyer, as Dados pessoais lists it before an export or a deletion. */
export interface AdminBuyerOrder {
  reference: string;
  /** As stored: the privacy list shows what the buyer's data file says, with no derived "expired". */
  status: Exclude<AdminOrderStatus, 'expired'>;
  name: string;
  amountCents: number;
  createdAt: number | null;
  paidAt: number | null;
}

export interface AdminBuyerSummary {
  email: string;
  orders: AdminBuyerOrder[];
}

/** What a deletion erased: the orders it touched (as listed just before), their number. */
export interface AdminBuyerErased {
  erasedOrders: number;
  orders: AdminBuyerOrder[];
}

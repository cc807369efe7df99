import { text, z } from './zod.ts';
import type { ConsoleUserInfo } from './admin-users.ts';
import { emailSchema, type OrderItem } from './checkout.ts';
import type { PurchaseView } from './purchase.ts';
import type { AdminRefund, ManualRefundSteps, RefundReason, RefundStatus } from './refunds.ts';
/** A PIX provider's id, as the server's registry names it (server/gateway/provider-registry.ts); shown by its name. */
type ProviderId = string;
import { LIST_KEYS } from './suppliers.ts';
import type { PushHealth } from './push.ts';

/** A console user signs in with their e-mail; the owner with ADMIN_PASSWORD alone (or with an e-mail). */
export const AdminLoginSchema = z.object({
  email: z.union([z.literal(''), emailSchema()]).optional(),
  password: text(z.string().min(1).max(200)),
});

/** `refund_requested`: refunds asked for and not finished. */
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

export const AdminCorrectEmailSchema = z.object({ email: emailSchema() });

export const AdminBuyerSchema = z.object({ email: emailSchema() });

/** Deleting is irreversible: the address is typed twice, and the server checks it too. */
export const AdminBuyerDeleteSchema = z
  .object({ email: emailSchema(), confirmation: text(z.string().trim().toLowerCase().max(254)) })
  .refine((value) => value.confirmation === value.email, { path: ['confirmation'] });

export const AdminSupplierCsvSchema = z.object({ csv: text(z.string().max(2_000_000)) });

export const AdminSupplierListQuerySchema = z.object({ list: z.enum(LIST_KEYS).default('suppliers') });

export const ADMIN_PAGE_SIZE = 20;

/** `med_returned`: reversed by a lost dispute or a MED devolução, "Devolvido pelo MED" (docs/disputes.md), not by a refund. */
export type AdminOrderStatus = 'creating' | 'pending' | 'expired' | 'paid' | 'failed' | 'reversed' | 'med_returned';

export interface AdminOrderSummary {
  id: string;
  status: AdminOrderStatus;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
  amountCents: number;
  /** paid − refunded for this charge (docs/money.md): 0 when reversed, less a part refund's items. */
  netCents: number;
  createdAt: number;
  paidAt: number | null;
  hasAccess: boolean;
  duplicateOf: string | null;
  refundStatus: RefundStatus | null;
  /** docs/offers.md */
  kind: 'main' | 'addon';
  parentOrderId: string | null;
  items: OrderItem[];
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
  'created' | 'charged' | 'postback' | 'paid' | 'email_queued' | 'email_sent' | 'email_failed' | 'member_page' | 'admin' | 'refund';

export interface TimelineEntry {
  at: number;
  kind: TimelineKind;
  /** Which e-mail an `email_*` step is, in words (the outbox kind's row in the server's subscribers table). */
  label?: string;
  detail?: string;
  refund?: { event: RefundTimelineEvent; reason?: RefundReason; text?: string };
}

/** A console timeline's words for one e-mail: sent, and queued or failed where the seller should see that too. */
export interface EmailTimelineLabels {
  sent: string;
  queued?: string;
  failed?: string;
}

export type RefundTimelineEvent =
  'requested' | 'approved' | 'approved_auto' | 'declined' | 'gateway_called' | 'gateway_pending' | 'gateway_failed' | 'refunded';

export interface AdminOrderDetail extends AdminOrderSummary {
  failureReason: string | null;
  /** The buyer's vínculo for "Pix por biometria" as last read at Efí (docs/payments.md#jsr-the-add-on-in-one-tap), if any. */
  bankLink: { bank: string | null; state: 'active' | 'pending' | 'revoked' | 'expired' } | null;
  timeline: TimelineEntry[];
  refund: AdminRefund | null;
  guaranteeEndsAt: number | null;
  gatewayRefunds: boolean;
  manualRefund: ManualRefundSteps | null;
  addons: Array<{ id: string; status: AdminOrderStatus }>;
  /** docs/money.md */
  purchase: PurchaseView | null;
}

export interface AdminPeriodTotals {
  revenueCents: number;
  /** An add-on is no sale of its own, as capacity counts. */
  paidOrders: number;
}

export interface AdminBumpTotals {
  revenueCents: number;
  checkoutRevenueCents: number;
  afterPaymentRevenueCents: number;
  paidOrders: number;
  withBump: number;
  takeRate: number | null;
  offerEligible: number;
  offerAccepted: number;
  offerDeclined: number;
  offerPaid: number;
  offerConversion: number | null;
}

/** Each paid order counts for the last touch sent before its payment. */
export interface AdminRecoveryTotals {
  pixGenerated: number;
  paidWithoutReminder: number;
  paidAfterEmail: number;
  paidAfterWhatsapp: number;
  paidAfterConsole: number;
  recoveredCents: number;
  /** Automatic messages only (wa.me costs nothing), priced with WHATSAPP_PRICE_CENTS. */
  whatsappSent: number;
  whatsappCostCents: number;
}

export interface AdminFunnelStep {
  key: string;
  count: number;
  rate: number | null;
}

/** One way of paying at the checkout (server/funnel/pay-ways.ts); `share`: its part of the paid orders. */
export interface AdminPayWay {
  generated: number;
  paid: number;
  rate: number | null;
  share: number | null;
  medianMsToPaid: number | null;
}

export interface AdminPayWays {
  pix: AdminPayWay;
  bank: AdminPayWay;
}

export interface AdminDailyPoint {
  day: string;
  revenueCents: number;
  paidOrders: number;
  funnel: number[];
}

export interface AdminSourceRow {
  source: string | null;
  campaign: string | null;
  charges: number;
  paidOrders: number;
  revenueCents: number;
  conversion: number | null;
}

export interface AdminOverview {
  now: number;
  totals: { today: AdminPeriodTotals; last7: AdminPeriodTotals; last30: AdminPeriodTotals; month: AdminPeriodTotals };
  bump: { today: AdminBumpTotals; last7: AdminBumpTotals; last30: AdminBumpTotals; month: AdminBumpTotals } | null;
  recovery: {
    periods: { today: AdminRecoveryTotals; last7: AdminRecoveryTotals; last30: AdminRecoveryTotals; month: AdminRecoveryTotals };
    whatsappPriceCents: number;
    countsSimulated: boolean;
  };
  /** So the console can tell a new sale since its last refresh. */
  paidOrdersAllTime: number;
  latestPaid: { id: string; buyerName: string; amountCents: number; paidAt: number } | null;
  spotsLeft: number | null;
  capacity: number;
  offerEndsAt: number;
  funnel: AdminFunnelStep[];
  payWays: AdminPayWays;
  daily: AdminDailyPoint[];
  duplicatesToRefund: number;
  refundRequests: number;
  bySource: AdminSourceRow[];
  /** Open disputes, soonest deadline first (docs/disputes.md). */
  openDisputes: { id: string; orderRef: string; amountCents: number; defenceDueAt: number | null }[];
  /** The day on one phone screen: yesterday up to this hour, the PIX still payable, each provider as this instance sees it. */
  day: {
    yesterdaySoFar: AdminPeriodTotals;
    pixWaiting: number;
    providers: AdminProviderState[];
  };
}

/**
 * `ok`: its last charge went through (`since`); `untried`: no charge yet on this instance; `failing`: its last charge
 * failed; `skipped`: failures in a row, new charges go to the next provider until `until`.
 */
export interface AdminProviderState {
  name: string;
  state: 'ok' | 'untried' | 'failing' | 'skipped';
  since: number | null;
  until: number | null;
}

export interface HealthCheck {
  key: string;
  ok: boolean;
  detail: string;
  fix?: string;
}

export interface FailingDelivery {
  id: string;
  orderId: string;
  kind: string;
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
}

/** As this process saw it since it started. */
export interface AdminProviderHealth {
  id: ProviderId;
  name: string;
  lastSuccessAt: number | null;
  lastError: { at: number; message: string } | null;
  skippedUntil: number | null;
  /** Out of PAYMENT_PROVIDERS, credentials still set: it takes no new charges, its own are still read and refunded. */
  retired: boolean;
  /** Its open charges and its paid orders inside the refund window, from the database (every instance's). */
  unsettledOrders: number;
  /** Webhooks refused for their signature or secret, from the database (every instance's). */
  invalidSignatures: { count: number; lastAt: number } | null;
}

export interface AdminHealth {
  now: number;
  checks: HealthCheck[];
  providers: AdminProviderHealth[];
  undeliverable: Array<{ id: string; orderId: string; lastError: string | null }>;
  failingDeliveries: FailingDelivery[];
  /** The console's push notifications: devices, last sent, last refused. */
  push?: PushHealth;
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
  enabled: boolean;
  /** Who is signed in and what they may do (the console shows only their sections). */
  user?: ConsoleUserInfo;
  /** Who is signed in, as their forms' typing is kept in this browser (`personKey`): absent when signed out. */
  personKey?: string;
}

export interface AdminBuyerOrder {
  reference: string;
  /** As stored, with no derived "expired". */
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

export interface AdminBuyerErased {
  erasedOrders: number;
  orders: AdminBuyerOrder[];
}

import { z } from './zod.ts';
import { CheckoutFormSchema } from './checkout.ts';

/** The seller's console API (/api/admin/*): request schemas shared by the forms and the server, and reply types. */

export const AdminLoginSchema = z.object({ password: z.string().min(1).max(200) });

export const ORDER_FILTER_STATUSES = ['all', 'paid', 'pending', 'expired', 'failed', 'reversed'] as const;
export type OrderFilterStatus = (typeof ORDER_FILTER_STATUSES)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const AdminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_FILTER_STATUSES).default('all'),
  from: day.optional().or(z.literal('').transform(() => undefined)),
  to: day.optional().or(z.literal('').transform(() => undefined)),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** The same e-mail rule as the checkout form, so the corrected address is stored the way orders store it. */
export const AdminCorrectEmailSchema = z.object({ email: CheckoutFormSchema.shape.email });

export const AdminSupplierCsvSchema = z.object({ csv: z.string().max(2_000_000) });

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
  | 'member_page'
  | 'admin';

export interface TimelineEntry {
  at: number;
  kind: TimelineKind;
  /** Short detail: the admin action, the e-mail error, whether the postback carried the secret. */
  detail?: string;
}

export interface AdminOrderDetail extends AdminOrderSummary {
  failureReason: string | null;
  timeline: TimelineEntry[];
}

export interface AdminPeriodTotals {
  revenueCents: number;
  paidOrders: number;
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
  /** One count per funnel step, in the funnel's order. */
  funnel: number[];
}

export interface AdminOverview {
  now: number;
  totals: { today: AdminPeriodTotals; last7: AdminPeriodTotals; last30: AdminPeriodTotals; month: AdminPeriodTotals };
  /** Every paid order ever, so the console can tell a new sale since its last refresh. */
  paidOrdersAllTime: number;
  latestPaid: { id: string; buyerName: string; amountCents: number; paidAt: number } | null;
  /** null when the monthly capacity is unlimited. */
  spotsLeft: number | null;
  capacity: number;
  offerEndsAt: number;
  funnel: AdminFunnelStep[];
  daily: AdminDailyPoint[];
}

export interface HealthCheck {
  key: string;
  ok: boolean;
  /** What was found, e.g. "Modo de demonstração" or "há 5 min". */
  detail: string;
  /** One line telling the seller how to fix it (shown when not ok). */
  fix?: string;
}

export interface AdminHealth {
  checks: HealthCheck[];
  undeliverable: Array<{ id: string; orderId: string; lastError: string | null }>;
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
}

export interface AdminSessionInfo {
  signedIn: boolean;
  /** false when the console is off (a real gateway and no ADMIN_PASSWORD). */
  enabled: boolean;
}

import { z } from 'zod';

/** The seller's payout schedule (docs/affiliates.md#payouts): a weekday in Brasília time, a minimum, a second tap above a limit. */
export interface PayoutSettings {
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  minCents: number;
  /** A batch whose total is above this asks for a second confirmation. */
  confirmAboveCents: number;
}

export const DEFAULT_PAYOUT_SETTINGS: PayoutSettings = { weekday: 2, minCents: 5000, confirmAboveCents: 100_000 };

export const AdminPayoutSettingsSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  minCents: z.number().int().min(1).max(100_000_000),
  confirmAboveCents: z.number().int().min(0).max(1_000_000_000),
});

export type PayoutState = 'queued' | 'sending' | 'sent' | 'unknown' | 'confirmed' | 'failed';

/** One affiliate's line in the batch the console offers: what a payout would send now. */
export interface PayableLine {
  affiliateId: string;
  name: string;
  pixKeyType: string;
  /** Shown whole to the seller, who pays it by hand where no provider sends PIX. */
  pixKey: string;
  availableCents: number;
  debtCents: number;
  amountCents: number;
}

export interface AdminPayout {
  id: string;
  batchId: string;
  affiliateId: string;
  name: string;
  amountCents: number;
  pixKeyType: string;
  pixKey: string;
  /** False: paid by hand in the bank's app ("Marcar como pago"). */
  byApi: boolean;
  state: PayoutState;
  endToEndId: string | null;
  /** Why it failed, in Portuguese, for the seller. */
  failure: string | null;
  createdAt: number;
  paidAt: number | null;
}

export interface AdminPayoutMonth {
  /** YYYY-MM in Brasília time. */
  month: string;
  affiliateId: string;
  name: string;
  paidCents: number;
  payouts: number;
}

export interface AdminPayouts {
  settings: PayoutSettings;
  /** YYYY-MM-DD, Brasília time. */
  nextPayoutDate: string;
  /** Whether a provider sends the PIX by API; else the batch is paid by hand. */
  byApi: boolean;
  payable: PayableLine[];
  totalCents: number;
  /** Above the seller's limit: approval asks for a second confirmation. */
  needsSecondConfirmation: boolean;
  payouts: AdminPayout[];
  months: AdminPayoutMonth[];
}

export const AdminPayoutApproveSchema = z.object({
  /** The total the seller saw: a batch that changed since is refused, not paid. */
  totalCents: z.number().int().min(1),
  /** The second tap, needed above the limit. */
  confirmed: z.boolean().optional(),
});

import type { PayoutSettings } from '../../../shared/affiliate-payouts.ts';
import type { CommissionItem, CommissionRates } from '../../../shared/affiliates.ts';
import { apiFetch } from '../../lib/api.ts';

export interface AffiliateFormValues {
  name: string;
  email: string;
  document: string;
  pixKey: string;
  promotes: string;
}

/** The console's "Afiliados" (docs/affiliates.md). */
export const affiliatesApi = {
  list: () => apiFetch('GET /api/admin/affiliates'),
  register: (form: AffiliateFormValues) => apiFetch('POST /api/admin/affiliates', { json: form }),
  setDefaults: (rates: CommissionRates) => apiFetch('POST /api/admin/affiliates/rates', { json: rates }),
  setRates: (id: string, rates: Record<CommissionItem, number | null>) =>
    apiFetch('POST /api/admin/affiliates/:id/rates', { params: { id }, json: rates }),
  move: (id: string, state: 'active' | 'paused' | 'removed', reason?: string) =>
    apiFetch('POST /api/admin/affiliates/:id/state', { params: { id }, json: reason ? { state, reason } : { state } }),
  payouts: () => apiFetch('GET /api/admin/affiliates/payouts'),
  approvePayouts: (totalCents: number, confirmed: boolean) =>
    apiFetch('POST /api/admin/affiliates/payouts/approve', { json: { totalCents, confirmed } }),
  markPaid: (id: string) => apiFetch('POST /api/admin/affiliates/payouts/:id/paid', { params: { id } }),
  savePayoutSettings: (settings: PayoutSettings) => apiFetch('POST /api/admin/affiliates/payouts/settings', { json: settings }),
  payoutsCsvUrl: '/api/admin/affiliates/payouts/export.csv',
};

/** A rate typed as a percentage (`40`, `37,5`), in basis points; empty is null, anything else undefined. */
export function percentToRate(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= 100 ? Math.round(value * 100) : undefined;
}

export const rateToPercent = (rate: number | null) => (rate === null ? '' : String(rate / 100).replace('.', ','));

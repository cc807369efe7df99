import type { AdminAffiliate, AdminAffiliateList } from '../../shared/affiliates.ts';
import { sumOrdersByAffiliate, sumRevenue, unpaidBursts } from '../reads/affiliate-figures.ts';
import { affiliateSettings } from './affiliate-service.ts';
import { listAffiliates } from './affiliates-repository.ts';
import { balanceOf, commissionsOf, type CommissionDeps } from './commissions.ts';

const rateOf = (value: number | null) => (value === null ? null : Number(value));

/** The console's "Afiliados": each affiliate with its sales and money, as commissions.ts reads them now. */
export async function affiliateList(deps: CommissionDeps, now: number): Promise<AdminAffiliateList> {
  const [affiliates, settings, sales, bursts, revenueCents] = await Promise.all([
    listAffiliates(deps.db),
    affiliateSettings(deps.db),
    sumOrdersByAffiliate(deps.db, 0, now + 1),
    unpaidBursts(deps.db, now),
    sumRevenue(deps.db),
  ]);
  const views = await commissionsOf(
    deps,
    affiliates.map((affiliate) => affiliate.id),
    now,
  );
  const commissionsCents = views.reduce((sum, view) => sum + view.amountCents, 0);
  return {
    defaults: settings.rates,
    totals: { revenueCents, commissionsCents, netCents: revenueCents - commissionsCents },
    affiliates: affiliates.map((affiliate): AdminAffiliate => {
      const own = views.filter((view) => view.affiliateId === affiliate.id);
      const { pendingCents, availableCents, paidCents, debtCents } = balanceOf(own);
      const figures = sales.find((row) => row.code === affiliate.code);
      return {
        id: affiliate.id,
        name: affiliate.name,
        email: affiliate.email,
        code: affiliate.code,
        state: affiliate.state,
        stateReason: affiliate.state_reason,
        promotes: affiliate.promotes,
        pixKeyType: affiliate.pix_key_type,
        rates: { main: rateOf(affiliate.rate_main), bump: rateOf(affiliate.rate_bump), addon: rateOf(affiliate.rate_addon) },
        sales: new Set(own.map((view) => view.mainOrderId)).size,
        flagged: new Set(own.filter((view) => view.flag !== null).map((view) => view.mainOrderId)).size,
        pendingCents,
        availableCents,
        paidCents,
        debtCents,
        charges: figures?.charges ?? 0,
        revenueCents: figures?.revenueCents ?? 0,
        conversion: figures?.conversion ?? null,
        refundRate: figures?.refundRate ?? null,
        burstUnpaid: bursts.get(affiliate.code) ?? null,
        createdAt: Number(affiliate.created_at),
        payoutsHeldUntil:
          affiliate.payouts_held_until !== null && Number(affiliate.payouts_held_until) > now ? Number(affiliate.payouts_held_until) : null,
        terms:
          affiliate.terms_version !== null && affiliate.terms_accepted_at !== null
            ? { version: affiliate.terms_version, acceptedAt: Number(affiliate.terms_accepted_at) }
            : null,
      };
    }),
  };
}

import type { AdminAffiliate, AdminAffiliateList } from '../../shared/affiliates.ts';
import { affiliateSettings } from './affiliate-service.ts';
import { listAffiliates } from './affiliates-repository.ts';
import { balanceOf, commissionsOf, type CommissionDeps } from './commissions.ts';

const rateOf = (value: number | null) => (value === null ? null : Number(value));

/** The console's "Afiliados": each affiliate with its sales and money, as commissions.ts reads them now. */
export async function affiliateList(deps: CommissionDeps, now: number): Promise<AdminAffiliateList> {
  const [affiliates, settings] = await Promise.all([listAffiliates(deps.db), affiliateSettings(deps.db)]);
  const views = await commissionsOf(
    deps,
    affiliates.map((affiliate) => affiliate.id),
    now,
  );
  return {
    defaults: settings.rates,
    affiliates: affiliates.map((affiliate): AdminAffiliate => {
      const own = views.filter((view) => view.affiliateId === affiliate.id);
      const { pendingCents, availableCents, paidCents, debtCents } = balanceOf(own);
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

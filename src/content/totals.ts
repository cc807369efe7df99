/**
 * The page's totals, computed from the catalogue and the bonuses so that the copy can never
 * disagree with the items it sums (docs/product.md#money-and-capacity: "sum of the 26 original prices minus R$ 1,00 per app").
 */
import { bonuses } from './bonuses.ts';
import { catalogueApps, type AppTier, type CatalogueApp } from './catalogue.ts';
import { site } from './site.ts';

function sumCents(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** What one app saves per month: official price minus the list's price, in centavos. */
export function appMonthlySavingCents(app: Pick<CatalogueApp, 'originalPriceCents' | 'offerPriceCents'>): number {
  return app.originalPriceCents - app.offerPriceCents;
}

/** The official monthly prices of the 26 apps added up, in centavos. */
export const originalMonthlyTotalCents = sumCents(catalogueApps.map((app) => app.originalPriceCents));

/** The 26 apps at the list's price, in centavos. */
export const offerMonthlyTotalCents = sumCents(catalogueApps.map((app) => app.offerPriceCents));

/** The monthly saving of the whole catalogue, in centavos. */
export const monthlySavingCents = originalMonthlyTotalCents - offerMonthlyTotalCents;

/** The monthly saving of one tier's apps, in centavos. */
export function tierMonthlySavingCents(tier: AppTier): number {
  return sumCents(catalogueApps.filter((app) => app.tier === tier).map(appMonthlySavingCents));
}

/** The stated values of the bonuses added up, in centavos (spec: R$ 846,00). */
export const bonusTotalCents = sumCents(bonuses.map((bonus) => bonus.valueCents));

/** The bonuses' value minus the price of the list, in centavos (spec: R$ 826,10). */
export const totalSavingCents = bonusTotalCents - site.priceCents;

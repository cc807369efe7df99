import { ArrowRight } from 'lucide-react';
import { appsInTier, catalogueApps, catalogueSection, catalogueTiers } from '../../content/catalogue.ts';
import { monthlySavingCents, offerMonthlyTotalCents, originalMonthlyTotalCents } from '../../content/totals.ts';
import { formatBRL } from '../../shared/money.ts';
import { useCataloguePopups } from '../lib/catalogue-popups-context.ts';
import { useIslandOfferSection } from '../lib/offer.tsx';
import { Button } from '../ui/button.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { AppCard, SupplierCardButton } from './catalogue-card.tsx';

/** Section 8: the apps by tier. A card opens the streaming popup; the supplier card and the button, the upsell. */
export function Catalogue() {
  const { openApp, openUpsell } = useCataloguePopups();
  // An island: in the browser the seller's words come from the page's data block, onto these defaults.
  const copy = useIslandOfferSection('catalogue', catalogueSection);
  return (
    <section aria-labelledby="catalogue-title" className="border-y border-line/60 bg-ink-900/60 px-5 py-16">
      <div className="mx-auto max-w-5xl">
        <SectionHeading id="catalogue-title" eyebrow={copy.eyebrow} title={copy.title} subtitle={copy.subtitle} />
        <div className="mt-10">
          <SupplierCardButton label={copy.supplierLabel} onOpen={openUpsell} />
        </div>
        {catalogueTiers.map((own, index) => {
          const { label, description } = { ...own, ...copy.tiers[index] };
          return (
            <div key={own.tier} className="mt-10">
              <h3 className="text-xl font-black text-white">{label}</h3>
              {description ? <p className="mt-1 text-sm text-slate-400">{description}</p> : null}
              <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                {appsInTier(own.tier).map((app) => (
                  <li key={app.name}>
                    <AppCard app={app} copy={copy} onOpen={() => openApp(app)} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <div className="mx-auto mt-12 max-w-md rounded-3xl border border-brand-500/30 bg-ink-850/90 p-5 text-center shadow-2xl shadow-black/40">
          <p className="text-sm font-semibold tracking-wider text-slate-400 uppercase">
            {catalogueSection.totalTitle(catalogueApps.length)}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-xl bg-ink-950/60 px-3 py-2">
              <dt className="text-xs text-slate-400">{copy.officialPriceLabel}</dt>
              <dd className="font-bold text-slate-300 line-through">{formatBRL(originalMonthlyTotalCents)}</dd>
            </div>
            <div className="rounded-xl bg-ink-950/60 px-3 py-2">
              <dt className="text-xs text-slate-400">{copy.offerPriceLabel}</dt>
              <dd className="font-bold text-white">{formatBRL(offerMonthlyTotalCents)}</dd>
            </div>
            <div className="col-span-2 rounded-xl bg-brand-tint px-3 py-3">
              <dt className="text-xs font-semibold text-brand-300">{copy.totalSavingLabel}</dt>
              <dd className="text-3xl font-black text-brand-400">{formatBRL(monthlySavingCents)}</dd>
            </div>
          </dl>
          <Button size="lg" block className="mt-5" onClick={openUpsell}>
            {copy.cta}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>
    </section>
  );
}

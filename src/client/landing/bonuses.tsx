import { Gift } from 'lucide-react';
import { bonusSection, bonuses } from '../../content/bonuses.ts';
import { productSection } from '../../content/site.ts';
import { formatBRL } from '../../shared/money.ts';
import { useIslandOfferSection, useOfferSection } from '../lib/offer.tsx';
import { OfferPicture } from '../ui/offer-picture.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';

/** Section 11: the four bonuses with their stated values, and the totals computed from them. */
export function Bonuses() {
  const section = useOfferSection('bonuses') ?? { ...bonusSection, items: bonuses };
  const { priceCents } = useIslandOfferSection('product', productSection);
  // Summed from the items shown, so the totals never disagree with them (content/totals.ts).
  const bonusTotalCents = section.items.reduce((total, bonus) => total + bonus.valueCents, 0);
  const totalSavingCents = bonusTotalCents - priceCents;
  return (
    <section aria-labelledby="bonuses-title" className="border-y border-line/60 bg-ink-900/60 px-5 py-16">
      <div className="mx-auto max-w-5xl">
        <SectionHeading id="bonuses-title" eyebrow={section.eyebrow} title={section.title} subtitle={section.subtitle} />
        <ul className="mt-10 grid gap-3 sm:grid-cols-2">
          {section.items.map((bonus, index) => (
            <li key={index} className="flex gap-4 rounded-2xl border border-line bg-ink-850/80 p-4 sm:p-5">
              {'image' in bonus && bonus.image ? (
                // Beside its name, the image says nothing more: decorative (alt="").
                <span className="size-12 shrink-0 overflow-hidden rounded-xl">
                  <OfferPicture
                    section={{ image: bonus.image, imageAlt: '' }}
                    sizes="48px"
                    priority={false}
                    className="size-12 object-cover"
                  />
                </span>
              ) : (
                <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-gold-400/15 text-gold-300">
                  <Gift aria-hidden="true" className="size-6" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="text-[0.65rem] font-black tracking-[0.2em] text-gold-300">{bonusSection.itemLabel(index + 1)}</p>
                <h3 className="font-bold text-white">{bonus.title}</h3>
                <p className="mt-1 text-sm text-slate-400">{bonus.text}</p>
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-slate-400">
                    {bonusSection.valueLabel} <s>{formatBRL(bonus.valueCents)}</s>
                  </span>
                  <span className="rounded-md bg-brand-tint px-1.5 py-0.5 text-xs font-black text-brand-300">{bonusSection.freeLabel}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
        <dl className="mx-auto mt-8 grid max-w-md gap-2 rounded-3xl border border-gold-400/40 bg-ink-850/90 p-5 text-center shadow-2xl shadow-black/40">
          <div>
            <dt className="text-sm text-slate-400">{bonusSection.totalLabel}</dt>
            <dd className="text-xl font-bold text-slate-300 line-through">{formatBRL(bonusTotalCents)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-400">{bonusSection.priceLabel}</dt>
            <dd className="text-4xl font-black text-white">{formatBRL(priceCents)}</dd>
          </div>
          <div className="mt-2 rounded-xl bg-brand-tint px-3 py-2">
            <dt className="text-sm font-semibold text-brand-300">{bonusSection.savingLabel}</dt>
            <dd className="text-2xl font-black text-brand-400">{formatBRL(totalSavingCents)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

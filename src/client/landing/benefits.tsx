import { CirclePlay, Gift, Mail, RefreshCw, ShieldCheck, Store } from 'lucide-react';
import { benefits, benefitsSection, type BenefitIcon } from '../../content/benefits.ts';
import { useFilledOfferSection } from '../lib/offer-text.ts';
import { SectionHeading } from '../ui/section-heading.tsx';
import { RichText } from '../ui/rich-text.tsx';

const icons: Record<BenefitIcon, typeof Mail> = {
  mail: Mail,
  'refresh-cw': RefreshCw,
  'circle-play': CirclePlay,
  store: Store,
  'shield-check': ShieldCheck,
  gift: Gift,
};

/** Section 4: the six benefits; `guaranteeDays` (GUARANTEE_DAYS) is the guarantee card's. */
export function Benefits({ guaranteeDays }: { guaranteeDays: string }) {
  const own = benefits(guaranteeDays);
  const edited = useFilledOfferSection('benefits', guaranteeDays);
  const section = edited ?? benefitsSection;
  // The drawings stay in code, one per place: the seller edits the words.
  const items = edited ? edited.items.map((item, index) => ({ ...item, icon: own[index]?.icon ?? 'gift' })) : own;
  return (
    <section aria-labelledby="benefits-title" className="border-y border-line/60 bg-ink-900/60 px-5 py-16">
      <div className="mx-auto max-w-5xl">
        <SectionHeading id="benefits-title" eyebrow={section.eyebrow} title={section.title} />
        <ul className="mt-10 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((benefit, index) => {
            const Icon = icons[benefit.icon];
            return (
              <li key={index} className="flex gap-4 rounded-2xl border border-line bg-ink-850/70 p-4 sm:flex-col sm:p-5">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-tint text-brand-400">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-bold text-white">{benefit.title}</h3>
                  <p className="mt-1 text-sm text-slate-400">
                    <RichText text={benefit.text} />
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

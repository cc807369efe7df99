import { CircleHelp } from 'lucide-react';
import { faqGrid } from '../../content/faq.ts';
import { Island } from '../lib/island.tsx';
import { useFilledOfferSection } from '../lib/offer-text.ts';
import { BuyButton } from './buy-button.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { RichText } from '../ui/rich-text.tsx';

/** Section 14: ten more answers side by side, and the call to try it for the guarantee's days (GUARANTEE_DAYS). */
export function FaqGrid({ guaranteeDays }: { guaranteeDays: string }) {
  const faq = useFilledOfferSection('faqGrid', guaranteeDays) ?? faqGrid(guaranteeDays);
  return (
    <section aria-labelledby="faq-grid-title" className="border-y border-line/60 bg-ink-900/60 px-5 py-16">
      <div className="mx-auto max-w-5xl">
        <SectionHeading id="faq-grid-title" title={faq.title} subtitle={faq.subtitle} />
        <ul className="mt-10 grid gap-3 md:grid-cols-2">
          {faq.items.map((item, index) => (
            <li key={index} className="rounded-2xl border border-line bg-ink-850/80 p-4 sm:p-5">
              <h3 className="flex items-start gap-2.5 font-bold text-white">
                <CircleHelp aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-400" />
                {item.question}
              </h3>
              <p className="mt-2 pl-7.5 text-sm leading-relaxed text-slate-400">
                <RichText text={item.answer} />
              </p>
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-10 max-w-md">
          <Island
            name="buy-button"
            component={BuyButton}
            props={{ placement: 'faq', className: 'w-full', children: faq.cta }}
            when="visible"
          />
        </div>
      </div>
    </section>
  );
}

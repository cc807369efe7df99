import { howToStart } from '../../content/how-it-works.ts';
import { Island } from '../lib/island.tsx';
import { useFilledOfferSection } from '../lib/offer-text.ts';
import { BuyButton } from './buy-button.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';

/** Section 9: the second how-it-works — four steps from the PIX to the first saving, and a buy button. */
export function HowToStart() {
  // `{preco}` only: the steps print no guarantee.
  const copy = useFilledOfferSection('howToStart', '') ?? howToStart;
  return (
    <section aria-labelledby="how-to-start-title" className="px-5 py-16">
      <div className="mx-auto max-w-5xl">
        <SectionHeading id="how-to-start-title" eyebrow={copy.eyebrow} title={copy.title} />
        <ol className="relative mt-10 grid gap-4 md:grid-cols-4">
          {copy.steps.map((step, index) => (
            <li key={index} className="relative flex gap-4 rounded-2xl border border-line bg-ink-850/70 p-4 md:flex-col md:p-5">
              <span className="grid size-10 shrink-0 place-items-center rounded-full border-2 border-brand-500 bg-ink-950 font-black text-brand-400">
                {index + 1}
              </span>
              <div>
                <h3 className="font-bold text-white">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-400">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mx-auto mt-8 max-w-md">
          <Island
            name="buy-button"
            component={BuyButton}
            props={{ placement: 'how_it_works', className: 'w-full', children: copy.cta }}
            when="visible"
          />
        </div>
      </div>
    </section>
  );
}

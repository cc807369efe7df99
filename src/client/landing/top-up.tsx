import { Gift, Smartphone } from 'lucide-react';
import { topUp, topUpCarriers, type TopUpCarrier } from '../../content/top-up.ts';
import type { Offer } from '../../shared/offer.ts';
import { formatBRL } from '../../shared/money.ts';
import { Island } from '../lib/island.tsx';
import { useOfferSection } from '../lib/offer.tsx';
import { BuyButton } from './buy-button.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';

type TopUpCopy = Offer['topUp'];

function CarrierTable({ carrier, copy }: { carrier: TopUpCarrier; copy: TopUpCopy }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-ink-850/80">
      <table className="w-full text-left">
        <caption className="px-4 py-3 text-left">
          <span className="flex items-center gap-3">
            <span
              className="grid h-8 min-w-14 place-items-center rounded-lg px-2.5 font-black text-white"
              style={{ backgroundColor: carrier.brandColor }}
            >
              {carrier.name}
            </span>
            {copy.discountBadge ? (
              <span className="ml-auto rounded-full bg-gold-400/15 px-2.5 py-0.5 text-xs font-black text-gold-300">
                {copy.discountBadge}
              </span>
            ) : null}
          </span>
        </caption>
        <thead>
          <tr className="border-y border-line bg-ink-800/60 text-xs tracking-wider text-slate-400 uppercase">
            <th scope="col" className="px-4 py-2 font-semibold">
              {copy.faceValueLabel}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              {copy.priceLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {carrier.options.map((option) => (
            <tr key={option.faceValueCents} className="border-b border-line/60 last:border-b-0">
              <th scope="row" className="px-4 py-3 font-semibold text-slate-200">
                {formatBRL(option.faceValueCents)}
              </th>
              <td className="px-4 py-3 text-right text-lg font-black text-brand-400">{formatBRL(option.priceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Section 5: mobile top-up credit with 80% off, the TIM and Claro tables and a buy button. */
export function TopUp() {
  const copy = useOfferSection('topUp') ?? topUp;
  return (
    <section aria-labelledby="top-up-title" className="px-5 py-16">
      <div className="mx-auto max-w-4xl">
        <div className="mx-auto mb-4 grid size-12 place-items-center rounded-2xl bg-brand-tint text-brand-400">
          <Smartphone aria-hidden="true" className="size-6" />
        </div>
        <SectionHeading id="top-up-title" eyebrow={copy.eyebrow} title={copy.title} subtitle={copy.subtitle} />
        <div className="mt-10 grid gap-4 md:grid-cols-2">
          {topUpCarriers.map((carrier) => (
            <CarrierTable key={carrier.name} carrier={carrier} copy={copy} />
          ))}
        </div>
        {copy.note ? <p className="mt-4 text-center text-xs text-slate-400">{copy.note}</p> : null}
        <div className="mx-auto mt-8 max-w-md">
          {copy.freeCreditClaim || copy.freeCreditText ? (
            <p className="flex items-center gap-3 rounded-2xl border border-gold-400/30 bg-gold-400/10 px-4 py-3 text-sm text-gold-300">
              <Gift aria-hidden="true" className="size-5 shrink-0" />
              <span>
                <strong className="block font-black">{copy.freeCreditClaim}</strong>
                {copy.freeCreditText}
              </span>
            </p>
          ) : null}
          <Island
            name="buy-button"
            component={BuyButton}
            props={{ placement: 'topup', className: 'mt-5 w-full', children: copy.cta }}
            when="visible"
          />
        </div>
      </div>
    </section>
  );
}

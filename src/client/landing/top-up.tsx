import { Gift, Smartphone } from 'lucide-react';
import { topUp, topUpCarriers, type TopUpCarrier } from '../../content/top-up.ts';
import { formatBRL } from '../../shared/money.ts';
import { Island } from '../lib/island.tsx';
import { BuyButton } from './buy-button.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';

function CarrierTable({ carrier }: { carrier: TopUpCarrier }) {
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
            <span className="ml-auto rounded-full bg-gold-400/15 px-2.5 py-0.5 text-xs font-black text-gold-300">
              {topUp.discountBadge}
            </span>
          </span>
        </caption>
        <thead>
          <tr className="border-y border-line bg-ink-800/60 text-xs tracking-wider text-slate-400 uppercase">
            <th scope="col" className="px-4 py-2 font-semibold">
              {topUp.faceValueLabel}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              {topUp.priceLabel}
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
  return (
    <section aria-labelledby="top-up-title" className="px-5 py-16">
      <div className="mx-auto max-w-4xl">
        <div className="mx-auto mb-4 grid size-12 place-items-center rounded-2xl bg-brand-500/15 text-brand-400">
          <Smartphone aria-hidden="true" className="size-6" />
        </div>
        <SectionHeading id="top-up-title" eyebrow={topUp.eyebrow} title={topUp.title} subtitle={topUp.subtitle} />
        <div className="mt-10 grid gap-4 md:grid-cols-2">
          {topUpCarriers.map((carrier) => (
            <CarrierTable key={carrier.name} carrier={carrier} />
          ))}
        </div>
        <p className="mt-4 text-center text-xs text-slate-400">{topUp.note}</p>
        <div className="mx-auto mt-8 max-w-md">
          <p className="flex items-center gap-3 rounded-2xl border border-gold-400/30 bg-gold-400/10 px-4 py-3 text-sm text-gold-300">
            <Gift aria-hidden="true" className="size-5 shrink-0" />
            <span>
              <strong className="block font-black">{topUp.freeCreditClaim}</strong>
              {topUp.freeCreditText}
            </span>
          </p>
          <Island
            name="buy-button"
            component={BuyButton}
            props={{ placement: 'topup', className: 'mt-5 w-full', children: topUp.cta }}
            when="visible"
          />
        </div>
      </div>
    </section>
  );
}

import { CalendarClock, Flame } from 'lucide-react';
import { scarcity } from '../../content/scarcity.ts';
import { formatNextBatchDate } from '../../content/sold-out.ts';
import { countLabel } from '../../shared/text.ts';
import { useLiveSignals } from '../lib/live/store.ts';
import { useIslandOfferSection } from '../lib/offer.tsx';
import { BuyButton } from './buy-button.tsx';

/**
 * Section 10: this month's remaining spots and who else is looking, both counted by the server
 * (docs/product.md#2-live-signals-tell-the-truth). Hidden when the seller sells without a limit (capacity 0). Before the first
 * answer the numbers are placeholders of the same size.
 */
export function Scarcity() {
  const live = useLiveSignals();
  // Only the words around the numbers are the seller's: the numbers' rules stay in code (docs/editing.md).
  const copy = useIslandOfferSection('scarcity', scarcity);
  if (live?.capacity === 0) return null;
  const spotsLeft = live?.spotsLeft ?? null;
  const soldOut = live?.soldOut === true;
  // The bar shows the share of this month's spots still open, the number above it.
  const openShare = live && spotsLeft !== null && live.capacity > 0 ? spotsLeft / live.capacity : null;
  const showViewers = live !== null && live.viewers > 1;

  return (
    <section aria-labelledby="scarcity-title" className="px-5 py-16">
      <div className="mx-auto max-w-xl rounded-3xl border border-gold-400/40 bg-gradient-to-b from-gold-400/10 to-ink-850 px-4 py-6 text-center shadow-2xl shadow-black/40 sm:p-8">
        <p className="inline-flex items-center gap-1.5 text-xs font-bold tracking-[0.2em] text-gold-300 uppercase">
          <Flame aria-hidden="true" className="size-4" />
          {copy.eyebrow}
        </p>
        <h2 id="scarcity-title" className="mt-2 text-3xl leading-tight font-black text-balance text-white">
          {soldOut ? scarcity.soldOut.title : copy.title}
        </h2>

        <p className="mt-6 flex h-16 items-baseline justify-center gap-2" aria-live="polite">
          {spotsLeft === null ? (
            <span aria-hidden="true" className="block h-12 w-40 animate-pulse self-center rounded-xl bg-ink-700" />
          ) : (
            <>
              <span className="text-6xl font-black text-white tabular-nums">{spotsLeft}</span>
              <span className="text-lg font-bold text-gold-300">{countLabel(spotsLeft, scarcity.remainingLabel)}</span>
            </>
          )}
        </p>
        <div aria-hidden="true" className="mx-auto mt-3 h-2.5 max-w-xs overflow-hidden rounded-full bg-ink-700">
          <div
            className="h-full rounded-full bg-gradient-to-r from-gold-400 to-danger transition-[width] duration-700"
            style={{ width: openShare === null ? '0%' : `${Math.round(Math.min(1, Math.max(0, openShare)) * 100)}%` }}
          />
        </div>
        <p className="mt-3 h-5 text-sm text-slate-400">{live ? scarcity.capacityClaim(live.capacity) : null}</p>

        {soldOut && live ? (
          <p className="mt-4 flex items-center justify-center gap-2 text-sm font-semibold text-gold-300">
            <CalendarClock aria-hidden="true" className="size-4" />
            {scarcity.soldOut.nextBatch(formatNextBatchDate(live.nextBatchAt))}
          </p>
        ) : null}

        <BuyButton placement="scarcity" className="mt-6 w-full">
          {copy.cta}
        </BuyButton>

        <p className="mt-4 flex h-6 items-center justify-center gap-2 text-sm text-slate-300">
          {showViewers ? (
            <>
              <span aria-hidden="true" className="relative flex size-2.5">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-400 opacity-75" />
                <span className="relative inline-flex size-2.5 rounded-full bg-brand-500" />
              </span>
              <span>
                <strong className="font-black text-white">{live.viewers}</strong> {countLabel(live.viewers, scarcity.viewersLabel)}
              </span>
            </>
          ) : null}
        </p>
      </div>
    </section>
  );
}

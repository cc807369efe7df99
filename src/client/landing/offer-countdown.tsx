import { Timer } from 'lucide-react';
import { hero } from '../../content/landing.ts';
import { formatOfferCountdown, useOfferCountdown } from '../lib/live/countdown.ts';
import { useLiveSignals } from '../lib/live/store.ts';

/**
 * The hero's offer countdown: time left until the current batch closes, by the server's clock
 * (docs/product.md#2-live-signals-tell-the-truth). Until the first answer it keeps the same box with a placeholder, so nothing shifts.
 */
export function OfferCountdown() {
  const live = useLiveSignals();
  const left = useOfferCountdown(live?.offerEndsAt, live?.serverTime);
  return (
    <div className="flex flex-col items-center gap-1 rounded-2xl border border-gold-400/30 bg-gold-400/5 px-4 py-3">
      <p className="flex items-center gap-1.5 text-xs font-bold tracking-wider text-gold-300 uppercase">
        <Timer aria-hidden="true" className="size-4" />
        {hero.countdownLabel}
      </p>
      <p className="flex h-8 items-center text-2xl font-black text-white tabular-nums" role="timer" aria-live="off">
        {left === null ? (
          <span aria-hidden="true" className="block h-6 w-44 animate-pulse rounded-md bg-ink-700" />
        ) : (
          formatOfferCountdown(left)
        )}
      </p>
    </div>
  );
}

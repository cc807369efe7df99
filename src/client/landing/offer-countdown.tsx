import { formatOfferCountdown, useOfferCountdown } from '../lib/live/countdown.ts';
import { useLiveSignals } from '../lib/live/store.ts';

/**
 * The hero's offer countdown: time left until the current batch closes, by the server's clock
 * (docs/product.md#2-live-signals-tell-the-truth). Until the first answer it keeps a placeholder of
 * the same size, so nothing shifts. Its label stays static markup around the island (hero.tsx).
 */
export function OfferCountdown() {
  const live = useLiveSignals();
  const left = useOfferCountdown(live?.offerEndsAt, live?.serverTime);
  return (
    <p className="flex h-8 items-center text-2xl font-black text-white tabular-nums" role="timer" aria-live="off">
      {left === null ? (
        <span aria-hidden="true" className="block h-6 w-44 animate-pulse rounded-md bg-ink-700" />
      ) : (
        formatOfferCountdown(left)
      )}
    </p>
  );
}

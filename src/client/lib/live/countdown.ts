import { useEffect, useState } from 'react';
import { countdownUnits } from '../../../content/countdown.ts';
import { countLabel } from '../../../shared/text.ts';
import { refreshLiveSignals, serverOffsetFor } from './store.ts';

/**
 * A countdown at zero asks for the next deadline at most this often while the answer does not move
 * it. The server always answers a deadline still ahead of its own clock, so this only repeats for
 * the moment the two clocks disagree about the deadline having passed.
 */
const DEADLINE_RETRY_MS = 2_000;

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * 900_000 → "00 horas 15:00"; 2 days 3 h 15 min → "2 dias 03 horas 15:00". A partial second
 * counts as a whole one, so the display reaches "00:00" only at the deadline.
 */
export function formatOfferCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${twoDigits(hours)} ${countLabel(hours, countdownUnits.hour)} ${twoDigits(minutes)}:${twoDigits(seconds)}`;
  return days > 0 ? `${days} ${countLabel(days, countdownUnits.day)} ${clock}` : clock;
}

let lastDeadlineRequest: { deadline: number; at: number } | null = null;

/**
 * Milliseconds left until `offerEndsAt` by the server's clock (a phone's wrong clock does not
 * matter), updated on each whole second; null until both values are known (prerender). At zero it
 * asks the server for the next deadline and shows zero until it arrives — it never restarts by itself.
 */
export function useOfferCountdown(offerEndsAt: number | null | undefined, serverTime: number | null | undefined): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (offerEndsAt == null || serverTime == null) {
      setLeft(null);
      return;
    }
    const offsetMs = serverOffsetFor(serverTime);
    let tickTimer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const remaining = Math.max(0, offerEndsAt - (Date.now() + offsetMs));
      setLeft(remaining);
      if (remaining > 0) {
        // Wake just after the displayed second changes, so each second shows exactly once.
        tickTimer = setTimeout(tick, (remaining % 1000 || 1000) + 5);
        return;
      }
      const now = Date.now();
      const askedRecently = lastDeadlineRequest?.deadline === offerEndsAt && now - lastDeadlineRequest.at < DEADLINE_RETRY_MS;
      if (!askedRecently) {
        lastDeadlineRequest = { deadline: offerEndsAt, at: now };
        void refreshLiveSignals();
      }
      // If the answer does not bring a new deadline, look again shortly (bounded: one ask per 2 s).
      tickTimer = setTimeout(tick, DEADLINE_RETRY_MS);
    };
    tick();
    return () => clearTimeout(tickTimer);
  }, [offerEndsAt, serverTime]);
  return left;
}

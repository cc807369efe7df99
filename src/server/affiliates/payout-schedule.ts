import type { PayoutSettings } from '../../shared/affiliate-payouts.ts';
import { businessDay, businessDayStart } from '../../shared/time.ts';

const DAY_MS = 86_400_000;

/** The weekday of a YYYY-MM-DD calendar day (0 Sunday), which no time zone changes. */
function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/**
 * The next payout day in Brasília time, YYYY-MM-DD: today when today is the seller's weekday, else the next one.
 * `startsAt` is that day's midnight in Brasília.
 */
export function nextPayoutDate(settings: Pick<PayoutSettings, 'weekday'>, now: number): { date: string; startsAt: number } {
  const today = businessDay(now);
  const ahead = (settings.weekday - weekdayOf(today) + 7) % 7;
  const startsAt = businessDayStart(today, ahead);
  // Noon of that day names it whatever the offset.
  return { date: businessDay(startsAt + DAY_MS / 2), startsAt };
}

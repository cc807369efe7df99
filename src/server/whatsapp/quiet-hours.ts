import { businessDay, businessDayStart } from '../../shared/time.ts';
import type { WhatsappSettings } from '../config/config.ts';

/** Nobody's phone buzzes with a PIX at midnight; a window may wrap midnight (21-8) or not (0-6). */
type QuietHours = WhatsappSettings['quietHours'];

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

function localHour(at: number): { hour: number; day: string; dayStart: number } {
  const day = businessDay(at);
  const dayStart = businessDayStart(day);
  return { hour: Math.floor((at - dayStart) / HOUR), day, dayStart };
}

export function isQuiet(at: number, hours: QuietHours): boolean {
  const { hour } = localHour(at);
  return hours.start > hours.end ? hour >= hours.start || hour < hours.end : hour >= hours.start && hour < hours.end;
}

/** `at` itself outside the quiet hours; inside them, the moment they end (08:00 by default). */
export function nextSendableAt(at: number, hours: QuietHours): number {
  if (!isQuiet(at, hours)) return at;
  const { hour, day, dayStart } = localHour(at);
  // After the start of a window that wraps midnight, it ends tomorrow.
  if (hours.start > hours.end && hour >= hours.start) return businessDayStart(day, 1) + hours.end * HOUR;
  return dayStart + hours.end * HOUR;
}

/** When the quiet window holding `at` began (yesterday's 21:00 for 03:00). */
function quietWindowStart(at: number, hours: QuietHours): number {
  const { hour, day, dayStart } = localHour(at);
  if (hours.start > hours.end && hour < hours.end) return businessDayStart(day, -1) + hours.start * HOUR;
  return dayStart + hours.start * HOUR;
}

/** Two hours before expiry, apart from the e-mail reminders so recovery figures tell them apart. */
export const REMINDER_BEFORE_EXPIRY_MS = 2 * HOUR;
const AFTER_CHARGE_MS = HOUR;
const LAST_CALL_MS = 30 * MINUTE;

export function reminderTime(chargedAt: number, expiresAt: number, hours: QuietHours): number | null {
  const target = expiresAt - REMINDER_BEFORE_EXPIRY_MS;
  const earliest = chargedAt + AFTER_CHARGE_MS;
  if (target < earliest) return null;
  if (!isQuiet(target, hours)) return target;
  const after = nextSendableAt(target, hours);
  if (after <= expiresAt - LAST_CALL_MS) return after;
  const before = quietWindowStart(target, hours) - LAST_CALL_MS;
  return before >= earliest ? before : null;
}

import { businessDay, businessDayStart } from '../../shared/time.ts';
import type { WhatsappSettings } from '../config/config.ts';

/**
 * WHATSAPP_QUIET_HOURS: whole hours of São Paulo when no message goes (21-8 by default: nobody's
 * phone buzzes with a PIX at midnight). A window may wrap midnight (21-8) or not (0-6).
 */
type QuietHours = WhatsappSettings['quietHours'];

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

/** The São Paulo hour (0–23) of an instant, and the start of its São Paulo day. */
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

/**
 * The reminder's time: two hours before the PIX expires. Two hours leave the buyer time to reach a
 * bank app, and keep the reminder apart from the e-mail reminders (60 min and 20 h after the
 * charge by default), so a payment follows one reminder or the other and the recovery figures can
 * tell which. Inside the quiet hours it moves to their end when that still leaves 30 minutes before
 * the expiry, else to half an hour before they began. Null when no time fits at least an hour
 * after the charge (a PIX too short-lived to remind of).
 */
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

import { describe, expect, it } from 'vitest';
import { isQuiet, nextSendableAt, reminderTime } from './quiet-hours.ts';

/** São Paulo is UTC−3 all year since 2019. */
const sp = (isoLocal: string) => Date.parse(`${isoLocal}-03:00`);
const HOUR = 60 * 60_000;
const night = { start: 21, end: 8 };

describe('quiet hours (São Paulo)', () => {
  it('hold from the start hour up to the end hour, across midnight or not', () => {
    expect(isQuiet(sp('2026-11-25T20:59:59'), night)).toBe(false);
    expect(isQuiet(sp('2026-11-25T21:00:00'), night)).toBe(true);
    expect(isQuiet(sp('2026-11-26T03:00:00'), night)).toBe(true);
    expect(isQuiet(sp('2026-11-26T07:59:59'), night)).toBe(true);
    expect(isQuiet(sp('2026-11-26T08:00:00'), night)).toBe(false);
    const early = { start: 0, end: 6 };
    expect(isQuiet(sp('2026-11-26T23:30:00'), early)).toBe(false);
    expect(isQuiet(sp('2026-11-26T05:59:00'), early)).toBe(true);
  });

  it('defer a message due inside them to 08:00, the same night or the next morning', () => {
    expect(nextSendableAt(sp('2026-11-25T21:30:00'), night)).toBe(sp('2026-11-26T08:00:00'));
    expect(nextSendableAt(sp('2026-11-26T02:10:00'), night)).toBe(sp('2026-11-26T08:00:00'));
    expect(nextSendableAt(sp('2026-11-26T12:00:00'), night)).toBe(sp('2026-11-26T12:00:00'));
    // The UTC day has already turned at 21:30 in São Paulo: the window still ends at 08:00 local.
    expect(nextSendableAt(sp('2026-12-31T23:59:00'), night)).toBe(sp('2027-01-01T08:00:00'));
  });

  it('put the reminder two hours before the expiry, moved out of the quiet hours', () => {
    // Charged at 14:00, a one-day PIX: the reminder at 12:00 the next day.
    expect(reminderTime(sp('2026-11-25T14:00:00'), sp('2026-11-26T14:00:00'), night)).toBe(sp('2026-11-26T12:00:00'));
    // Expiring at 09:00: 07:00 is quiet, 08:00 still leaves an hour.
    expect(reminderTime(sp('2026-11-25T09:00:00'), sp('2026-11-26T09:00:00'), night)).toBe(sp('2026-11-26T08:00:00'));
    // Expiring at 05:00: 03:00 is quiet and 08:00 is too late, so 20:30 the evening before.
    expect(reminderTime(sp('2026-11-25T05:00:00'), sp('2026-11-26T05:00:00'), night)).toBe(sp('2026-11-25T20:30:00'));
    // Expiring at 08:20: 08:00 is too close to the expiry; 20:30 the evening before.
    expect(reminderTime(sp('2026-11-25T08:20:00'), sp('2026-11-26T08:20:00'), night)).toBe(sp('2026-11-25T20:30:00'));
  });

  it('skip the reminder when no allowed time is an hour after the charge', () => {
    expect(reminderTime(sp('2026-11-25T14:00:00'), sp('2026-11-25T16:30:00'), night)).toBeNull();
    // Charged at 22:00, expiring at 02:00: quiet all along.
    expect(reminderTime(sp('2026-11-25T22:00:00'), sp('2026-11-26T02:00:00'), night)).toBeNull();
    expect(reminderTime(sp('2026-11-25T14:00:00'), sp('2026-11-25T14:00:00') + 3 * HOUR, night)).toBe(sp('2026-11-25T15:00:00'));
  });
});

import { describe, expect, it } from 'vitest';
import { formatOfferCountdown } from './countdown.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatOfferCountdown', () => {
  it('uses the spec\'s "HH horas MM:SS" style', () => {
    expect(formatOfferCountdown(15 * MINUTE)).toBe('00 horas 15:00');
    expect(formatOfferCountdown(59 * SECOND)).toBe('00 horas 00:59');
    expect(formatOfferCountdown(23 * HOUR + 59 * MINUTE + 59 * SECOND)).toBe('23 horas 59:59');
  });

  it('counts a started second as a whole one, so it shows 00:00 only at the deadline', () => {
    expect(formatOfferCountdown(14 * MINUTE + 59 * SECOND + 1)).toBe('00 horas 15:00');
    expect(formatOfferCountdown(1)).toBe('00 horas 00:01');
    expect(formatOfferCountdown(0)).toBe('00 horas 00:00');
    expect(formatOfferCountdown(-5 * SECOND)).toBe('00 horas 00:00');
  });

  it('agrees in number: 1 hora, 1 dia', () => {
    expect(formatOfferCountdown(HOUR + 2 * MINUTE + 3 * SECOND)).toBe('01 hora 02:03');
    expect(formatOfferCountdown(2 * HOUR)).toBe('02 horas 00:00');
    expect(formatOfferCountdown(DAY)).toBe('1 dia 00 horas 00:00');
    expect(formatOfferCountdown(DAY + HOUR)).toBe('1 dia 01 hora 00:00');
  });

  it('adds days when the deadline is a day or more away', () => {
    expect(formatOfferCountdown(2 * DAY + 3 * HOUR + 15 * MINUTE)).toBe('2 dias 03 horas 15:00');
    expect(formatOfferCountdown(30 * DAY + 23 * HOUR + 59 * MINUTE + 59 * SECOND)).toBe('30 dias 23 horas 59:59');
  });
});

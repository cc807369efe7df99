import { describe, expect, it } from 'vitest';
import { lastTouchBeforePayment, recoveryFigures, type RecoveryOrderFacts } from './recovery-figures.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.UTC(2026, 10, 20, 3); // a São Paulo midnight

const order = (facts: Partial<RecoveryOrderFacts> & { chargedAt: number }): RecoveryOrderFacts => ({
  paidAt: null,
  amountCents: 1990,
  touches: [],
  ...facts,
});

describe('the recovery figures', () => {
  const orders: RecoveryOrderFacts[] = [
    // Paid at once: no reminder came first (the e-mail reminder was due later and never went).
    order({ chargedAt: start + HOUR, paidAt: start + HOUR + 60_000 }),
    // Paid after the e-mail reminder.
    order({ chargedAt: start + HOUR, paidAt: start + 5 * HOUR, amountCents: 2990, touches: [{ at: start + 4 * HOUR, channel: 'email' }] }),
    // E-mail, then WhatsApp, then paid: WhatsApp was the last.
    order({
      chargedAt: start + 2 * HOUR,
      paidAt: start + 9 * HOUR,
      touches: [
        { at: start + 3 * HOUR, channel: 'email' },
        { at: start + 8 * HOUR, channel: 'whatsapp' },
      ],
    }),
    // The console button, then paid; the WhatsApp reminder after the payment does not count.
    order({
      chargedAt: start + 2 * HOUR,
      paidAt: start + 10 * HOUR,
      amountCents: 1000,
      touches: [
        { at: start + 9 * HOUR, channel: 'console' },
        { at: start + 11 * HOUR, channel: 'whatsapp' },
      ],
    }),
    // Unpaid, with reminders: counted as generated only.
    order({ chargedAt: start + 3 * HOUR, touches: [{ at: start + 4 * HOUR, channel: 'whatsapp' }] }),
    // Created the day before, paid today after an e-mail: paid today, generated yesterday.
    order({ chargedAt: start - 2 * HOUR, paidAt: start + 6 * HOUR, touches: [{ at: start + 5 * HOUR, channel: 'email' }] }),
  ];
  const whatsappSentAt = [start - 3 * HOUR, start + 4 * HOUR, start + 8 * HOUR, start + 11 * HOUR];

  it('counts each paid order once, for the last touch before its payment, and prices the messages sent', () => {
    expect(recoveryFigures(orders, whatsappSentAt, { from: start, to: start + DAY, priceCents: 4 })).toEqual({
      pixGenerated: 5,
      paidWithoutReminder: 1,
      paidAfterEmail: 2,
      paidAfterWhatsapp: 1,
      paidAfterConsole: 1,
      recoveredCents: 2990 + 1990 + 1000 + 1990,
      whatsappSent: 3,
      whatsappCostCents: 12,
    });
  });

  it('counts only what fell in the period', () => {
    expect(recoveryFigures(orders, whatsappSentAt, { from: start - DAY, to: start, priceCents: 4 })).toEqual({
      pixGenerated: 1,
      paidWithoutReminder: 0,
      paidAfterEmail: 0,
      paidAfterWhatsapp: 0,
      paidAfterConsole: 0,
      recoveredCents: 0,
      whatsappSent: 1,
      whatsappCostCents: 4,
    });
  });

  it('gives a tie to the console, then WhatsApp, over e-mail', () => {
    const at = start + HOUR;
    const tied = (channels: Array<'email' | 'whatsapp' | 'console'>) =>
      lastTouchBeforePayment(order({ chargedAt: start, paidAt: at + 1, touches: channels.map((channel) => ({ at, channel })) }));
    expect(tied(['email', 'whatsapp'])).toBe('whatsapp');
    expect(tied(['console', 'whatsapp', 'email'])).toBe('console');
    expect(tied(['email'])).toBe('email');
    expect(lastTouchBeforePayment(order({ chargedAt: start, touches: [{ at, channel: 'email' }] }))).toBeNull();
  });
});

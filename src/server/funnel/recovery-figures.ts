import type { AdminRecoveryTotals } from '../../shared/admin.ts';

/** docs/whatsapp.md#recovery-figures; at the same instant the console beats WhatsApp, which beats e-mail. */
export type TouchChannel = 'email' | 'whatsapp' | 'console';

export interface RecoveryOrderFacts {
  /** When the PIX was created (the order's creation, for an order the gateway charged). */
  chargedAt: number;
  paidAt: number | null;
  amountCents: number;
  touches: ReadonlyArray<{ at: number; channel: TouchChannel }>;
}

const PRECEDENCE: Record<TouchChannel, number> = { email: 0, whatsapp: 1, console: 2 };

/** The touch a paid order counts for: the last one before its payment; null when none came first. */
export function lastTouchBeforePayment(order: RecoveryOrderFacts): TouchChannel | null {
  if (order.paidAt === null) return null;
  const paidAt = order.paidAt;
  const before = order.touches.filter((touch) => touch.at <= paidAt);
  if (before.length === 0) return null;
  const last = before.reduce((best, touch) =>
    touch.at > best.at || (touch.at === best.at && PRECEDENCE[touch.channel] > PRECEDENCE[best.channel]) ? touch : best,
  );
  return last.channel;
}

export function recoveryFigures(
  orders: readonly RecoveryOrderFacts[],
  whatsappSentAt: readonly number[],
  period: { from: number; to: number; priceCents: number },
): AdminRecoveryTotals {
  const within = (at: number) => at >= period.from && at < period.to;
  const figures: AdminRecoveryTotals = {
    pixGenerated: orders.filter((order) => within(order.chargedAt)).length,
    paidWithoutReminder: 0,
    paidAfterEmail: 0,
    paidAfterWhatsapp: 0,
    paidAfterConsole: 0,
    recoveredCents: 0,
    whatsappSent: whatsappSentAt.filter(within).length,
    whatsappCostCents: 0,
  };
  figures.whatsappCostCents = figures.whatsappSent * period.priceCents;
  for (const order of orders) {
    if (order.paidAt === null || !within(order.paidAt)) continue;
    const touch = lastTouchBeforePayment(order);
    if (touch === null) {
      figures.paidWithoutReminder += 1;
      continue;
    }
    figures.recoveredCents += order.amountCents;
    if (touch === 'email') figures.paidAfterEmail += 1;
    else if (touch === 'whatsapp') figures.paidAfterWhatsapp += 1;
    else figures.paidAfterConsole += 1;
  }
  return figures;
}

import type { AdminBumpTotals } from '../../shared/admin.ts';
import type { OrderKind } from '../db/schema.ts';

/**
 * The order bump's figures in Visão geral (docs/operations.md, the console), from the paid
 * orders of a period (by payment time, as the revenue cards count):
 * - bump revenue: the bump's price on every paid order that holds it, ticked in the checkout (a
 *   main order) or bought after payment (an add-on order);
 * - take rate: paid main orders with the bump ÷ paid main orders;
 * - offer conversion: of the paid main orders without the bump (those the one-time offer after
 *   payment is for), the share whose add-on was paid. Counted on the main orders paid in the period,
 *   so it never passes 100% even when the add-on was paid a day later.
 */
export interface PaidOrderFacts {
  paidAt: number;
  amountCents: number;
  kind: OrderKind;
  /** The bump's price in this order; 0 when it holds none. */
  bumpCents: number;
  addonAnswer: 'accepted' | 'declined' | null;
  /** A main order's add-on (the offer after payment) is paid. */
  addonPaid: boolean;
}

export function bumpFigures(orders: readonly PaidOrderFacts[], from: number, to: number): AdminBumpTotals {
  const paid = orders.filter((order) => order.paidAt >= from && order.paidAt < to);
  const sum = (list: readonly PaidOrderFacts[]) => list.reduce((total, order) => total + order.bumpCents, 0);
  const main = paid.filter((order) => order.kind === 'main');
  const withBump = main.filter((order) => order.bumpCents > 0);
  const offered = main.filter((order) => order.bumpCents === 0);
  const offerPaid = offered.filter((order) => order.addonPaid).length;
  return {
    checkoutRevenueCents: sum(withBump),
    afterPaymentRevenueCents: sum(paid.filter((order) => order.kind === 'addon')),
    revenueCents: sum(paid),
    paidOrders: main.length,
    withBump: withBump.length,
    takeRate: main.length > 0 ? withBump.length / main.length : null,
    offerEligible: offered.length,
    offerAccepted: offered.filter((order) => order.addonAnswer === 'accepted').length,
    offerDeclined: offered.filter((order) => order.addonAnswer === 'declined').length,
    offerPaid,
    offerConversion: offered.length > 0 ? offerPaid / offered.length : null,
  };
}

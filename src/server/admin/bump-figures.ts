import type { AdminBumpTotals } from '../../shared/admin.ts';
import type { PaidOrderFacts } from '../reads/order-console-lookup.ts';

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

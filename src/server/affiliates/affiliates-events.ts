import type { EventWiring } from '../orders/order-events.ts';
import { recordCommissions } from './commissions.ts';

/** A commission is born with the payment; refunds and MED returns need no event here, the ledger is read (commissions.ts). */
export function registerAffiliatesEvents({ events, deps }: EventWiring): void {
  events.subscribe('paid', async (trx, { order, at }) => {
    await recordCommissions(deps, trx, order, at);
  });
}

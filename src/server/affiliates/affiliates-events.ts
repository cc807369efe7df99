import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { AFFILIATE_EMAIL_FAMILY } from './affiliate-access.ts';
import { renderAffiliateMessage } from './affiliate-email.ts';
import { recordCommissions } from './commissions.ts';
import { PAYOUT_EMAIL_KIND, renderPayoutMessage } from './payout-email.ts';

/**
 * A commission is born with the payment; refunds and MED returns need no event here, the ledger is read (commissions.ts).
 * A payment whose buyer was erased is owed back, and held pending until it goes (the purchase model's A1 found it unborn).
 * A payout's e-mail is queued by payouts.ts in its confirmation's transaction.
 */
export function registerAffiliatesEvents({ events, kinds, deps }: EventWiring): void {
  for (const type of ['paid', 'undeliverable'] as const)
    events.subscribe(type, async (trx, { order, at }) => {
      await recordCommissions(deps, trx, order, at);
    });
  // The affiliate's own e-mails (docs/affiliates.md#the-affiliates-page); the row's order id is the affiliate's.
  kinds.register(
    AFFILIATE_EMAIL_FAMILY,
    emailHandler(deps.mailer, (message) => renderAffiliateMessage(deps, message)),
  );
  kinds.register(
    PAYOUT_EMAIL_KIND,
    emailHandler(deps.mailer, (message) => renderPayoutMessage(deps, message)),
  );
}

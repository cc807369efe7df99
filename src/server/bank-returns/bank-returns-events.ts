import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { BANK_RETURN_KIND } from '../orders/open-finance-twice.ts';
import { renderBankReturnMessage } from './bank-return-email.ts';

/** Queued by orders/open-finance-twice.ts once the bank's payment of an order paid twice is asked back. */
export function registerBankReturnsEvents({ kinds, deps }: EventWiring): void {
  kinds.register(
    BANK_RETURN_KIND,
    emailHandler(deps.mailer, (message) => renderBankReturnMessage(deps, message)),
  );
}

import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { BANK_RETURN_KIND, BANK_RETURN_RETRY_FAMILY, retryBankReturn } from '../orders/open-finance-twice.ts';
import { renderBankReturnMessage } from './bank-return-email.ts';

/**
 * Queued by orders/open-finance-twice.ts: the e-mail once the bank's payment of an order paid twice is asked back, and
 * that return asked again while the provider refuses it or does not answer.
 */
export function registerBankReturnsEvents({ kinds, deps }: EventWiring): void {
  kinds.register(
    BANK_RETURN_KIND,
    emailHandler(deps.mailer, (message) => renderBankReturnMessage(deps, message)),
  );
  kinds.register(BANK_RETURN_RETRY_FAMILY, {
    channel: 'bank return',
    async deliver(message) {
      await retryBankReturn(deps, message);
      return {};
    },
  });
}

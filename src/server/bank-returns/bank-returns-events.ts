import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { PAYMENT_RETURNS, retryReturn, type ReturnWay } from '../open-finance/open-finance-twice.ts';
import { renderBankReturnMessage } from './bank-return-email.ts';

/**
 * Queued by open-finance/open-finance-twice.ts, for each of the two payments of an order paid twice (the bank-app one, or the
 * PIX): the e-mail once it is asked back, and that return asked again while the provider refuses it or does not answer.
 */
export function registerBankReturnsEvents({ kinds, deps }: EventWiring): void {
  for (const way of Object.keys(PAYMENT_RETURNS) as ReturnWay[]) {
    const { emailKind, retryFamily } = PAYMENT_RETURNS[way];
    kinds.register(
      emailKind,
      emailHandler(deps.mailer, (message) => renderBankReturnMessage(deps, way, message)),
    );
    kinds.register(retryFamily, {
      channel: 'bank return',
      async deliver(message) {
        await retryReturn(deps, way, message);
        return {};
      },
    });
  }
}

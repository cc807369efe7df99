import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { DUPLICATE_ALERT_KIND, renderDuplicateAlert } from './duplicate-alert-email.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';

/** The seller is alerted in the paid transition that found the duplicate. */
export function registerDuplicatesEvents({ events, kinds, deps }: EventWiring): void {
  events.subscribe('duplicate', async (trx, { order, at }) => {
    await enqueueOutboxMessage(trx, { orderId: order.id, kind: DUPLICATE_ALERT_KIND, payload: {}, now: at });
  });
  kinds.register(
    DUPLICATE_ALERT_KIND,
    emailHandler(deps.mailer, (message) => renderDuplicateAlert(deps, message)),
  );
}

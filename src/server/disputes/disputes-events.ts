import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { DISPUTE_ALERT_FAMILY, renderDisputeAlert } from './dispute-alert-email.ts';
import { DISPUTE_WHATSAPP_FAMILY, disputeWhatsappHandler } from './dispute-alerts.ts';
import { deleteBlocksOfOrders } from './dispute-repository.ts';
import { applyDisputeSeen } from './dispute-service.ts';

/** The seller's dispute alerts are queued by disputes/ itself; an erased buyer's block hashes go with their other data. */
export function registerDisputesEvents({ events, kinds, deps }: EventWiring): void {
  events.subscribe('erased', async (trx, { orderId }) => {
    await deleteBlocksOfOrders(trx, [orderId]);
  });
  events.afterCommit('dispute_seen', (event) => applyDisputeSeen(deps, event));
  kinds.register(DISPUTE_WHATSAPP_FAMILY, disputeWhatsappHandler(deps));
  kinds.register(
    DISPUTE_ALERT_FAMILY,
    emailHandler(deps.mailer, (message) => renderDisputeAlert(deps, message)),
  );
}

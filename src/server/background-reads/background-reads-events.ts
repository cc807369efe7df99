import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { READ_ALERT_FAMILY, READ_WHATSAPP_FAMILY } from './background-reads.ts';
import { DISPUTE_POLL_ALERT_FAMILY, DISPUTE_POLL_WHATSAPP_FAMILY, readAlertWhatsappHandler, renderReadAlert } from './read-alert-email.ts';

/** The seller's alerts about failing background reads, queued by background-reads/ itself; no order event. */
export function registerBackgroundReadsEvents({ kinds, deps }: EventWiring): void {
  for (const family of [READ_ALERT_FAMILY, DISPUTE_POLL_ALERT_FAMILY]) {
    kinds.register(
      family,
      emailHandler(deps.mailer, (message) => renderReadAlert(deps, message)),
    );
  }
  for (const family of [READ_WHATSAPP_FAMILY, DISPUTE_POLL_WHATSAPP_FAMILY]) kinds.register(family, readAlertWhatsappHandler(deps));
}

import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { UNRECOGNISED_EVENT_FAMILY } from '../orders/unrecognised-events.ts';
import { eraseAuditDetails } from './admin-audit.ts';
import { renderUnrecognisedEventAlert } from './unrecognised-event-email.ts';

export function registerAdminEvents({ events, kinds, deps }: EventWiring): void {
  events.subscribe('erased', (trx, { orderId }) => eraseAuditDetails(trx, orderId));
  kinds.register(
    UNRECOGNISED_EVENT_FAMILY,
    emailHandler(deps.mailer, (message) => renderUnrecognisedEventAlert(deps, message)),
  );
}

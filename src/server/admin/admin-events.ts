import type { EventWiring } from '../orders/order-events.ts';
import { eraseAuditDetails } from './admin-audit.ts';

export function registerAdminEvents({ events }: EventWiring): void {
  events.subscribe('erased', (trx, { orderId }) => eraseAuditDetails(trx, orderId));
}

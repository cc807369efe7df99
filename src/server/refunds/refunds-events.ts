import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { GATEWAY_REFUND_FAMILY, gatewayRefundHandler } from './gateway-refund.ts';
import { deleteEvidenceOfOrders } from '../evidence/delivery-record.ts';
import { eraseRefundNotes } from './refund-erasure.ts';
import {
  refundAddonOfRefundedPurchase,
  refundAddonsOfReversedMain,
  refundAddonsOfUnpaidMain,
  refundOwnedItems,
  refundUndeliverable,
} from './automatic-refunds.ts';
import { REFUND_EMAIL_KINDS, renderRefundOutboxEmail } from './refund-email.ts';
import { endProviderRefund, endRefund } from './refund-outcomes.ts';

export function registerRefundsEvents({ events, kinds, deps }: EventWiring): void {
  events.subscribe('refunded', (trx, { order, at }) => endRefund(trx, order, at, true));
  events.subscribe('reversed', (trx, { order, at }) => endRefund(trx, order, at, false));
  events.subscribe('part_refunded', (trx, event) => endProviderRefund(trx, event));
  // Nothing owed is left unlisted: a main order gone takes its paid add-ons with it.
  events.subscribe('refunded', (trx, { order, at }) => refundAddonsOfReversedMain(trx, deps, order, at));
  events.subscribe('reversed', (trx, { order, at }) => refundAddonsOfReversedMain(trx, deps, order, at));
  events.subscribe('paid', (trx, { order, at }) => refundAddonOfRefundedPurchase(trx, deps, order, at));
  events.subscribe('failed', (trx, { orderId, at }) => refundAddonsOfUnpaidMain(trx, deps, orderId, at));
  events.subscribe('duplicate', (trx, event) => refundOwnedItems(trx, deps, event));
  events.subscribe('undeliverable', (trx, { order, at }) => refundUndeliverable(trx, deps, order, at));
  // The buyer's own words and the delivery record kept for disputes go; the refund's facts stay (the money moved).
  events.subscribe('erased', async (trx, { orderId }) => {
    await eraseRefundNotes(trx, [orderId]);
    await deleteEvidenceOfOrders(trx, [orderId]);
  });

  const email = emailHandler(deps.mailer, (row) => renderRefundOutboxEmail(deps, row));
  for (const kind of REFUND_EMAIL_KINDS) {
    kinds.register(kind, email);
    kinds.register(`${kind}:`, email);
  }
  kinds.register(GATEWAY_REFUND_FAMILY, gatewayRefundHandler(deps));
}

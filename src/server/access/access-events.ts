import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import { ACCESS_EMAIL_KIND, ACCESS_RESEND_FAMILY, accessMessageId, renderOutboxMessage } from './access-email.ts';
import { revokeOrderTokens } from './access-repository.ts';
import { revokeAccessOfOrders } from './access-revocation.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { orderStatusOf } from '../orders/order-access.ts';
import { recordEvidence } from '../evidence/delivery-record.ts';
import { deleteMemberPageOpens } from './member-page-opens.ts';

/** docs/product.md#6-e-mail-delivery-is-made-true */
export function registerAccessEvents({ events, kinds, deps }: EventWiring): void {
  events.subscribe('paid', async (trx, { order, at }) => {
    // An add-on's list opens on its parent's member page: the parent's access e-mail goes again.
    if (order.kind === 'addon' && order.parent_order_id) {
      // Paid before its parent (a re-checkout's add-on): it is delivered with the parent's own access e-mail.
      if ((await orderStatusOf(trx, order.parent_order_id)) !== 'paid') return;
      await enqueueOutboxMessage(trx, { orderId: order.parent_order_id, kind: `${ACCESS_RESEND_FAMILY}${at}`, payload: {}, now: at });
      return;
    }
    await enqueueOutboxMessage(trx, { orderId: order.id, kind: ACCESS_EMAIL_KIND, payload: {}, now: at });
  });

  // The money went back (a refund, a chargeback, a MED): every link of the order dies in that transaction
  // (docs/refunds.md#when-the-money-went-back).
  events.subscribe('refunded', (trx, { order, at }) => revokeOrderTokens(trx, order.id, at));
  events.subscribe('reversed', (trx, { order, at }) => revokeOrderTokens(trx, order.id, at));
  // The erased buyer's links open nothing any more (the delivery record goes with refunds/' own subscriber).
  events.subscribe('erased', async (trx, { orderId, at }) => {
    await revokeAccessOfOrders(trx, [orderId], at);
    await deleteMemberPageOpens(trx, [orderId]);
  });

  const send = emailHandler(deps.mailer, (message) => renderOutboxMessage(deps, message));
  // docs/refunds.md#evidence
  const handler: OutboxHandler = {
    ...send,
    async deliver(message, signal) {
      const sent = await send.deliver(message, signal);
      await recordEvidence(deps.db, {
        orderId: message.orderId,
        at: Date.now(),
        kind: 'access_email_accepted',
        detail: accessMessageId(message.orderId, message.kind),
      });
      return sent;
    },
  };
  kinds.register(ACCESS_EMAIL_KIND, handler);
  kinds.register(ACCESS_RESEND_FAMILY, handler);
}

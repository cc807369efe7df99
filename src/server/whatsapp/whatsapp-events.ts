import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { orderIdOf, type EventWiring } from '../orders/order-events.ts';
import { nextSendableAt, reminderTime } from './quiet-hours.ts';
import { cancelMessages, deliverMessage, wantsWhatsapp, WHATSAPP_KIND_FAMILY, WHATSAPP_MESSAGE_KINDS } from './whatsapp-delivery.ts';
import type { AutomaticMessageKind } from './whatsapp-messages.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { deleteMessagesOfOrders } from './whatsapp-service.ts';

/** The PIX and its reminder are queued with the charge, the access with the payment; an ended order drops what is unsent. */
export function registerWhatsappEvents({ events, kinds, deps }: EventWiring): void {
  const { config } = deps;
  const quiet = config.whatsapp.quietHours;
  events.subscribe('charged', async (trx, { order, at }) => {
    if (!wantsWhatsapp(order, config)) return;
    const expiresAt = Number(order.expires_at);
    const pixAt = nextSendableAt(at, quiet);
    if (pixAt < expiresAt) await enqueue(trx, order.id, 'pix', at, pixAt);
    const remindAt = reminderTime(at, expiresAt, quiet);
    if (remindAt !== null) await enqueue(trx, order.id, 'reminder', at, remindAt);
  });
  events.subscribe('paid', async (trx, { order, at }) => {
    await cancelMessages(trx, order.id, ['pix', 'reminder']);
    if (wantsWhatsapp(order, config)) await enqueue(trx, order.id, 'access', at, nextSendableAt(at, quiet));
  });
  events.subscribe('failed', async (trx, event) => {
    await cancelMessages(trx, orderIdOf(event), ['pix', 'reminder']);
  });
  events.subscribe('reversed', async (trx, { order }) => {
    await cancelMessages(trx, order.id, WHATSAPP_MESSAGE_KINDS);
  });
  // The message log goes with the buyer (the unsent messages go by subscribers.ts's table); a number's "PARAR" stays as a hash, against re-messaging its owner.
  events.subscribe('erased', async (trx, { orderId }) => {
    await deleteMessagesOfOrders(trx, [orderId]);
  });

  kinds.register(WHATSAPP_KIND_FAMILY, {
    channel: 'whatsapp',
    mode: config.whatsapp.cloud ? 'cloud_api' : 'simulated',
    deliver: (message) => deliverMessage(deps, message),
  });
}

async function enqueue(trx: Transaction<Database>, orderId: string, kind: AutomaticMessageKind, now: number, due: number) {
  await enqueueOutboxMessage(trx, { orderId, kind: `${WHATSAPP_KIND_FAMILY}${kind}`, payload: {}, now, notBefore: due });
}

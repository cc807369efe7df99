import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { emailHandler } from '../mail/email-handler.ts';
import { orderIdOf, type EventWiring } from '../orders/order-events.ts';
import { markRemindersOptedOut } from '../orders/order-transitions.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { deleteUnsentMessages, enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { deletePixEmailQuotaOf, recipientHash } from './pix-email-quota.ts';
import { PIX_READY_KIND, PIX_REMINDER_PREFIX, renderPixOutboxMessage } from './pix-email.ts';

export function registerPixEmailsEvents({ events, kinds, deps }: EventWiring): void {
  events.subscribe('charged', async (trx, { order, at }) => {
    // The one-time offer is never chased by e-mail.
    if (order.kind === 'addon') return;
    await enqueuePixEmails(trx, order, { reminderMinutes: deps.config.pixReminderMinutes, now: at });
  });
  for (const type of ['paid', 'reversed', 'failed'] as const) {
    events.subscribe(type, async (trx, event) => {
      await deleteUnsentMessages(trx, orderIdOf(event), { kinds: [PIX_READY_KIND], kindPrefixes: [PIX_REMINDER_PREFIX] });
    });
  }

  // Not even the hash of an erased address stays in the quota.
  events.subscribe('erased', async (trx, { email }) => {
    await deletePixEmailQuotaOf(trx, recipientHash(email));
  });

  const handler = emailHandler(deps.mailer, (message) => renderPixOutboxMessage(deps, message));
  kinds.register(PIX_READY_KIND, handler);
  kinds.register(PIX_REMINDER_PREFIX, handler);
}

/** Undefined when already off, so a second click changes nothing. */
export async function turnOffReminders(db: Kysely<Database>, orderId: string, now: number): Promise<number | undefined> {
  if (!(await markRemindersOptedOut(db, orderId, now))) return undefined;
  return deleteUnsentMessages(db, orderId, { kinds: [], kindPrefixes: [PIX_REMINDER_PREFIX] });
}

/** Marks at or past the code's expiry are left out. */
async function enqueuePixEmails(
  trx: Transaction<Database>,
  order: Pick<OrderRow, 'id' | 'created_at' | 'expires_at'>,
  options: { reminderMinutes: readonly number[]; now: number },
): Promise<void> {
  await enqueueOutboxMessage(trx, { orderId: order.id, kind: PIX_READY_KIND, payload: {}, now: options.now });
  for (const minutes of options.reminderMinutes) {
    const due = Number(order.created_at) + minutes * 60_000;
    if (due >= Number(order.expires_at)) continue;
    await enqueueOutboxMessage(trx, {
      orderId: order.id,
      kind: `${PIX_REMINDER_PREFIX}${minutes}`,
      payload: {},
      now: options.now,
      notBefore: due,
    });
  }
}

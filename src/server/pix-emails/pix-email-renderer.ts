import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { emailMessageId } from '../mail/define-email.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { renderPixEmail } from '../mail/pix-email.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { orderPageUrl, reminderOptOutUrl } from '../orders/order-links.ts';
import { buyerPaidForItemsOf } from '../orders/order-items.ts';
import { itemsOfOrder, productNameOf } from '../purchases/purchase-items.ts';
import { takePixEmailQuota } from './pix-email-quota.ts';
import { deleteUnsentMessages } from '../outbox/outbox-queue.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { markRemindersOptedOut } from '../orders/order-transitions.ts';

/** docs/payments.md#pix-e-mails-and-the-order-page: each row is checked against the order when its turn comes. */
export const PIX_READY_KIND = 'pix_ready';
export const PIX_REMINDER_PREFIX = 'pix_reminder:';

export function isPixEmailKind(kind: string): boolean {
  return kind === PIX_READY_KIND || /^pix_reminder:\d+$/.test(kind);
}

/** Undefined when already off, so a second click changes nothing. */
export async function turnOffReminders(db: Kysely<Database>, orderId: string, now: number): Promise<number | undefined> {
  if (!(await markRemindersOptedOut(db, orderId, now))) return undefined;
  return deleteUnsentMessages(db, orderId, { kinds: [], kindPrefixes: [PIX_REMINDER_PREFIX] });
}

export interface PixEmailDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'mail' | 'demoMode'>;
  publicUrl: () => string;
  now?: () => number;
}

export async function renderPixOutboxMessage(deps: PixEmailDeps, row: Pick<OutboxMessage, 'orderId' | 'kind'>): Promise<MailMessage> {
  if (!isPixEmailKind(row.kind)) throw new Error(`outbox kind "${row.kind}" is not a PIX e-mail`);
  const order = await findOrderById(deps.db, row.orderId);
  if (!order) throw new UndeliverableMessageError(`PIX e-mail for ${row.orderId}: order not found`);
  const now = deps.now?.() ?? Date.now();
  if (order.status !== 'pending' || !order.charge_id) throw new MessageNotNeededError(`order is ${order.status}`);
  if (order.expires_at <= now) throw new MessageNotNeededError('the PIX expired');
  const reminder = row.kind !== PIX_READY_KIND;
  if (reminder && order.reminders_opted_out_at !== null) throw new MessageNotNeededError('the buyer opted out of reminders');
  if (!order.buyer_email) throw new MessageNotNeededError('no e-mail address on the order');
  // Paid through another charge: no reminder; the first e-mail still goes.
  if (reminder && (await buyerPaidForItemsOf(deps.db, order)))
    throw new MessageNotNeededError('the buyer paid for these items in another order');
  // Checked last, so only an e-mail that would really go out takes a slot.
  if (!(await takePixEmailQuota(deps.db, { email: order.buyer_email, orderId: order.id, kind: row.kind }, now))) {
    throw new MessageNotNeededError('this address had its PIX e-mails for today');
  }

  const publicUrl = deps.publicUrl();
  const orderUrl = orderPageUrl(publicUrl, order);
  const optOutUrl = reminder ? reminderOptOutUrl(publicUrl, order) : undefined;
  const email = renderPixEmail({
    kind: reminder ? 'reminder' : 'ready',
    buyerName: order.buyer_name,
    amountCents: order.amount_cents,
    pixCode: order.pix_code,
    expiresAt: order.expires_at,
    orderUrl,
    ...(optOutUrl ? { optOutUrl } : {}),
    supportEmail: deps.config.mail.supportEmail,
    productName: await productNameOf(deps.db, order.id),
    demoMode: deps.config.demoMode,
    items: await itemsOfOrder(deps.db, order.id),
  });
  return {
    to: order.buyer_email,
    ...email,
    messageId: emailMessageId('pix', row.orderId, row.kind),
    demoLink: orderUrl,
    // RFC 2369 + RFC 8058 one-click unsubscribe.
    ...(optOutUrl ? { headers: { 'List-Unsubscribe': `<${optOutUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  };
}

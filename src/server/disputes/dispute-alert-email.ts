// The seller's e-mail about a dispute, at SUPPORT_EMAIL: its outbox kinds, template and renderer (docs/disputes.md#alerts).
import type { Kysely } from 'kysely';
import { disputeAlertEmail as words } from '../../content/emails.ts';
import { disputeAlerts as copy, disputeStateLabels } from '../../content/disputes.ts';
import { providerNames } from '../../content/providers.ts';
import { formatBRL } from '../../shared/money.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { findDispute, isOpenDispute, type DisputeRow } from './dispute-repository.ts';

/** `dispute_alert:{dispute id}` on opening, `…:24h` and `…:6h` before the deadline; the row's order is the disputed one. */
export const DISPUTE_ALERT_FAMILY = 'dispute_alert:';

const HOUR_MS = 60 * 60_000;

export const DISPUTE_REMINDERS = [
  { key: '24h', beforeMs: 24 * HOUR_MS, left: copy.left24h },
  { key: '6h', beforeMs: 6 * HOUR_MS, left: copy.left6h },
] as const;

type ReminderKey = (typeof DISPUTE_REMINDERS)[number]['key'];

/** Seller-facing, in the house's skeleton; it greets no one and names no buyer detail beyond the order's reference. */
const renderDisputeAlertEmail = defineEmail(
  ({ dispute, ref, reminder }: { dispute: DisputeRow; ref: string; reminder: (typeof DISPUTE_REMINDERS)[number] | undefined }) => {
    const due = dispute.defence_due_at === null ? copy.noDeadline : formatDateTime(Number(dispute.defence_due_at));
    const text = reminder ? words.reminder : words.opened;
    const values = {
      ref,
      amount: formatBRL(Number(dispute.amount_cents)),
      due,
      provider: (providerNames as Readonly<Record<string, string>>)[dispute.provider] ?? dispute.provider,
      left: reminder?.left ?? '',
      state: disputeStateLabels[dispute.state],
    };
    const parts = emailCopy(values);
    return {
      subject: parts.text(text.subject),
      preheader: parts.text(text.preheader),
      blocks: [parts.paragraph(text.intro), parts.paragraph(text.due), parts.paragraph(text.action)],
      footer: [parts.line(text.footer)],
    };
  },
);

/** The dispute and the reminder an alert's kind names, the e-mail's or the WhatsApp's. */
export function alertOf(kind: string, family: string): { id: string; reminder: (typeof DISPUTE_REMINDERS)[number] | undefined } {
  const [id = '', key] = kind.slice(family.length).split(':') as [string?, ReminderKey?];
  return { id, reminder: DISPUTE_REMINDERS.find((reminder) => reminder.key === key) };
}

/** A reminder is only for a defence still to send. */
export function notNeeded(dispute: DisputeRow, reminder: unknown): boolean {
  return reminder !== undefined && (dispute.defence_sent_at !== null || !isOpenDispute(dispute));
}

export async function renderDisputeAlert(
  deps: { db: Kysely<Database>; config: Pick<Config, 'mail'> },
  row: Pick<OutboxMessage, 'orderId' | 'kind'>,
): Promise<MailMessage> {
  const { id, reminder } = alertOf(row.kind, DISPUTE_ALERT_FAMILY);
  const [dispute, order] = await Promise.all([findDispute(deps.db, id), findOrderById(deps.db, row.orderId)]);
  if (!dispute || !order) throw new UndeliverableMessageError(`dispute alert for ${row.orderId}: dispute or order gone`);
  if (notNeeded(dispute, reminder)) throw new MessageNotNeededError('dispute defended or closed');
  return {
    to: deps.config.mail.supportEmail,
    ...renderDisputeAlertEmail({ dispute, ref: order.public_ref, reminder }),
    messageId: emailMessageId('dispute', row.kind.slice(DISPUTE_ALERT_FAMILY.length)),
  };
}

// The seller's alerts about a dispute: each one outbox row, so never lost nor sent twice (docs/disputes.md#alerts).
import type { Kysely, Transaction } from 'kysely';
import { disputeAlerts as copy, disputeStateLabels } from '../../content/disputes.ts';
import { providerNames } from '../../content/providers.ts';
import { formatBRL } from '../../shared/money.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import { sendTemplate } from '../whatsapp/cloud-api.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { findDispute, isOpenDispute, listDisputesDueWithin, type DisputeRow } from './dispute-repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** `dispute_alert:{dispute id}` on opening, `…:24h` and `…:6h` before the deadline; the row's order is the disputed one. */
export const DISPUTE_ALERT_FAMILY = 'dispute_alert:';

const HOUR_MS = 60 * 60_000;

export const DISPUTE_REMINDERS = [
  { key: '24h', beforeMs: 24 * HOUR_MS, left: copy.left24h },
  { key: '6h', beforeMs: 6 * HOUR_MS, left: copy.left6h },
] as const;

type ReminderKey = (typeof DISPUTE_REMINDERS)[number]['key'];

/** `dispute_whatsapp:{dispute id}[:{reminder}]`: the same alerts on the seller's WhatsApp (DISPUTE_ALERT_WHATSAPP). */
export const DISPUTE_WHATSAPP_FAMILY = 'dispute_whatsapp:';

export interface AlertChannels {
  whatsapp: boolean;
}

async function queueAlert(db: Executor, dispute: DisputeRow, suffix: string, now: number, channels: AlertChannels): Promise<boolean> {
  const row = { orderId: dispute.order_id, payload: {}, now };
  const queued = await enqueueOutboxMessage(db, { ...row, kind: `${DISPUTE_ALERT_FAMILY}${dispute.id}${suffix}` });
  if (channels.whatsapp) await enqueueOutboxMessage(db, { ...row, kind: `${DISPUTE_WHATSAPP_FAMILY}${dispute.id}${suffix}` });
  return queued;
}

export async function queueOpenedAlert(trx: Executor, dispute: DisputeRow, now: number, channels: AlertChannels): Promise<void> {
  await queueAlert(trx, dispute, '', now, channels);
}

/** Reminders due for open, undefended disputes, none whose time passed before it opened; one outbox row per kind: safe anywhere. */
export async function queueDueReminders(db: Kysely<Database>, now: number, channels: AlertChannels = { whatsapp: false }): Promise<number> {
  let queued = 0;
  for (const reminder of DISPUTE_REMINDERS) {
    for (const dispute of await listDisputesDueWithin(db, now, reminder.beforeMs)) {
      if (Number(dispute.defence_due_at) - Number(dispute.opened_at) <= reminder.beforeMs) continue;
      if (await queueAlert(db, dispute, `:${reminder.key}`, now, channels)) queued++;
    }
  }
  return queued;
}

/** Seller-facing, in the house's skeleton; it greets no one and names no buyer detail beyond the order's reference. */
const renderDisputeAlertEmail = defineEmail(
  ({ dispute, ref, reminder }: { dispute: DisputeRow; ref: string; reminder: (typeof DISPUTE_REMINDERS)[number] | undefined }) => {
    const due = dispute.defence_due_at === null ? copy.noDeadline : formatDateTime(Number(dispute.defence_due_at));
    const words = reminder ? copy.reminder : copy.opened;
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
      subject: parts.text(words.subject),
      preheader: parts.text(words.preheader),
      blocks: [parts.paragraph(words.intro), parts.paragraph(words.due), parts.paragraph(words.action)],
      footer: [parts.line(words.footer)],
    };
  },
);

function alertOf(kind: string, family: string): { id: string; reminder: (typeof DISPUTE_REMINDERS)[number] | undefined } {
  const [id = '', key] = kind.slice(family.length).split(':') as [string?, ReminderKey?];
  return { id, reminder: DISPUTE_REMINDERS.find((reminder) => reminder.key === key) };
}

/** A reminder is only for a defence still to send. */
function notNeeded(dispute: DisputeRow, reminder: unknown): boolean {
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

/** Meta's template WHATSAPP_TEMPLATE_DISPUTE, the console as its button; without the Cloud API set nothing goes, as for buyers. */
export function disputeWhatsappHandler(deps: {
  db: Kysely<Database>;
  config: Pick<Config, 'whatsapp' | 'disputeAlertWhatsapp'>;
}): OutboxHandler {
  const { cloud } = deps.config.whatsapp;
  return {
    channel: 'whatsapp',
    mode: cloud ? 'cloud_api' : 'simulated',
    async deliver(row) {
      const target = deps.config.disputeAlertWhatsapp;
      if (!target) throw new MessageNotNeededError('no alert number set');
      const { id, reminder } = alertOf(row.kind, DISPUTE_WHATSAPP_FAMILY);
      const [dispute, order] = await Promise.all([findDispute(deps.db, id), findOrderById(deps.db, row.orderId)]);
      if (!dispute || !order) throw new UndeliverableMessageError(`dispute WhatsApp for ${row.orderId}: dispute or order gone`);
      if (notNeeded(dispute, reminder)) throw new MessageNotNeededError('dispute defended or closed');
      if (!cloud) return { recipient: 'simulated' };
      const due = dispute.defence_due_at === null ? copy.noDeadline : formatDateTime(Number(dispute.defence_due_at));
      await sendTemplate(cloud, {
        to: target.to,
        template: target.template,
        language: deps.config.whatsapp.language,
        body: [order.public_ref, formatBRL(Number(dispute.amount_cents)), due, reminder?.left ?? disputeStateLabels[dispute.state]],
        urlSuffix: 'painel',
        callbackData: `dispute:${dispute.id}`,
      });
      return { recipient: 'seller' };
    },
  };
}

// The seller's alerts about a dispute: each one outbox row, so never lost nor sent twice (docs/disputes.md#alerts).
import type { Kysely, Transaction } from 'kysely';
import { disputeAlerts as copy, disputeStateLabels } from '../../content/disputes.ts';
import { formatBRL } from '../../shared/money.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import { sendTemplate } from '../whatsapp/cloud-api.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { alertOf, DISPUTE_ALERT_FAMILY, DISPUTE_REMINDERS, notNeeded } from './dispute-alert-email.ts';
import { findDispute, listDisputesDueWithin, type DisputeRow } from './dispute-repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

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

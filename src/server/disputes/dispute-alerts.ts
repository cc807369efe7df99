// The seller's alerts about a dispute: each one outbox row, so never lost nor sent twice (docs/disputes.md#alerts).
import type { Kysely, Transaction } from 'kysely';
import { disputeAlerts as copy, disputeStateLabels } from '../../content/disputes.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { queuePushEvent } from '../outbox/push-queue.ts';
import { sellerWhatsappHandler } from '../whatsapp/seller-whatsapp.ts';
import { DISPUTE_ALERT_FAMILY, DISPUTE_OUTCOMES, DISPUTE_REMINDERS, loadDisputeAlert, type DisputeAlert } from './dispute-alert-email.ts';
import { listDisputesDueWithin, type DisputeRow } from './dispute-repository.ts';
import { CONSOLE_DISPUTE_QUERY, paths } from '../../shared/routes.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** `dispute_whatsapp:{dispute id}[:{reminder or outcome}]`: the same alerts on the seller's WhatsApp (DISPUTE_ALERT_WHATSAPP). */
export const DISPUTE_WHATSAPP_FAMILY = 'dispute_whatsapp:';

export interface AlertChannels {
  whatsapp: boolean;
}

async function queueAlert(db: Executor, dispute: DisputeRow, suffix: string, now: number, channels: AlertChannels): Promise<boolean> {
  const row = { orderId: dispute.order_id, payload: {}, now };
  const queued = await enqueueOutboxMessage(db, { ...row, kind: `${DISPUTE_ALERT_FAMILY}${dispute.id}${suffix}` });
  if (channels.whatsapp) await enqueueOutboxMessage(db, { ...row, kind: `${DISPUTE_WHATSAPP_FAMILY}${dispute.id}${suffix}` });
  await queuePushEvent(db, { type: 'dispute' }, { orderId: dispute.order_id, key: `dispute:${dispute.id}${suffix}`, now });
  return queued;
}

export async function queueOpenedAlert(trx: Executor, dispute: DisputeRow, now: number, channels: AlertChannels): Promise<void> {
  await queueAlert(trx, dispute, '', now, channels);
}

/** Won or lost, told once each (the outbox keeps one row per kind); pass the transaction that recorded it. */
export async function queueOutcomeAlert(trx: Executor, dispute: DisputeRow, now: number, channels: AlertChannels): Promise<void> {
  const outcome = DISPUTE_OUTCOMES.find((state) => state === dispute.state);
  if (outcome) await queueAlert(trx, dispute, `:${outcome}`, now, channels);
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

/** {{4}}: the time left before the deadline, or what the dispute's row records. */
function whatsappStatus({ dispute, step, facts }: DisputeAlert): string {
  if (step.kind === 'reminder') return step.reminder.left;
  if (step.kind === 'outcome')
    return step.outcome === 'won'
      ? copy.whatsappWon
      : facts.returned === null
        ? copy.whatsappLostAwaited
        : copy.whatsappLost(facts.returned);
  return disputeStateLabels[dispute.state];
}

/**
 * Meta's template WHATSAPP_TEMPLATE_DISPUTE: order and buyer, amount, deadline in Brasília time, and the time left or the
 * result; the console as its button.
 */
export function disputeWhatsappHandler(deps: {
  db: Kysely<Database>;
  config: Pick<Config, 'whatsapp' | 'disputeAlertWhatsapp'>;
}): OutboxHandler {
  return sellerWhatsappHandler(deps.config, async (row, target) => {
    const alert = await loadDisputeAlert(deps.db, row, DISPUTE_WHATSAPP_FAMILY);
    const { facts } = alert;
    return {
      template: target.template,
      body: [copy.whatsappOrder(facts.ref, facts.buyer), facts.amount, facts.due, whatsappStatus(alert)],
      // The template's button is the shop's address with one variable after it: a query, as no hash can be sent there.
      urlSuffix: `${paths.admin.slice(1)}?${CONSOLE_DISPUTE_QUERY}=${encodeURIComponent(alert.dispute.id)}`,
      callbackData: `dispute:${alert.dispute.id}`,
    };
  });
}

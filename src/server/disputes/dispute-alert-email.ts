// The seller's e-mail about a dispute, at SUPPORT_EMAIL: its outbox kinds, template and renderer (docs/disputes.md#alerts).
import type { Kysely } from 'kysely';
import { disputeAlertEmail as words } from '../../content/emails.ts';
import { disputeAlerts as copy } from '../../content/disputes.ts';
import { providerNames } from '../../content/providers.ts';
import { formatBRL } from '../../shared/money.ts';
import { CONSOLE_DISPUTES_HASH, paths } from '../../shared/routes.ts';
import { formatExpiry } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { buttonBlock, defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { findDispute, isOpenDispute, type DisputeRow } from './dispute-repository.ts';

/**
 * `dispute_alert:{dispute id}` on opening, `…:24h` and `…:6h` before the deadline, `…:won` and `…:lost` when it ends;
 * the row's order is the disputed one.
 */
export const DISPUTE_ALERT_FAMILY = 'dispute_alert:';

const HOUR_MS = 60 * 60_000;

export const DISPUTE_REMINDERS = [
  { key: '24h', beforeMs: 24 * HOUR_MS, left: copy.left24h },
  { key: '6h', beforeMs: 6 * HOUR_MS, left: copy.left6h },
] as const;

type Reminder = (typeof DISPUTE_REMINDERS)[number];

/** The ends the seller is told of; a cancelled dispute (the buyer or the bank dropped it) needs nothing from them. */
export const DISPUTE_OUTCOMES = ['won', 'lost'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export type AlertStep = { kind: 'opened' } | { kind: 'reminder'; reminder: Reminder } | { kind: 'outcome'; outcome: DisputeOutcome };

/** The dispute and the step an alert's kind names, the e-mail's or the WhatsApp's. */
export function alertOf(kind: string, family: string): { id: string; step: AlertStep } {
  const [id = '', key] = kind.slice(family.length).split(':');
  const reminder = DISPUTE_REMINDERS.find((item) => item.key === key);
  const outcome = DISPUTE_OUTCOMES.find((item) => item === key);
  return { id, step: reminder ? { kind: 'reminder', reminder } : outcome ? { kind: 'outcome', outcome } : { kind: 'opened' } };
}

/** A reminder is only for a defence still to send; an outcome only while the row still records it (a won one lost later says lost). */
function notNeeded(dispute: DisputeRow, step: AlertStep): boolean {
  if (step.kind === 'reminder') return dispute.defence_sent_at !== null || !isOpenDispute(dispute);
  return step.kind === 'outcome' && dispute.state !== step.outcome;
}

/** Where the console shows this dispute (src/client/admin/admin-console.tsx reads the id after the hash). */
export function disputeConsoleUrl(publicUrl: string, id: string): string {
  // PUBLIC_URL is read without a trailing slash (config), as every other link built from it.
  return `${publicUrl}${paths.admin}${CONSOLE_DISPUTES_HASH}/${encodeURIComponent(id)}`;
}

export interface DisputeAlert {
  dispute: DisputeRow;
  order: OrderRow;
  step: AlertStep;
  /** Each from the dispute's or the order's row as it stands when the alert goes. */
  facts: { ref: string; buyer: string; amount: string; due: string; provider: string; returned: string | null };
}

/** An alert as the rows stand when it is sent; throws when there is nothing (left) to say. */
export async function loadDisputeAlert(db: Kysely<Database>, row: Pick<OutboxMessage, 'orderId' | 'kind'>, family: string) {
  const { id, step } = alertOf(row.kind, family);
  const [dispute, order] = await Promise.all([findDispute(db, id), findOrderById(db, row.orderId)]);
  if (!dispute || !order) throw new UndeliverableMessageError(`dispute alert for ${row.orderId}: dispute or order gone`);
  if (notNeeded(dispute, step)) throw new MessageNotNeededError('dispute defended, closed or decided otherwise');
  const facts = {
    ref: order.public_ref,
    // The seller's own alert may name the buyer (docs/disputes.md#alerts); no log line carries it.
    buyer: order.buyer_name.trim() || copy.noBuyer,
    amount: formatBRL(Number(dispute.amount_cents)),
    due: dispute.defence_due_at === null ? copy.noDeadline : copy.dueAt(formatExpiry(Number(dispute.defence_due_at))),
    provider: (providerNames as Readonly<Record<string, string>>)[dispute.provider] ?? dispute.provider,
    // What the MED took back of the charge as recorded, not the contested amount: a part, or none yet (docs/disputes.md#lost).
    returned: Number(order.med_returned_cents) > 0 ? formatBRL(Number(order.med_returned_cents)) : null,
  };
  return { dispute, order, step, facts } satisfies DisputeAlert;
}

const textOf = (step: AlertStep, facts: DisputeAlert['facts']) => {
  if (step.kind !== 'outcome') return words[step.kind];
  return step.outcome === 'lost' && facts.returned === null ? words.lostAwaited : words[step.outcome];
};

/** Seller-facing, in the house's skeleton; it greets no one. */
const renderDisputeAlertEmail = defineEmail(({ facts, step, link }: Pick<DisputeAlert, 'facts' | 'step'> & { link: string }) => {
  const text = textOf(step, facts);
  const parts = emailCopy({ ...facts, returned: facts.returned ?? '', left: step.kind === 'reminder' ? step.reminder.left : '' });
  return {
    subject: parts.text(text.subject),
    preheader: parts.text(text.preheader),
    blocks: [
      parts.paragraph(words.contested),
      ...text.body.map((line) => parts.paragraph(line)),
      buttonBlock(link, words.button, words.rawLink, [`${words.button}: ${link}`, '']),
    ],
    footer: [parts.line(words.footer)],
  };
});

export async function renderDisputeAlert(
  deps: { db: Kysely<Database>; config: Pick<Config, 'mail'>; publicUrl: () => string },
  row: Pick<OutboxMessage, 'orderId' | 'kind'>,
): Promise<MailMessage> {
  const { dispute, step, facts } = await loadDisputeAlert(deps.db, row, DISPUTE_ALERT_FAMILY);
  return {
    to: deps.config.mail.supportEmail,
    ...renderDisputeAlertEmail({ facts, step, link: disputeConsoleUrl(deps.publicUrl(), dispute.id) }),
    // The order's id in it: the buyer's erasure removes the kept copy that names them (mailer.ts `deleteMailFilesOfOrders`).
    messageId: emailMessageId('dispute', row.orderId, row.kind.slice(DISPUTE_ALERT_FAMILY.length)),
  };
}

import type { Kysely } from 'kysely';
import { duplicatePaymentAlert as copy } from '../../content/emails.ts';
import { formatBRL } from '../../shared/money.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { escapeHtml } from '../../shared/html.ts';
import { defineEmail, emailMessageId } from '../mail/define-email.ts';
import { html } from '../mail/email-parts.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { findOrderById } from '../orders/order-lookup.ts';

/** Outbox kind of the seller's alert about a duplicate payment; the row's order is the duplicate. */
export const DUPLICATE_ALERT_KIND = 'duplicate_alert';

const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

function describeOrder(order: OrderRow): Array<[string, string]> {
  return [
    [copy.order, order.id],
    [copy.transaction, order.charge_id ?? copy.unknown],
    [copy.amount, formatBRL(order.amount_cents)],
    [copy.paidAt, order.paid_at === null ? copy.unknown : timeFormat.format(new Date(order.paid_at))],
    [copy.buyer, `${order.buyer_name} <${order.buyer_email}>`],
  ];
}

/** The seller's alert, in the house's skeleton; it greets no one and carries no buyer footer. */
const renderDuplicateAlertEmail = defineEmail(
  ({ duplicate, original, automatic }: { duplicate: OrderRow; original: OrderRow; automatic: boolean }) => {
    const auto = automatic ? copy.automatic : undefined;
    const action = auto?.action ?? copy.action;
    const sections: Array<[string, Array<[string, string]>]> = [
      [auto?.refundTitle ?? copy.refundTitle, describeOrder(duplicate)],
      [copy.keepTitle, describeOrder(original)],
    ];
    return {
      subject: (auto?.subject ?? copy.subject).replace('{orderId}', duplicate.id),
      blocks: [
        { text: [copy.intro, ''], html: html.paragraph(escapeHtml(copy.intro)) },
        { text: [action], html: html.paragraph(`<strong>${escapeHtml(action)}</strong>`) },
        ...sections.map(([title, lines]) => ({
          text: ['', `${title}:`, ...lines.map(([label, value]) => `  ${label}: ${value}`)],
          html: `${html.heading(title)}\n${html.list(lines.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`))}`,
        })),
        { text: ['', copy.afterRefund], html: html.paragraph(escapeHtml(copy.afterRefund)) },
      ],
    };
  },
);

/** Sent to the seller (SUPPORT_EMAIL), who needs the buyer's name and e-mail to find the charge. */
export async function renderDuplicateAlert(
  deps: { db: Kysely<Database>; config: Pick<Config, 'mail' | 'gatewayRefunds'> },
  row: Pick<OutboxMessage, 'orderId'>,
): Promise<MailMessage> {
  const duplicate = await findOrderById(deps.db, row.orderId);
  const original = duplicate?.duplicate_of ? await findOrderById(deps.db, duplicate.duplicate_of) : undefined;
  if (!duplicate || !original) throw new UndeliverableMessageError(`duplicate alert for ${row.orderId}: orders not found`);
  return {
    to: deps.config.mail.supportEmail,
    ...renderDuplicateAlertEmail({ duplicate, original, automatic: deps.config.gatewayRefunds }),
    messageId: emailMessageId('duplicate', duplicate.id),
  };
}

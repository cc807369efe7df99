import type { Kysely } from 'kysely';
import { accessEmail, pixEmails } from '../../content/emails.ts';
import { escapeHtml } from '../../shared/html.ts';
import { formatBRL } from '../../shared/money.ts';
import { formatExpiry } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { defineEmail, emailCopy, emailMessageId, type EmailLine } from '../mail/define-email.ts';
import { assertWebUrl, colors, greetingName, html, orderItemsBlock } from '../mail/email-parts.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { orderPageUrl, reminderOptOutUrl } from '../orders/order-links.ts';
import { buyerPaidForItemsOf } from '../orders/order-items.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { itemsOfOrder, productNameOf } from '../purchase/purchase-items.ts';
import { takePixEmailQuota } from './pix-email-quota.ts';

/** docs/payments.md#pix-e-mails-and-the-order-page: each row is checked against the order when its turn comes. */
export const PIX_READY_KIND = 'pix_ready';
export const PIX_REMINDER_PREFIX = 'pix_reminder:';

export function isPixEmailKind(kind: string): boolean {
  return kind === PIX_READY_KIND || /^pix_reminder:\d+$/.test(kind);
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

export interface PixEmailInput {
  kind: 'ready' | 'reminder';
  buyerName: string;
  amountCents: number;
  /** The copia-e-cola code; null when the gateway only sent an image (the order page shows it). */
  pixCode: string | null;
  expiresAt: number;
  orderUrl: string;
  /** Reminders only: the one-click "não quero mais lembretes" page. */
  optOutUrl?: string;
  supportEmail: string;
  productName: string;
  demoMode?: boolean;
  /** The charge's items: listed above the amount when it holds the bump too. */
  items?: readonly { title: string; priceCents: number }[];
}

/** "Seu PIX está pronto" and its reminders (with the opt-out link). */
export const renderPixEmail = defineEmail((input: PixEmailInput) => {
  const orderUrl = assertWebUrl(input.orderUrl, 'orderUrl').href;
  const optOutUrl = input.optOutUrl ? assertWebUrl(input.optOutUrl, 'optOutUrl').href : undefined;
  if (input.kind === 'reminder' && !optOutUrl) throw new Error('a PIX reminder needs its opt-out link');
  const words = input.kind === 'ready' ? pixEmails.ready : pixEmails.reminder;
  const name = greetingName(input.buyerName);
  const plain = {
    productName: input.productName,
    firstName: name,
    amount: formatBRL(input.amountCents),
    expiry: formatExpiry(input.expiresAt),
    supportEmail: input.supportEmail,
  };
  const copy = emailCopy(plain, {
    amount: `<strong>${escapeHtml(plain.amount)}</strong>`,
    expiry: `<strong>${escapeHtml(plain.expiry)}</strong>`,
    supportEmail: html.link(`mailto:${input.supportEmail}`, input.supportEmail),
  });
  const reminder = input.kind === 'reminder' ? pixEmails.reminder : undefined;
  const optOut: EmailLine | undefined =
    reminder && optOutUrl
      ? {
          text: `${reminder.optOutIntro} ${reminder.optOutLink}: ${optOutUrl}`,
          html: `${escapeHtml(reminder.optOutIntro)} ${html.link(optOutUrl, reminder.optOutLink)}`,
        }
      : undefined;
  return {
    subject: copy.text(words.subject),
    preheader: copy.text(words.preheader),
    demoMode: input.demoMode,
    greet: { firstName: name },
    blocks: [
      copy.paragraph(words.intro),
      orderItemsBlock(input.items),
      {
        text: [`${pixEmails.amountLabel}: ${plain.amount}`],
        html: html.paragraph(`${escapeHtml(pixEmails.amountLabel)}: ${copy.rich.amount}`, 'font-size:18px'),
      },
      input.pixCode
        ? {
            text: ['', `${pixEmails.codeLabel}:`, input.pixCode, '', pixEmails.howToPay],
            html: `${html.paragraph(`<strong>${escapeHtml(pixEmails.codeLabel)}</strong>`, 'margin-bottom:6px')}
<div style="margin:0 0 8px;padding:12px;border:1px dashed ${colors.border};border-radius:6px;background:${colors.background};font-family:Menlo,Consolas,monospace;font-size:13px;line-height:1.4;word-break:break-all">${escapeHtml(input.pixCode)}</div>
${html.paragraph(escapeHtml(pixEmails.howToPay), `font-size:14px;color:${colors.muted}`)}`,
          }
        : undefined,
      copy.paragraph(pixEmails.expiry),
      {
        text: [pixEmails.orderPageIntro, orderUrl, ''],
        html: `${html.paragraph(escapeHtml(pixEmails.orderPageIntro), 'margin-bottom:4px')}
${html.button(orderUrl, pixEmails.button)}
${html.paragraph(html.link(orderUrl, orderUrl), `font-size:13px;color:${colors.muted}`)}`,
      },
      { text: [pixEmails.afterPayment], html: html.paragraph(escapeHtml(pixEmails.afterPayment)) },
      reminder && { text: ['', reminder.alreadyPaid], html: html.paragraph(escapeHtml(reminder.alreadyPaid)) },
      { text: ['', copy.text(accessEmail.support), ''], html: html.paragraph(copy.line(accessEmail.support).html) },
    ],
    footer: [copy.line(words.footer), ...(optOut ? [optOut] : [])],
  };
});

import { accessEmail, pixEmails } from '../../content/emails.ts';
import { formatBRL } from '../../shared/money.ts';
import { formatDateTime } from '../../shared/time.ts';
import { escapeHtml } from '../../shared/html.ts';
import { defineEmail, emailCopy, type EmailLine } from './define-email.ts';
import { assertWebUrl, colors, greetingName, html, orderItemsBlock } from './email-parts.ts';

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

/** "23/11/2026 às 18:47", São Paulo time (the copy says "horário de Brasília"). */
export function formatExpiry(at: number): string {
  return formatDateTime(at).replace(', ', ' às ');
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

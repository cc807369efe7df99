import { accessEmail, pixEmails } from '../../content/emails.ts';
import { formatBRL } from '../../shared/money.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { RenderedEmail } from './access-email.ts';
import { escapeHtml } from '../../shared/html.ts';
import { assertWebUrl, colors, demoTextLines, emailDocument, fill, greetingName, html as parts, orderItemsBlock } from './email-layout.ts';

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

/** "Seu PIX está pronto" and its reminders (with the opt-out link); no images, no pixels. */
export function renderPixEmail(input: PixEmailInput): RenderedEmail {
  const orderUrl = assertWebUrl(input.orderUrl, 'orderUrl').href;
  const optOutUrl = input.optOutUrl ? assertWebUrl(input.optOutUrl, 'optOutUrl').href : undefined;
  if (input.kind === 'reminder' && !optOutUrl) throw new Error('a PIX reminder needs its opt-out link');
  const copy = input.kind === 'ready' ? pixEmails.ready : pixEmails.reminder;
  const name = greetingName(input.buyerName);
  const plain = {
    productName: input.productName,
    firstName: name,
    amount: formatBRL(input.amountCents),
    expiry: formatExpiry(input.expiresAt),
    supportEmail: input.supportEmail,
  };
  const subject = fill(copy.subject, plain);
  const greeting = name ? fill(accessEmail.greeting, plain) : accessEmail.greetingWithoutName;
  const reminder = input.kind === 'reminder' ? pixEmails.reminder : undefined;

  const text = [
    ...demoTextLines(input.demoMode),
    greeting,
    '',
    fill(copy.intro, plain),
    '',
    ...orderItemsBlock(input.items).text,
    `${pixEmails.amountLabel}: ${plain.amount}`,
    ...(input.pixCode ? ['', `${pixEmails.codeLabel}:`, input.pixCode, '', pixEmails.howToPay] : []),
    fill(pixEmails.expiry, plain),
    '',
    pixEmails.orderPageIntro,
    orderUrl,
    '',
    pixEmails.afterPayment,
    ...(reminder ? ['', reminder.alreadyPaid] : []),
    '',
    fill(accessEmail.support, plain),
    '',
    '--',
    fill(copy.footer, plain),
    ...(reminder && optOutUrl ? [`${reminder.optOutIntro} ${reminder.optOutLink}: ${optOutUrl}`] : []),
    '',
  ].join('\n');

  const { link, paragraph } = parts;
  const rich = {
    productName: escapeHtml(input.productName),
    firstName: escapeHtml(name),
    amount: `<strong>${escapeHtml(plain.amount)}</strong>`,
    expiry: `<strong>${escapeHtml(plain.expiry)}</strong>`,
    supportEmail: link(`mailto:${input.supportEmail}`, input.supportEmail),
  };
  const rendered = (template: string) => fill(escapeHtml(template), rich);
  const codeBlock = input.pixCode
    ? `${paragraph(`<strong>${escapeHtml(pixEmails.codeLabel)}</strong>`, 'margin-bottom:6px')}
<div style="margin:0 0 8px;padding:12px;border:1px dashed ${colors.border};border-radius:6px;background:${colors.background};font-family:Menlo,Consolas,monospace;font-size:13px;line-height:1.4;word-break:break-all">${escapeHtml(input.pixCode)}</div>
${paragraph(escapeHtml(pixEmails.howToPay), `font-size:14px;color:${colors.muted}`)}`
    : '';
  const body = `${paragraph(`<strong>${name ? rendered(accessEmail.greeting) : escapeHtml(accessEmail.greetingWithoutName)}</strong>`, 'font-size:20px')}
${paragraph(rendered(copy.intro))}
${orderItemsBlock(input.items).html}
${paragraph(`${escapeHtml(pixEmails.amountLabel)}: ${rich.amount}`, 'font-size:18px')}
${codeBlock}
${paragraph(rendered(pixEmails.expiry))}
${paragraph(escapeHtml(pixEmails.orderPageIntro), 'margin-bottom:4px')}
${parts.button(orderUrl, pixEmails.button)}
${paragraph(link(orderUrl, orderUrl), `font-size:13px;color:${colors.muted}`)}
${paragraph(escapeHtml(pixEmails.afterPayment))}
${reminder ? paragraph(escapeHtml(reminder.alreadyPaid)) : ''}
${paragraph(rendered(accessEmail.support))}`;
  const footer = [
    rendered(copy.footer),
    ...(reminder && optOutUrl ? [`${escapeHtml(reminder.optOutIntro)} ${link(optOutUrl, reminder.optOutLink)}`] : []),
  ].join('<br>');
  const html = emailDocument({ subject, preheader: fill(copy.preheader, plain), demoMode: input.demoMode, body, footer });
  return { subject, text, html };
}

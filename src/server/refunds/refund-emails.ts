import { accessEmail } from '../../content/emails.ts';
import { refundEmails } from '../../content/refunds.ts';
import { escapeHtml } from '../../shared/html.ts';
import { formatBRL } from '../../shared/money.ts';
import { REFUND_ANSWER_DAYS } from '../../shared/guarantee.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { RenderedEmail } from '../mail/access-email.ts';
import { colors, demoTextLines, emailDocument, fill, greetingName, html as parts } from '../mail/email-layout.ts';

export type RefundEmailKind = 'received' | 'received_auto' | 'done' | 'done_part' | 'done_duplicate' | 'done_duplicate_part' | 'declined';

export interface RefundEmailInput {
  kind: RefundEmailKind;
  buyerName: string;
  amountCents: number;
  requestedAt: number;
  declineReason?: string;
  /** What the buyer keeps after a refund of part of the purchase (`done_part`, `done_duplicate_part`). */
  keptItems?: readonly string[];
  /** The member page's address, where a buyer who paid twice asks for the link again. */
  recoverUrl: string;
  supportEmail: string;
  productName: string;
  demoMode?: boolean;
}

function copyOf(kind: RefundEmailKind) {
  if (kind === 'received' || kind === 'received_auto') return refundEmails.received;
  if (kind === 'done') return refundEmails.done;
  if (kind === 'done_part') return refundEmails.donePart;
  if (kind === 'done_duplicate') return refundEmails.doneDuplicate;
  if (kind === 'done_duplicate_part') return refundEmails.doneDuplicatePart;
  return refundEmails.declined;
}

export function renderRefundEmail(input: RefundEmailInput): RenderedEmail {
  const copy = copyOf(input.kind);
  // Only a name that reads as one: anyone can type anyone's address at checkout (mail/email-layout.ts).
  const name = greetingName(input.buyerName);
  const plain = {
    productName: input.productName,
    firstName: name,
    amount: formatBRL(input.amountCents),
    requestedAt: formatDateTime(input.requestedAt),
    answerDays: String(REFUND_ANSWER_DAYS),
    supportEmail: input.supportEmail,
    recoverUrl: input.recoverUrl,
    keptItems: (input.keptItems ?? []).join(', '),
  };
  // The paragraphs after the intro, by kind: what happens next, or what it means for the access.
  const lines: string[] = [];
  if (input.kind === 'received') lines.push(refundEmails.received.nextManual, refundEmails.received.access);
  if (input.kind === 'received_auto') lines.push(refundEmails.received.nextAuto, refundEmails.received.access);
  if (input.kind === 'done') lines.push(refundEmails.done.timing, refundEmails.done.access);
  if (input.kind === 'done_part') lines.push(refundEmails.donePart.timing, refundEmails.donePart.access);
  if (input.kind === 'done_duplicate') lines.push(refundEmails.doneDuplicate.timing, refundEmails.doneDuplicate.access);
  if (input.kind === 'done_duplicate_part') lines.push(refundEmails.doneDuplicatePart.timing, refundEmails.doneDuplicatePart.access);
  if (input.kind === 'declined') lines.push(refundEmails.declined.access);
  const declineReason = input.kind === 'declined' ? (input.declineReason ?? '') : undefined;

  const subject = copy.subject;
  const greeting = name ? fill(accessEmail.greeting, plain) : accessEmail.greetingWithoutName;
  const text = [
    ...demoTextLines(input.demoMode),
    greeting,
    '',
    fill(copy.intro, plain),
    '',
    ...(declineReason !== undefined ? [`${refundEmails.declined.reasonTitle}: ${declineReason}`, ''] : []),
    ...lines.flatMap((line) => [fill(line, plain), '']),
    fill(refundEmails.support, plain),
    '',
    refundEmails.signature,
    input.productName,
    '',
    '--',
    fill(copy.footer, plain),
    '',
  ].join('\n');

  const { link, paragraph } = parts;
  const rich = {
    productName: escapeHtml(input.productName),
    firstName: escapeHtml(name),
    amount: `<strong>${escapeHtml(plain.amount)}</strong>`,
    requestedAt: escapeHtml(plain.requestedAt),
    answerDays: escapeHtml(plain.answerDays),
    supportEmail: link(`mailto:${input.supportEmail}`, input.supportEmail),
    recoverUrl: link(input.recoverUrl, input.recoverUrl),
    keptItems: `<strong>${escapeHtml(plain.keptItems)}</strong>`,
  };
  const rendered = (template: string) => fill(escapeHtml(template), rich);
  const reasonBlock =
    declineReason !== undefined
      ? `${paragraph(`<strong>${escapeHtml(refundEmails.declined.reasonTitle)}</strong>`, 'margin-bottom:6px')}
<div style="margin:0 0 16px;padding:12px 14px;border-left:4px solid ${colors.border};background:${colors.background};font-size:16px;line-height:1.5;white-space:pre-wrap">${escapeHtml(declineReason)}</div>`
      : '';
  const body = `${paragraph(`<strong>${name ? rendered(accessEmail.greeting) : escapeHtml(accessEmail.greetingWithoutName)}</strong>`, 'font-size:20px')}
${paragraph(rendered(copy.intro))}
${reasonBlock}
${lines.map((line) => paragraph(rendered(line))).join('\n')}
${paragraph(rendered(refundEmails.support))}
${paragraph(`${escapeHtml(refundEmails.signature)}<br>${rich.productName}`)}`;
  const html = emailDocument({
    subject,
    preheader: fill(copy.preheader, plain),
    demoMode: input.demoMode,
    body,
    footer: rendered(copy.footer),
  });
  return { subject, text, html };
}

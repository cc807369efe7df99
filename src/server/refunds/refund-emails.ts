import { refundEmails } from '../../content/refunds.ts';
import { escapeHtml } from '../../shared/html.ts';
import { formatBRL } from '../../shared/money.ts';
import { REFUND_ANSWER_DAYS } from '../../shared/guarantee.ts';
import { formatDateTime } from '../../shared/time.ts';
import { defineEmail, emailCopy } from '../mail/define-email.ts';
import { colors, greetingName, html } from '../mail/email-parts.ts';

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

/** Each kind's copy, and the paragraphs after its intro: what happens next, or what it means for the access. */
function copyOf(kind: RefundEmailKind) {
  const { received, done, donePart, doneDuplicate, doneDuplicatePart, declined } = refundEmails;
  if (kind === 'received') return { words: received, lines: [received.nextManual, received.access] };
  if (kind === 'received_auto') return { words: received, lines: [received.nextAuto, received.access] };
  if (kind === 'done') return { words: done, lines: [done.timing, done.access] };
  if (kind === 'done_part') return { words: donePart, lines: [donePart.timing, donePart.access] };
  if (kind === 'done_duplicate') return { words: doneDuplicate, lines: [doneDuplicate.timing, doneDuplicate.access] };
  if (kind === 'done_duplicate_part') return { words: doneDuplicatePart, lines: [doneDuplicatePart.timing, doneDuplicatePart.access] };
  return { words: declined, lines: [declined.access] };
}

export const renderRefundEmail = defineEmail((input: RefundEmailInput) => {
  const { words, lines } = copyOf(input.kind);
  // Only a name that reads as one: anyone can type anyone's address at checkout (mail/email-parts.ts).
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
  const copy = emailCopy(plain, {
    amount: `<strong>${escapeHtml(plain.amount)}</strong>`,
    supportEmail: html.link(`mailto:${input.supportEmail}`, input.supportEmail),
    recoverUrl: html.link(input.recoverUrl, input.recoverUrl),
    keptItems: `<strong>${escapeHtml(plain.keptItems)}</strong>`,
  });
  const declineReason = input.kind === 'declined' ? (input.declineReason ?? '') : undefined;
  return {
    subject: words.subject,
    preheader: copy.text(words.preheader),
    demoMode: input.demoMode,
    greet: { firstName: name },
    blocks: [
      copy.paragraph(words.intro),
      declineReason !== undefined && {
        text: [`${refundEmails.declined.reasonTitle}: ${declineReason}`, ''],
        html: `${html.paragraph(`<strong>${escapeHtml(refundEmails.declined.reasonTitle)}</strong>`, 'margin-bottom:6px')}
<div style="margin:0 0 16px;padding:12px 14px;border-left:4px solid ${colors.border};background:${colors.background};font-size:16px;line-height:1.5;white-space:pre-wrap">${escapeHtml(declineReason)}</div>`,
      },
      ...lines.map((line) => copy.paragraph(line)),
      copy.paragraph(refundEmails.support),
    ],
    signature: { line: refundEmails.signature, productName: input.productName },
    footer: [copy.line(words.footer)],
  };
});

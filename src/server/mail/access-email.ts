import { accessEmail } from '../../content/emails.ts';
import { paths } from '../../shared/routes.ts';
import { guaranteeLastDay, REFUND_SECTION_ID } from '../../shared/refunds.ts';
import { formatDate } from '../../shared/time.ts';
import { escapeHtml } from '../../shared/html.ts';
import { firstName } from '../../shared/text.ts';
import { buttonBlock, defineEmail, emailCopy } from './define-email.ts';
import { assertWebUrl, html, orderItemsBlock } from './email-parts.ts';

export interface AccessEmailInput {
  buyerName: string;
  accessUrl: string;
  supportEmail: string;
  productName: string;
  demoMode?: boolean;
  /** Absent once the window has passed: a link re-sent later promises nothing it cannot keep. */
  guarantee?: { days: number; endsAt: number };
  items?: readonly { title: string; priceCents: number }[];
}

/** The e-mail that delivers a paid buyer's lifetime access link (docs/product.md#6-e-mail-delivery-is-made-true). */
export const renderAccessEmail = defineEmail((input: AccessEmailInput) => {
  const accessUrl = assertWebUrl(input.accessUrl, 'accessUrl').href;
  const recoverUrl = new URL(paths.access, accessUrl).href;
  // As typed, unlike the other buyer e-mails' `greetingName`: it goes only to an address someone paid for.
  const name = firstName(input.buyerName);
  // The member page opens its guarantee section for this fragment (the redirect from the link keeps it).
  const refundUrl = `${accessUrl}#${REFUND_SECTION_ID}`;
  const { guarantee } = input;
  const plain = {
    productName: input.productName,
    firstName: name,
    recoverUrl,
    supportEmail: input.supportEmail,
    guaranteeDays: guarantee ? String(guarantee.days) : '',
    guaranteeEndsAt: guarantee ? formatDate(guaranteeLastDay(guarantee.endsAt)) : '',
  };
  const copy = emailCopy(plain, {
    recoverUrl: html.link(recoverUrl, recoverUrl),
    supportEmail: html.link(`mailto:${input.supportEmail}`, input.supportEmail),
    guaranteeEndsAt: `<strong>${escapeHtml(plain.guaranteeEndsAt)}</strong>`,
  });
  const guaranteeTitle = copy.text(accessEmail.guaranteeTitle);
  return {
    subject: copy.text(accessEmail.subject),
    preheader: accessEmail.preheader,
    demoMode: input.demoMode,
    greet: { firstName: name },
    blocks: [
      copy.paragraph(accessEmail.thanks),
      buttonBlock(accessUrl, accessEmail.button, accessEmail.rawLinkIntro, [`${accessEmail.button}:`, accessUrl, '']),
      orderItemsBlock(input.items),
      {
        text: [accessEmail.aboutTitle, ...accessEmail.about.map((item) => `- ${item}`), ''],
        html: `${html.heading(accessEmail.aboutTitle)}\n${html.list(accessEmail.about.map(escapeHtml))}`,
      },
      guarantee && {
        text: [guaranteeTitle, copy.text(accessEmail.guarantee), `${accessEmail.refundLink}: ${refundUrl}`, ''],
        html: `${html.heading(guaranteeTitle)}\n${html.paragraph(`${copy.line(accessEmail.guarantee).html} ${html.link(refundUrl, accessEmail.refundLink)}`)}`,
      },
      {
        text: [accessEmail.recoverTitle, copy.text(accessEmail.recover), ''],
        html: `${html.heading(accessEmail.recoverTitle)}\n${html.paragraph(copy.line(accessEmail.recover).html)}`,
      },
      copy.paragraph(accessEmail.support),
    ],
    signature: { line: accessEmail.signature, productName: input.productName },
    footer: [copy.line(accessEmail.footer)],
  };
});

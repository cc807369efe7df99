import { accessEmail } from '../../content/emails.ts';
import { paths } from '../../shared/routes.ts';
import { guaranteeLastDay, REFUND_SECTION_ID } from '../../shared/refunds.ts';
import { formatDate } from '../../shared/time.ts';
import { escapeHtml } from '../../shared/html.ts';
import { firstName } from '../../shared/text.ts';
import { assertWebUrl, colors, demoTextLines, emailDocument, fill, html as parts, orderItemsBlock } from './email-layout.ts';

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

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The e-mail that delivers a paid buyer's lifetime access link (docs/product.md#6-e-mail-delivery-is-made-true). */
export function renderAccessEmail(input: AccessEmailInput): RenderedEmail {
  const accessUrl = assertWebUrl(input.accessUrl, 'accessUrl').href;
  const recoverUrl = new URL(paths.access, accessUrl).href;
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

  const greeting = name ? fill(accessEmail.greeting, plain) : accessEmail.greetingWithoutName;
  const items = orderItemsBlock(input.items);
  const subject = fill(accessEmail.subject, plain);

  const text = [
    ...demoTextLines(input.demoMode),
    greeting,
    '',
    fill(accessEmail.thanks, plain),
    '',
    `${accessEmail.button}:`,
    accessUrl,
    '',
    ...items.text,
    accessEmail.aboutTitle,
    ...accessEmail.about.map((item) => `- ${item}`),
    '',
    ...(guarantee
      ? [fill(accessEmail.guaranteeTitle, plain), fill(accessEmail.guarantee, plain), `${accessEmail.refundLink}: ${refundUrl}`, '']
      : []),
    accessEmail.recoverTitle,
    fill(accessEmail.recover, plain),
    '',
    fill(accessEmail.support, plain),
    '',
    accessEmail.signature,
    input.productName,
    '',
    '--',
    fill(accessEmail.footer, plain),
    '',
  ].join('\n');

  const { link, paragraph, heading } = parts;
  const rich = {
    productName: escapeHtml(input.productName),
    firstName: escapeHtml(name),
    recoverUrl: link(recoverUrl, recoverUrl),
    supportEmail: link(`mailto:${input.supportEmail}`, input.supportEmail),
    guaranteeDays: escapeHtml(plain.guaranteeDays),
    guaranteeEndsAt: `<strong>${escapeHtml(plain.guaranteeEndsAt)}</strong>`,
  };
  // The copy itself is escaped before the (already escaped or built) values go in.
  const copy = (template: string) => fill(escapeHtml(template), rich);

  const body = `${paragraph(`<strong>${name ? copy(accessEmail.greeting) : escapeHtml(accessEmail.greetingWithoutName)}</strong>`, 'font-size:20px')}
${paragraph(copy(accessEmail.thanks))}
${parts.button(accessUrl, accessEmail.button)}
${paragraph(`${escapeHtml(accessEmail.rawLinkIntro)}<br>${link(accessUrl, accessUrl)}`, `font-size:14px;color:${colors.muted}`)}
${items.html}${items.html ? '\n' : ''}${heading(accessEmail.aboutTitle)}
<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.5">
${accessEmail.about.map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`).join('\n')}
</ul>
${guarantee ? `${heading(fill(accessEmail.guaranteeTitle, plain))}\n${paragraph(`${copy(accessEmail.guarantee)} ${link(refundUrl, accessEmail.refundLink)}`)}\n` : ''}${heading(accessEmail.recoverTitle)}
${paragraph(copy(accessEmail.recover))}
${paragraph(copy(accessEmail.support))}
${paragraph(`${escapeHtml(accessEmail.signature)}<br>${rich.productName}`)}`;
  const html = emailDocument({
    subject,
    preheader: accessEmail.preheader,
    demoMode: input.demoMode,
    body,
    footer: copy(accessEmail.footer),
  });

  return { subject, text, html };
}

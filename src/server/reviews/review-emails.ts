import { accessEmail } from '../../content/emails.ts';
import { reviewEmail } from '../../content/reviews.ts';
import { escapeHtml } from '../../shared/html.ts';
import type { RenderedEmail } from '../mail/access-email.ts';
import { assertWebUrl, colors, demoTextLines, emailDocument, fill, greetingName, html as parts } from '../mail/email-layout.ts';

/** The one review request (docs/reviews.md), in the look of every buyer e-mail. */
export interface ReviewRequestEmailInput {
  buyerName: string;
  /** The review page with its key in the fragment (orders/order-links.ts `reviewPageUrl`). */
  reviewUrl: string;
  productName: string;
  demoMode?: boolean;
}

export function renderReviewRequestEmail(input: ReviewRequestEmailInput): RenderedEmail {
  assertWebUrl(input.reviewUrl, 'the review link');
  // Only a name that reads as one: anyone can type anyone's address at checkout (mail/email-layout.ts).
  const name = greetingName(input.buyerName);
  const plain = { productName: input.productName, firstName: name };
  const subject = reviewEmail.subject;
  const greeting = name ? fill(accessEmail.greeting, plain) : accessEmail.greetingWithoutName;
  const text = [
    ...demoTextLines(input.demoMode),
    greeting,
    '',
    fill(reviewEmail.intro, plain),
    '',
    reviewEmail.ask,
    '',
    `${reviewEmail.button}: ${input.reviewUrl}`,
    '',
    reviewEmail.consent,
    '',
    reviewEmail.signature,
    input.productName,
    '',
    '--',
    fill(reviewEmail.footer, plain),
    '',
  ].join('\n');

  const { link, paragraph, button } = parts;
  const rich = { productName: escapeHtml(input.productName), firstName: escapeHtml(name) };
  const rendered = (template: string) => fill(escapeHtml(template), rich);
  const body = `${paragraph(`<strong>${name ? rendered(accessEmail.greeting) : escapeHtml(accessEmail.greetingWithoutName)}</strong>`, 'font-size:20px')}
${paragraph(rendered(reviewEmail.intro))}
${paragraph(escapeHtml(reviewEmail.ask))}
${button(input.reviewUrl, reviewEmail.button)}
${paragraph(`${escapeHtml(reviewEmail.rawLinkIntro)}<br>${link(input.reviewUrl, input.reviewUrl)}`, `font-size:14px;color:${colors.muted}`)}
${paragraph(escapeHtml(reviewEmail.consent))}
${paragraph(`${escapeHtml(reviewEmail.signature)}<br>${rich.productName}`)}`;
  const html = emailDocument({
    subject,
    preheader: fill(reviewEmail.preheader, plain),
    demoMode: input.demoMode,
    body,
    footer: rendered(reviewEmail.footer),
  });
  return { subject, text, html };
}

import { reviewEmail } from '../../content/reviews.ts';
import { buttonBlock, defineEmail, emailCopy } from '../mail/define-email.ts';
import { assertWebUrl, greetingName } from '../mail/email-parts.ts';

/** The one review request (docs/reviews.md), in the look of every buyer e-mail. */
export interface ReviewRequestEmailInput {
  buyerName: string;
  /** The review page with its key in the fragment (orders/order-links.ts `reviewPageUrl`). */
  reviewUrl: string;
  productName: string;
  demoMode?: boolean;
}

export const renderReviewRequestEmail = defineEmail((input: ReviewRequestEmailInput) => {
  assertWebUrl(input.reviewUrl, 'the review link');
  // Only a name that reads as one: anyone can type anyone's address at checkout (mail/email-parts.ts).
  const name = greetingName(input.buyerName);
  const copy = emailCopy({ productName: input.productName, firstName: name });
  return {
    subject: reviewEmail.subject,
    preheader: copy.text(reviewEmail.preheader),
    demoMode: input.demoMode,
    greet: { firstName: name },
    blocks: [
      copy.paragraph(reviewEmail.intro),
      copy.paragraph(reviewEmail.ask),
      buttonBlock(input.reviewUrl, reviewEmail.button, reviewEmail.rawLinkIntro, [`${reviewEmail.button}: ${input.reviewUrl}`, '']),
      copy.paragraph(reviewEmail.consent),
    ],
    signature: { line: reviewEmail.signature, productName: input.productName },
    footer: [copy.line(reviewEmail.footer)],
  };
});

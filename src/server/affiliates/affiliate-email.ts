// The affiliate's e-mails (docs/affiliates.md#the-affiliates-page): the invitation, the answer to a request, the sign-in
// link and the PIX key confirmation. Rendered at send time from the affiliate's row, so a link is issued only then and
// exists in clear only in the message.
import { affiliateEmails as copy } from '../../content/emails.ts';
import { affiliatePage } from '../../content/affiliates.ts';
import { paths } from '../../shared/routes.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { buttonBlock, defineEmail, emailCopy, emailMessageId, type EmailBlock } from '../mail/define-email.ts';
import { assertWebUrl, greetingName } from '../mail/email-parts.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import type { Kysely } from 'kysely';
import { AFFILIATE_EMAIL_FAMILY, issueLink, PIX_KEY_LINK_TTL_MS, SIGN_IN_LINK_TTL_MS, WELCOME_LINK_TTL_MS } from './affiliate-access.ts';
import { findAffiliate, findPixChange } from './affiliates-repository.ts';

type LinkEmail = 'invite' | 'approved' | 'signIn' | 'pixKey';

interface AffiliateEmailInput {
  which: LinkEmail | 'refused';
  name: string;
  shop: string;
  signInUrl: string;
  demoMode: boolean;
  link?: { url: string; expiresAt: number };
  reason?: string | null;
  pixKey?: string;
}

const renderAffiliateEmail = defineEmail((input: AffiliateEmailInput) => {
  const words = copy[input.which];
  const parts = emailCopy({
    shop: input.shop,
    signInUrl: input.signInUrl,
    until: input.link ? formatDateTime(input.link.expiresAt) : '',
    reason: input.reason ?? '',
    pixKey: input.pixKey ?? '',
  });
  const { link } = input;
  const blocks: Array<EmailBlock | undefined> = [parts.paragraph(words.intro)];
  if (link && 'button' in words) {
    const url = assertWebUrl(link.url, 'link').href;
    blocks.push(buttonBlock(url, words.button, copy.rawLink, [`${words.button}:`, url, '']), parts.paragraph(copy.expiry));
  }
  if (input.which === 'invite') blocks.push(parts.paragraph(copy.invite.terms));
  if (input.which === 'pixKey') blocks.push(parts.paragraph(copy.pixKey.hold));
  if (input.which === 'refused') blocks.push(parts.paragraph(input.reason ? copy.refused.reason : copy.refused.noReason));
  return {
    subject: parts.text(words.subject),
    preheader: parts.text(words.preheader),
    demoMode: input.demoMode,
    greet: { firstName: greetingName(input.name) },
    blocks,
    footer: [parts.line(words.footer)],
  };
});

export interface AffiliateEmailDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'demoMode' | 'storefront'>;
  publicUrl: () => string;
  now: () => number;
}

class AffiliateEmailNotDeliverable extends UndeliverableMessageError {
  constructor(affiliateId: string, reason: string) {
    super(`affiliate e-mail for ${affiliateId} not sent: ${reason}`);
    this.name = 'AffiliateEmailNotDeliverable';
  }
}

const TTL: Record<Exclude<LinkEmail, 'pixKey'>, number> = {
  invite: WELCOME_LINK_TTL_MS,
  approved: WELCOME_LINK_TTL_MS,
  signIn: SIGN_IN_LINK_TTL_MS,
};

/** `affiliate_email:{invite|approved|refused|sign_in:{window}|pix_key:{change}}`, the row's order id the affiliate's. */
export async function renderAffiliateMessage(deps: AffiliateEmailDeps, row: Pick<OutboxMessage, 'orderId' | 'kind'>): Promise<MailMessage> {
  const [what = '', detail = ''] = row.kind.slice(AFFILIATE_EMAIL_FAMILY.length).split(':');
  const affiliate = await findAffiliate(deps.db, row.orderId);
  if (!affiliate) throw new AffiliateEmailNotDeliverable(row.orderId, 'affiliate not found');
  const now = deps.now();
  const base = deps.publicUrl();
  const pageUrl = `${base}${paths.affiliate}`;
  const input = {
    name: affiliate.name,
    shop: deps.config.storefront.seller.name,
    signInUrl: pageUrl,
    demoMode: deps.config.demoMode,
  };
  const linked = async (which: LinkEmail, ttlMs: number, change?: { id: string; pixKey: string }) => {
    const purpose = which === 'pixKey' ? 'pix_key' : 'sign_in';
    const { token, expiresAt } = await issueLink(deps.db, { affiliateId: affiliate.id, purpose, ttlMs, now, changeId: change?.id });
    return renderAffiliateEmail({ ...input, which, pixKey: change?.pixKey, link: { url: `${pageUrl}/${token}`, expiresAt } });
  };
  const entering = affiliate.state === 'active' || affiliate.state === 'paused';
  let email;
  if (what === 'refused') {
    if (affiliate.state !== 'removed') throw new AffiliateEmailNotDeliverable(affiliate.id, `affiliate is ${affiliate.state}`);
    email = renderAffiliateEmail({ ...input, which: 'refused', reason: affiliate.state_reason });
  } else if (!entering) {
    throw new AffiliateEmailNotDeliverable(affiliate.id, `affiliate is ${affiliate.state}`);
  } else if (what === 'invite' || what === 'approved') {
    email = await linked(what, TTL[what]);
  } else if (what === 'sign_in') {
    email = await linked('signIn', TTL.signIn);
  } else if (what === 'pix_key') {
    const change = await findPixChange(deps.db, detail);
    if (!change || change.affiliate_id !== affiliate.id || change.confirmed_at !== null)
      throw new AffiliateEmailNotDeliverable(affiliate.id, 'the PIX key change was replaced or confirmed');
    email = await linked('pixKey', PIX_KEY_LINK_TTL_MS, {
      id: change.id,
      pixKey: `${affiliatePage.pix.types[change.pix_key_type]} ${change.pix_key}`,
    });
  } else {
    throw new Error(`outbox kind "${row.kind}" is not an affiliate e-mail`);
  }
  return { to: affiliate.email, ...email, messageId: emailMessageId('affiliate', affiliate.id, row.kind) };
}

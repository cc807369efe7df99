import type { Kysely } from 'kysely';
import { accessEmail } from '../../content/emails.ts';
import { escapeHtml } from '../../shared/html.ts';
import { guaranteeEndsAt, guaranteeLastDay, REFUND_SECTION_ID } from '../../shared/refunds.ts';
import { paths } from '../../shared/routes.ts';
import { firstName } from '../../shared/text.ts';
import { formatDate } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { buttonBlock, defineEmail, emailCopy, emailMessageId } from '../mail/define-email.ts';
import { assertWebUrl, html, orderItemsBlock } from '../mail/email-parts.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { productNameOf } from '../purchase/purchase-items.ts';
import { purchasedItems } from '../purchase/purchase-service.ts';
import { accessOrderIdOf, findAccessOrderById } from '../orders/order-access.ts';
import { issueAccessToken } from './access-service.ts';

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

export interface AccessEmailDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'mail' | 'demoMode' | 'guaranteeDays'>;
  publicUrl: () => string;
}

export class AccessNotDeliverableError extends UndeliverableMessageError {
  constructor(
    readonly orderId: string,
    reason: string,
  ) {
    super(`access e-mail for order ${orderId} not sent: ${reason}`);
    this.name = 'AccessNotDeliverableError';
  }
}

export const ACCESS_EMAIL_KIND = 'access_email';
export const ACCESS_RESEND_FAMILY = 'access_resend:';

function isAccessEmailKind(kind: string): boolean {
  return kind === ACCESS_EMAIL_KIND || /^access_resend:\d+$/.test(kind);
}

/** Reads the order at send time, so a reversed payment gets nothing; each rendering issues a fresh token. */
export async function renderOutboxMessage(deps: AccessEmailDeps, row: Pick<OutboxMessage, 'orderId' | 'kind'>): Promise<MailMessage> {
  if (!isAccessEmailKind(row.kind)) throw new Error(`outbox kind "${row.kind}" is not an access e-mail`);
  const order = await findAccessOrderById(deps.db, await accessOrderIdOf(deps.db, row.orderId));
  if (!order) throw new AccessNotDeliverableError(row.orderId, 'order not found');
  if (!order.hasAccess) {
    throw new AccessNotDeliverableError(row.orderId, order.status === 'paid' ? 'access revoked' : `order is ${order.status}`);
  }
  const token = await issueAccessToken(deps.db, order.id, Date.now());
  const endsAt = guaranteeEndsAt(order.paidAt ?? Date.now(), deps.config.guaranteeDays);
  const accessUrl = `${deps.publicUrl().replace(/\/+$/, '')}${paths.access}/${token}`;
  const email = renderAccessEmail({
    buyerName: order.buyerName,
    accessUrl,
    supportEmail: deps.config.mail.supportEmail,
    productName: await productNameOf(deps.db, order.id),
    demoMode: deps.config.demoMode,
    ...(Date.now() < endsAt ? { guarantee: { days: deps.config.guaranteeDays, endsAt } } : {}),
    items: await purchasedItems(deps.db, order.id),
  });
  return { to: order.buyerEmail, ...email, messageId: accessMessageId(row.orderId, row.kind), demoLink: accessUrl };
}

export function accessMessageId(orderId: string, kind: string): string {
  return emailMessageId('access', orderId, kind);
}

import type { Kysely } from 'kysely';
import { site } from '../../content/site.ts';
import { paths } from '../../shared/routes.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { renderAccessEmail } from '../mail/access-email.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { purchasedItems } from '../purchases/purchase-repository.ts';
import { guaranteeEndsAt } from '../../shared/refunds.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { accessOrderIdOf, findAccessOrderById } from './access-repository.ts';
import { issueAccessToken } from './access-service.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';

/** Shaped so that the checkout's dependencies (orders/checkout-service.ts) can be passed as they are. */
export interface AccessEmailDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'mail' | 'demoMode' | 'guaranteeDays'>;
  /** Base of the access link, e.g. https://loja.example.com. */
  publicUrl: () => string;
}

/** The order can no longer receive its access e-mail (refunded, or gone). Retrying will not help. */
export class AccessNotDeliverableError extends UndeliverableMessageError {
  constructor(
    readonly orderId: string,
    reason: string,
  ) {
    super(`access e-mail for order ${orderId} not sent: ${reason}`);
    this.name = 'AccessNotDeliverableError';
  }
}

/** Outbox kinds this module renders: the first delivery and the buyer's "send it again" requests (`access_resend:{time}`). */
export const ACCESS_EMAIL_KIND = 'access_email';
export const ACCESS_RESEND_FAMILY = 'access_resend:';

function isAccessEmailKind(kind: string): boolean {
  return kind === ACCESS_EMAIL_KIND || /^access_resend:\d+$/.test(kind);
}

/**
 * Builds the e-mail for an outbox row of kind `access_email` or `access_resend:*`. It reads the
 * order at send time, so a buyer whose payment was reversed after the row was queued gets nothing:
 * it throws instead. Each rendering issues a fresh token, stored hashed: the clear link exists only
 * in the message (a retried attempt carries another link; both work). The Message-ID is the same
 * for every attempt at one row (see mail/mailer.ts).
 */
export async function renderOutboxMessage(deps: AccessEmailDeps, row: Pick<OutboxMessage, 'orderId' | 'kind'>): Promise<MailMessage> {
  if (!isAccessEmailKind(row.kind)) throw new Error(`outbox kind "${row.kind}" is not an access e-mail`);
  // An add-on's access (a console resend of it) is its parent's page, which shows its list too.
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
    productName: site.productName,
    demoMode: deps.config.demoMode,
    ...(Date.now() < endsAt ? { guarantee: { days: deps.config.guaranteeDays, endsAt } } : {}),
    items: await purchasedItems(deps.db, order.id),
  });
  return { to: order.buyerEmail, ...email, messageId: accessMessageId(row.orderId, row.kind), demoLink: accessUrl };
}

/** The same for every attempt at one row (mail/mailer.ts). */
export function accessMessageId(orderId: string, kind: string): string {
  const localPart = `access-${orderId}-${kind}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 180);
  return `<${localPart}@vitrine>`;
}

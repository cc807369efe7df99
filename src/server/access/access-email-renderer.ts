import type { Kysely } from 'kysely';
import { paths } from '../../shared/routes.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { renderAccessEmail } from '../mail/access-email.ts';
import { emailMessageId } from '../mail/define-email.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { purchasedItems } from '../purchases/purchase-service.ts';
import { guaranteeEndsAt } from '../../shared/refunds.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { accessOrderIdOf, findAccessOrderById } from './access-repository.ts';
import { issueAccessToken } from './access-service.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { productNameOf } from '../purchases/purchase-items.ts';

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

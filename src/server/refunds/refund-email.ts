import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { refundEmails } from '../../content/emails.ts';
import { REFUND_ANSWER_DAYS } from '../../shared/guarantee.ts';
import { escapeHtml } from '../../shared/html.ts';
import { formatBRL } from '../../shared/money.ts';
import { paths } from '../../shared/routes.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { defineEmail, emailCopy } from '../mail/define-email.ts';
import { colors, greetingName, html } from '../mail/email-parts.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { enqueueOutboxMessage, outboxPayloadsOf } from '../outbox/outbox-queue.ts';
import { queuePushEvent } from '../outbox/push-queue.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import {
  chargesOf,
  ledgerOf,
  medReturnOf,
  refundedPartCents,
  refundOf,
  refundsOf,
  untiedRefundCents,
} from '../purchase/purchase-ledger.ts';
import { productNameOf } from '../purchase/purchase-items.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { latestRefund } from './buyer-guarantee.ts';
import type { RefundRow } from './refunds-repository.ts';

/** Queued in the transaction of what they tell, rendered by renderRefundEmail; one row per purchase and kind. */
const EMAIL_KINDS = {
  received: 'refund_received',
  declined: 'refund_declined',
  done: 'refund_done',
} as const;

export const REFUND_EMAIL_KINDS: readonly string[] = Object.values(EMAIL_KINDS);

/** The outbox kind of a purchase's e-mail: the first of its kind plain, a later one named after its charge. */
async function purchaseEmailKind(trx: Transaction<Database>, mainId: string, kind: string, chargeId: string): Promise<string> {
  const taken = await outboxPayloadsOf(trx, mainId, kind);
  return taken.length > 0 ? `${kind}:${chargeId}` : kind;
}

/** "Recebemos seu pedido de reembolso": the charges asked for, named by the first. */
export async function queueReceivedEmail(
  trx: Transaction<Database>,
  input: { mainId: string; orders: readonly OrderRow[]; auto: boolean; amountCents: number; now: number },
): Promise<void> {
  const { mainId, orders, auto, amountCents, now } = input;
  const kind = await purchaseEmailKind(trx, mainId, EMAIL_KINDS.received, orders[0]!.id);
  await enqueueOutboxMessage(trx, {
    orderId: mainId,
    kind,
    payload: { auto, amountCents, orderIds: orders.map((order) => order.id) },
    now,
  });
  // The seller decides a request the guarantee does not settle by itself.
  if (!auto) await queuePushEvent(trx, { type: 'refund_asked', amountCents }, { orderId: mainId, key: `refund_asked:${kind}`, now });
}

/** "Sobre o seu pedido de reembolso": the seller's reason, once for every request declined together. */
export async function queueDeclinedEmail(
  trx: Transaction<Database>,
  input: { mainId: string; orders: readonly OrderRow[]; amountCents: number; now: number },
): Promise<void> {
  const { mainId, orders, amountCents, now } = input;
  const kind = await purchaseEmailKind(trx, mainId, EMAIL_KINDS.declined, orders[0]!.id);
  await enqueueOutboxMessage(trx, { orderId: mainId, kind, payload: { amountCents, orderIds: orders.map((o) => o.id) }, now });
}

/** One refund e-mail per batch of money that went back, sent once nothing of the purchase is still on its way back. */
export async function queueDoneEmail(trx: Transaction<Database>, orderId: string, now: number): Promise<void> {
  const purchase = await loadPurchase(trx, orderId);
  if (!purchase) return;
  const inFlight = chargesOf(purchase).some(
    (order) => order.status === 'paid' && refundsOf(purchase, order.id).some((row) => row.status === 'approved'),
  );
  if (inFlight) return;
  const mainId = purchase.main.id;
  const sent = await outboxPayloadsOf(trx, mainId, EMAIL_KINDS.done);
  const told = sent.reduce((sum: number, payload) => sum + (emailPayload(payload).amountCents ?? 0), 0);
  const given = chargesOf(purchase).reduce((sum, order) => {
    // A part the seller gave back at the provider tied to no item was never told to the buyer here, nor what the MED took.
    if (order.status === 'reversed' && refundsOf(purchase, order.id).length > 0)
      return sum + Math.max(0, Number(order.amount_cents) - untiedRefundCents(purchase, order.id) - medReturnOf(purchase, order).cents);
    return sum + refundedPartCents(purchase, order.id);
  }, 0);
  const amountCents = given - told;
  if (amountCents <= 0) return;
  const kind = await purchaseEmailKind(trx, mainId, EMAIL_KINDS.done, orderId);
  await enqueueOutboxMessage(trx, { orderId: mainId, kind, payload: { amountCents, orderId }, now });
}

/** What a refund e-mail's outbox row carries; rows queued before the ledger carry none of it. */
const RefundEmailPayloadSchema = z.object({
  auto: z.boolean().optional(),
  amountCents: z.number().int().positive().optional(),
  orderId: z.string().optional(),
  orderIds: z.array(z.string()).optional(),
});

function emailPayload(payload: unknown): z.infer<typeof RefundEmailPayloadSchema> {
  return RefundEmailPayloadSchema.safeParse(payload).data ?? {};
}

export async function renderRefundOutboxEmail(
  deps: { db: Kysely<Database>; config: Pick<Config, 'mail' | 'demoMode'>; publicUrl: () => string },
  row: OutboxMessage,
): Promise<MailMessage> {
  const purchase = await loadPurchase(deps.db, row.orderId);
  const order = purchase?.main;
  const payload = emailPayload(row.payload);
  const named = payload.orderId ?? payload.orderIds?.[0];
  const latestOf = (orderId: string) =>
    [...(purchase?.refunds.get(orderId) ?? [])].sort((a, b) => Number(b.updated_at) - Number(a.updated_at))[0];
  const refund = latestOf(named ?? row.orderId) ?? latestOf(row.orderId) ?? (purchase && latestRefund(purchase));
  if (!purchase || !order || !refund || !order.buyer_email)
    throw new UndeliverableMessageError(`refund e-mail for ${row.orderId}: order or refund gone`);
  // Rows queued before the purchase ledger carry no amount: their order's own.
  const amountCents = payload.amountCents ?? Number(order.amount_cents);
  const chargeOfRefund = refund.order_id;
  const wholeDuplicate = (purchase.items.get(chargeOfRefund) ?? []).every(
    (item) => refundOf(purchase, chargeOfRefund, item.key)?.origin === 'duplicate',
  );
  const kind = emailKindOf(row, refund, wholeDuplicate);
  const keptItems =
    kind === 'done' || kind === 'done_duplicate_part'
      ? ledgerOf(purchase, { guaranteeDays: 0 })
          .items.filter((item) => item.state === 'open')
          .map((item) => item.title)
      : [];
  const email = renderRefundEmail({
    kind: kind === 'done' && keptItems.length > 0 ? 'done_part' : kind,
    buyerName: order.buyer_name,
    amountCents,
    requestedAt: Number(refund.requested_at),
    ...(refund.decline_reason ? { declineReason: refund.decline_reason } : {}),
    ...(keptItems.length > 0 ? { keptItems } : {}),
    recoverUrl: `${deps.publicUrl().replace(/\/+$/, '')}${paths.access}`,
    supportEmail: deps.config.mail.supportEmail,
    productName: await productNameOf(deps.db, order.id),
    demoMode: deps.config.demoMode,
  });
  const localPart = `${row.kind}-${row.orderId}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 180);
  return { to: order.buyer_email, ...email, messageId: `<${localPart}@vitrine>` };
}

function emailKindOf(row: OutboxMessage, refund: RefundRow, wholeDuplicate: boolean): RefundEmailKind {
  const base = row.kind.split(':')[0];
  if (base === EMAIL_KINDS.declined) return 'declined';
  if (base === EMAIL_KINDS.done) {
    if (refund.origin !== 'duplicate') return 'done';
    return wholeDuplicate ? 'done_duplicate' : 'done_duplicate_part';
  }
  return emailPayload(row.payload).auto === true ? 'received_auto' : 'received';
}

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

import type { Kysely } from 'kysely';
import { bankLink as bankLinkCopy } from '../../content/bank-link.ts';
import { normalizeEmail } from '../../shared/text.ts';
import { cleanAttribution, type Attribution } from '../../shared/attribution.ts';
import type { Dialect } from '../db/database.ts';
import type { Database, StoredOrderStatus } from '../db/schema.ts';
import type { RefundRow } from '../refunds/refunds-repository.ts';
import type { ReviewRow } from '../reviews/reviews-repository.ts';
import { deleteMailFilesOfOrders } from '../mail/mailer.ts';
import type { OrderEvent, OrderEvents } from '../orders/order-events.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import { cancelAtProvider } from '../payment/charge-cancellation.ts';
import { eraseBuyerLinks, listBuyerLinks } from '../open-finance/open-finance-links.ts';
import { retireOpenCharges, eraseBuyerRows, listOrdersOfEmail, purgeErasedBytes } from './buyer-data-repository.ts';
import { listAccessLinkDates } from '../access/access-service.ts';
import { listMemberPageOpenTalliesOfOrders, listMemberPageOpensOfOrders } from '../access/member-page-opens.ts';
import { listMessagesOfOrders } from '../outbox/outbox-queue.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { listEvidence } from '../evidence/delivery-record.ts';
import { findRefund } from '../refunds/refund-lookup.ts';
import { listMessagesOfOrder } from '../whatsapp/whatsapp-service.ts';
import { findReview } from '../reviews/review-lookup.ts';

/* The buyer's rights (LGPD art. 18): a copy of their data, and its deletion. */

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

export interface BuyerExport {
  email: string;
  /** Banks kept for Pix por biometria (docs/payments.md#jsr-the-add-on-in-one-tap). */
  bankLinks: Array<{ bank: string; state: string; createdAt: string | null; activeAt: string | null }>;
  orders: Array<{
    reference: string;
    status: StoredOrderStatus;
    name: string;
    email: string;
    phone: string;
    document: string | null;
    amountCents: number;
    createdAt: string | null;
    paidAt: string | null;
    accessLinks: Array<{ issuedAt: string | null; revokedAt: string | null }>;
    memberPageOpenedAt: Array<string | null>;
    /** Openings past the per-order cap, kept as a count per day and address (access/member-page-opens.ts). */
    memberPageOpeningsCounted: Array<{ openings: number; firstAt: string | null; lastAt: string | null }>;
    emails: Array<{ kind: string; queuedAt: string | null; sentAt: string | null }>;
    refund: {
      status: string;
      reason: string | null;
      note: string | null;
      requestedAt: string | null;
      decidedAt: string | null;
      declineReason: string | null;
      refundedAt: string | null;
    } | null;
    review: {
      status: string;
      rating: number;
      text: string;
      displayName: string;
      city: string | null;
      state: string | null;
      consentAt: string | null;
      createdAt: string | null;
      updatedAt: string | null;
      publishedAt: string | null;
    } | null;
    /** The delivery record kept for disputes: access e-mails accepted by the mail server, the refund's steps. */
    deliveryRecord: Array<{ at: string | null; kind: string; detail: string | null }>;
    attribution: Attribution;
    whatsapp: {
      consent: { at: string | null; text: string | null; version: string | null } | null;
      messages: Array<{ kind: string; status: string; createdAt: string | null; sentAt: string | null }>;
    };
    tracking: {
      consent: string | null;
      fbp: string | null;
      fbc: string | null;
      gaClientId: string | null;
      ipAddress: string | null;
      userAgent: string | null;
    };
  }>;
}

export async function exportBuyerData(db: Kysely<Database>, rawEmail: string): Promise<BuyerExport> {
  return (await collectBuyerData(db, rawEmail)).data;
}

/** The ids are for the console's audit and stay out of the file the buyer gets. */
export async function collectBuyerData(db: Kysely<Database>, rawEmail: string): Promise<{ data: BuyerExport; orderIds: string[] }> {
  const email = normalizeEmail(rawEmail);
  const orders = await listOrdersOfEmail(db, email);
  const ids = orders.map((order) => order.id);
  const [bankLinks, links, opens, tallies, emails, refunds, records, reviews, whatsapp] = await Promise.all([
    listBuyerLinks(db, email),
    listAccessLinkDates(db, ids),
    listMemberPageOpensOfOrders(db, ids),
    listMemberPageOpenTalliesOfOrders(db, ids),
    listMessagesOfOrders(db, ids),
    Promise.all(ids.map((id) => findRefund(db, id))),
    Promise.all(ids.map((id) => listEvidence(db, id))),
    Promise.all(ids.map((id) => findReview(db, id))),
    Promise.all(ids.map((id) => listMessagesOfOrder(db, id))),
  ]);
  const data: BuyerExport = {
    email,
    bankLinks: bankLinks.map((link) => ({
      bank: link.bank_name ?? bankLinkCopy.api.unnamedBank,
      state: link.state,
      createdAt: iso(link.created_at),
      activeAt: iso(link.active_at),
    })),
    orders: orders.map((order, index) => ({
      reference: order.public_ref,
      status: order.status,
      name: order.buyer_name,
      email: order.buyer_email,
      phone: order.buyer_phone,
      document: order.buyer_document,
      amountCents: Number(order.amount_cents),
      createdAt: iso(order.created_at),
      paidAt: iso(order.paid_at),
      // Links are stored only as hashes: their dates are all there is to show.
      accessLinks: links
        .filter((link) => link.order_id === order.id)
        .map((link) => ({ issuedAt: iso(link.created_at), revokedAt: iso(link.revoked_at) })),
      memberPageOpenedAt: opens.filter((open) => open.order_id === order.id).map((open) => iso(open.at)),
      memberPageOpeningsCounted: tallies
        .filter((tally) => tally.order_id === order.id)
        .map((tally) => ({ openings: Number(tally.openings), firstAt: iso(tally.first_at), lastAt: iso(tally.last_at) })),
      emails: emails
        .filter((mail) => mail.order_id === order.id)
        .map((mail) => ({ kind: mail.kind, queuedAt: iso(mail.created_at), sentAt: iso(mail.sent_at) })),
      refund: exportedRefund(refunds[index]),
      review: exportedReview(reviews[index]),
      deliveryRecord: (records[index] ?? []).map((record) => ({ at: iso(record.at), kind: record.kind, detail: record.detail })),
      whatsapp: {
        consent:
          order.whatsapp_consent_at === null
            ? null
            : { at: iso(order.whatsapp_consent_at), text: order.whatsapp_consent_text, version: order.whatsapp_consent_version },
        messages: (whatsapp[index] ?? []).map((message) => ({
          kind: message.kind,
          status: message.status,
          createdAt: iso(message.created_at),
          sentAt: iso(message.sent_at),
        })),
      },
      attribution: cleanAttribution(order),
      tracking: {
        consent: order.tracking_consent,
        fbp: order.fbp,
        fbc: order.fbc,
        gaClientId: order.ga_client_id,
        ipAddress: order.client_ip,
        userAgent: order.client_user_agent,
      },
    })),
  };
  return { data, orderIds: ids };
}

function exportedReview(review: ReviewRow | undefined): BuyerExport['orders'][number]['review'] {
  if (!review) return null;
  return {
    status: review.status,
    rating: review.rating,
    text: review.text,
    displayName: review.display_name,
    city: review.city,
    state: review.state,
    consentAt: iso(review.consent_at),
    createdAt: iso(review.created_at),
    updatedAt: iso(review.updated_at),
    publishedAt: iso(review.published_at),
  };
}

function exportedRefund(refund: RefundRow | undefined): BuyerExport['orders'][number]['refund'] {
  if (!refund) return null;
  return {
    status: refund.status,
    reason: refund.reason,
    note: refund.note,
    requestedAt: iso(refund.requested_at),
    decidedAt: iso(refund.decided_at),
    declineReason: refund.decline_reason,
    refundedAt: iso(refund.refunded_at),
  };
}

/**
 * The erasure: the buyer's fields emptied on every order of the address, and `erased` published for each order in
 * that transaction, so each feature deletes what it keeps of them (subscribers.ts: the links, the reviews, the
 * WhatsApp log, the e-mails still waiting…) and the seller's CRM hears of it (ids only). The buyer's open PIX are
 * retired, and cancelled at their provider with `orders`: nobody could be given what a later payment buys. One paid
 * anyway is refunded (payment-confirmation.ts), as the reconciler reads it until it expires. A JSR vínculo is
 * revoked at Efí and its id deleted (open-finance/open-finance-links.ts).
 */
export async function eraseBuyerData(
  db: Kysely<Database>,
  dialect: Dialect,
  rawEmail: string,
  options: { now: number; dataDir: string; events: OrderEvents; reviewsChanged?: () => void; orders?: OrdersDeps },
): Promise<string[]> {
  const { now, dataDir, events } = options;
  const email = normalizeEmail(rawEmail);
  // The address's files go first (a crash cannot orphan them) and again after, for one written meanwhile.
  await deleteMailFilesOfOrders(
    dataDir,
    (await listOrdersOfEmail(db, email)).map((order) => order.id),
  );
  await eraseBuyerLinks(options.orders, db, email);
  let retired: string[] = [];
  const erasedEvent = (orderId: string): OrderEvent => ({ type: 'erased', orderId, at: now, email });
  const ids = await db.transaction().execute(async (trx) => {
    retired = await retireOpenCharges(trx, email, now);
    const erased = await eraseBuyerRows(trx, email, now);
    for (const orderId of erased) await events.publish(trx, erasedEvent(orderId));
    return erased;
  });
  for (const orderId of ids) await events.committed(erasedEvent(orderId));
  const { orders } = options;
  if (orders) {
    await Promise.all(
      retired.map(async (orderId) => {
        const order = await findOrderById(db, orderId);
        if (order?.charge_id) await cancelAtProvider(orders, order);
      }),
    );
  }
  // One of their reviews may have been on the landing page, which re-reads its list (cheap) rather than ask reviews/.
  if (ids.length > 0) options.reviewsChanged?.();
  await deleteMailFilesOfOrders(dataDir, ids);
  await purgeErasedBytes(db, dialect);
  return ids;
}

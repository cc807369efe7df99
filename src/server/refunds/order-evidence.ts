import type { Kysely } from 'kysely';
import { admin as adminCopy } from '../../content/admin.ts';
import { refundReasonLabels } from '../../content/refunds.ts';
import { guaranteeEndsAt } from '../../shared/refunds.ts';
import { loadMemberPageOpenings } from '../access/member-page-opens.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { EvidenceEvent, OrderEvidence } from '../evidence/evidence.ts';
import { chargesOf, ledgerOf, wasPaid } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { productNameOf } from '../purchase/purchase-items.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { listEvidence } from '../evidence/delivery-record.ts';
import { findRefund } from './refund-lookup.ts';

/** One order's delivery record (docs/refunds.md#evidence) for the console's "Baixar comprovante". */
export async function loadOrderEvidence(
  db: Kysely<Database>,
  orderId: string,
  input: { config: Pick<Config, 'guaranteeDays' | 'mail' | 'storefront'>; publicUrl: string; now: number },
): Promise<OrderEvidence | undefined> {
  const order = await findOrderById(db, orderId);
  const purchase = await loadPurchase(db, orderId);
  if (!order || !purchase) return undefined;
  const ledger = ledgerOf(purchase, input.config);
  const [records, openings, refund] = await Promise.all([
    listEvidence(db, orderId),
    loadMemberPageOpenings(db, orderId),
    findRefund(db, orderId),
  ]);
  const paidAt = order.paid_at === null ? null : Number(order.paid_at);
  const events: EvidenceEvent[] = [{ at: Number(order.created_at), kind: 'order_created', detail: null }];
  if (paidAt !== null) events.push({ at: paidAt, kind: 'paid', detail: order.charge_id });
  for (const record of records) {
    // The request's reason is told from the refund itself (label and the buyer's words).
    const detail =
      record.kind === 'refund_requested' && refund
        ? [refund.reason ? refundReasonLabels[refund.reason] : null, refund.note].filter(Boolean).join(' — ') || null
        : record.kind === 'refund_approved'
          ? null
          : record.detail;
    events.push({ at: record.at, kind: record.kind, detail });
  }
  for (const opening of openings.each) events.push({ at: opening.at, kind: 'member_page_opened', detail: opening.client });
  // Stable: equal times keep the order above (created → paid → records → openings).
  events.sort((a, b) => a.at - b.at);
  const { seller } = input.config.storefront;
  const expired = order.status === 'pending' && Number(order.expires_at) <= input.now;
  // Taken back by the buyer's bank (docs/disputes.md): "Devolvido pelo MED", not a refund the seller made.
  const status = expired ? 'expired' : order.status === 'reversed' && Number(order.med_returned_cents) > 0 ? 'med_returned' : order.status;
  return {
    generatedAt: input.now,
    productName: await productNameOf(db, order.id),
    seller: { ...seller, supportEmail: input.config.mail.supportEmail, siteUrl: input.publicUrl },
    order: {
      reference: order.public_ref,
      id: order.id,
      createdAt: Number(order.created_at),
      paidAt,
      amountCents: Number(order.amount_cents),
      transactionHash: order.charge_id,
      statusLabel: adminCopy.orders.status[status],
      pageVersion: order.offer_version === null ? null : Number(order.offer_version),
    },
    buyer: { name: order.buyer_name, email: order.buyer_email, phone: order.buyer_phone, document: order.buyer_document },
    guarantee: { days: input.config.guaranteeDays, endsAt: paidAt === null ? null : guaranteeEndsAt(paidAt, input.config.guaranteeDays) },
    purchase: {
      charges: chargesOf(purchase)
        .filter(wasPaid)
        .map((charge) => ({
          amountCents: Number(charge.amount_cents),
          items: (purchase.items.get(charge.id) ?? []).map((item) => item.title),
          transactionHash: charge.charge_id,
        })),
      paidCents: ledger.paidCents,
      refundedCents: ledger.refundedCents,
      owedCents: ledger.owedCents,
    },
    events,
    openings: {
      count: openings.count,
      addresses: openings.addresses,
      withoutAddress: openings.withoutAddress,
      firstAt: pickTime([openings.each[0]?.at, openings.beyond?.firstAt], Math.min),
      lastAt: pickTime([openings.each.at(-1)?.at, openings.beyond?.lastAt], Math.max),
      beyond: openings.beyond,
    },
  };
}

/** The earliest (Math.min) or latest (Math.max) of the times known. */
const pickTime = (times: Array<number | undefined>, pick: (...values: number[]) => number) => {
  const known = times.filter((time) => time !== undefined);
  return known.length === 0 ? null : pick(...known);
};

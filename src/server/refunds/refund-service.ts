import type { Kysely, Transaction } from 'kysely';
import { refundApi, refundReasonLabels } from '../../content/refunds.ts';
import { paths } from '../../shared/routes.ts';
import {
  guaranteeEndsAt,
  type GuaranteeView,
  type RefundOrigin,
  type RefundReason,
  type RefundRequestInput,
} from '../../shared/refunds.ts';
import { recordEvidence } from '../access/evidence-repository.ts';
import { revokeOrderTokens } from '../access/access-repository.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { findOrderById, setOrderStatus, type OrderRow } from '../orders/orders-repository.ts';
import { itemsOfOrder, productNameOf } from '../purchases/purchase-items.ts';
import type { OrderItem, OrderItemKey } from '../../shared/checkout.ts';
import type { OrderEvent, OrderEvents } from '../orders/order-events.ts';
import {
  chargesOf,
  ledgerOf,
  refundableItems,
  refundedPartCents,
  refundOf,
  refundsOf,
  sellerScope,
  unaskedItems,
  unrefundedItems,
  type PurchaseRecord,
} from '../purchases/purchase-ledger.ts';
import { loadPurchase } from '../purchases/purchase-repository.ts';
import { enqueueOutboxMessage, outboxPayloadsOf, type OutboxMessage } from '../outbox/outbox-repository.ts';
import { z } from 'zod';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { renderRefundEmail, type RefundEmailKind } from './refund-emails.ts';
import {
  approveRefund,
  declineRefund,
  findRefunds,
  insertDoneRefund,
  insertRefundRequest,
  markRefundDone,
  reopenDeclinedRefunds,
  retryGatewayRefund,
  type RefundRow,
} from './refunds-repository.ts';
import { gatewayRefundKind } from './gateway-refund.ts';

/** The guarantee made real (docs/refunds.md). */
export type RefundsConfig = Pick<Config, 'guaranteeDays' | 'refundMode' | 'gatewayRefunds'>;

export interface RefundsDeps {
  db: Kysely<Database>;
  config: RefundsConfig & Pick<Config, 'mail'>;
  /** Sends what a decision queued now rather than at the outbox's next poll. */
  runOutbox: () => void;
}

const EMAIL_KINDS = {
  received: 'refund_received',
  declined: 'refund_declined',
  done: 'refund_done',
} as const;

/** The whole purchase's guarantee: open while a paid item is in its own window with nothing asked; ends at the latest such window. */
export function describeGuarantee(purchase: PurchaseRecord, config: RefundsConfig, now: number): GuaranteeView {
  const days = config.guaranteeDays;
  const due = refundableItems(purchase, config, now);
  const main = purchase.main;
  const ends = due.map(({ order }) => guaranteeEndsAt(Number(order.paid_at), days));
  const endsAt = ends.length > 0 ? Math.max(...ends) : guaranteeEndsAt(Number(main.paid_at ?? now), days);
  const refund = latestRefund(purchase);
  const items = ledgerOf(purchase, config).items.flatMap((item) =>
    item.state === 'unpaid' || item.guaranteeEndsAt === null
      ? []
      : [{ title: item.title, state: item.state, endsAt: item.guaranteeEndsAt, windowOpen: now < item.guaranteeEndsAt }],
  );
  return {
    days,
    endsAt,
    canRequest: due.length > 0,
    request: refund ? { requestedAt: Number(refund.requested_at), status: refund.status, declineReason: refund.decline_reason } : null,
    items,
  };
}

/** The purchase's refund the buyer follows: the latest one they or the seller started (a duplicate's is the shop's own). */
function latestRefund(purchase: PurchaseRecord): RefundRow | undefined {
  const rows = chargesOf(purchase)
    .flatMap((order) => refundsOf(purchase, order.id))
    .filter((row) => row.origin !== 'duplicate');
  return rows.sort((a, b) => Number(b.requested_at) - Number(a.requested_at))[0];
}

export async function loadGuarantee(
  deps: Pick<RefundsDeps, 'db' | 'config'>,
  orderId: string,
  now: number,
): Promise<GuaranteeView | undefined> {
  const purchase = await loadPurchase(deps.db, orderId);
  return purchase ? describeGuarantee(purchase, deps.config, now) : undefined;
}

export type RefundRequestResult = { kind: 'ok'; guarantee: GuaranteeView } | { kind: 'refused'; status: 409 | 422; message: string };

function reasonText(reason: RefundReason | null, note: string | null): string {
  return [reason ? refundReasonLabels[reason] : null, note].filter(Boolean).join(' — ');
}

/** The outbox kind of a purchase's e-mail: the first of its kind plain, a later one named after its charge. */
async function purchaseEmailKind(trx: Transaction<Database>, mainId: string, kind: string, chargeId: string): Promise<string> {
  const taken = await outboxPayloadsOf(trx, mainId, kind);
  return taken.length > 0 ? `${kind}:${chargeId}` : kind;
}

const priceOf = (items: readonly Pick<OrderItem, 'priceCents'>[]) => items.reduce((sum, item) => sum + item.priceCents, 0);

/** These items are the whole charge, with no refund of any of them before: the gateway can give the transaction back. */
function isWholeCharge(purchase: PurchaseRecord, orderId: string, keys: readonly OrderItemKey[]): boolean {
  const items = purchase.items.get(orderId) ?? [];
  const approvedBefore = refundsOf(purchase, orderId).some((row) => row.status === 'approved' || row.status === 'refunded');
  return !approvedBefore && items.length > 0 && items.every((item) => keys.includes(item.key));
}

/** The buyer's "Pedir reembolso" (docs/money.md#refunds): every paid item still inside its own window, in one transaction. */
export async function requestRefund(
  deps: RefundsDeps,
  orderId: string,
  input: RefundRequestInput,
  now: number,
): Promise<RefundRequestResult> {
  const { config } = deps;
  const reason = input.reason ?? null;
  const note = input.note ? input.note : null;
  const auto = config.refundMode === 'auto';
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const purchase = await loadPurchase(trx, orderId);
    if (!purchase || !chargesOf(purchase).some((order) => order.status === 'paid')) return 'not_paid' as const;
    const due = refundableItems(purchase, config, now);
    if (due.length === 0) {
      const unasked = chargesOf(purchase).some((order) => order.status === 'paid' && unaskedItems(purchase, order.id, false).length > 0);
      return unasked ? ('window_closed' as const) : ('already' as const);
    }
    const asked: OrderRow[] = [];
    let amountCents = 0;
    for (const { order, items } of due) {
      const whole = isWholeCharge(
        purchase,
        order.id,
        items.map((item) => item.key),
      );
      const keys = await insertRefundRequest(trx, {
        orderId: order.id,
        items,
        reason,
        note,
        now,
        autoApprove: auto,
        gateway: config.gatewayRefunds && whole,
      });
      if (keys.length === 0) continue;
      asked.push(order);
      amountCents += priceOf(items.filter((item) => keys.includes(item.key)));
      await recordEvidence(trx, { orderId: order.id, at: now, kind: 'refund_requested', detail: reasonText(reason, note) || null });
      if (auto) await approved(trx, deps, order.id, { by: 'auto', attempt: 0, now, partial: !whole });
    }
    if (asked.length === 0) return 'already' as const;
    await closeAddonOffer(trx, purchase, now);
    const kind = await purchaseEmailKind(trx, purchase.main.id, EMAIL_KINDS.received, asked[0]!.id);
    await enqueueOutboxMessage(trx, {
      orderId: purchase.main.id,
      kind,
      payload: { auto, amountCents, orderIds: asked.map((order) => order.id) },
      now,
    });
    return 'ok' as const;
  });
  if (outcome === 'not_paid') return { kind: 'refused', status: 422, message: refundApi.notPaid };
  if (outcome === 'window_closed')
    return { kind: 'refused', status: 422, message: refundApi.windowClosed(config.guaranteeDays, config.mail.supportEmail) };
  if (outcome === 'already') return { kind: 'refused', status: 409, message: refundApi.alreadyRequested };
  deps.runOutbox();
  const guarantee = await loadGuarantee(deps, orderId, now);
  return guarantee ? { kind: 'ok', guarantee } : { kind: 'refused', status: 422, message: refundApi.notPaid };
}

/** A refund request closes the add-on offer (docs/money.md#invariants); if paid anyway, it is refunded with the rest. */
async function closeAddonOffer(trx: Transaction<Database>, purchase: PurchaseRecord, now: number): Promise<void> {
  for (const addon of purchase.addons) {
    if (addon.status === 'pending' || addon.status === 'creating') {
      await setOrderStatus(trx, addon.id, ['pending', 'creating'], 'failed', now);
    }
  }
}

/** What an approval sets going, in its transaction: the record, and the gateway call when refunds go through it. */
async function approved(
  trx: Transaction<Database>,
  deps: { config: RefundsConfig },
  orderId: string,
  input: { by: 'seller' | 'auto'; attempt: number; now: number; partial?: boolean },
): Promise<void> {
  await recordEvidence(trx, { orderId, at: input.now, kind: 'refund_approved', detail: input.by === 'auto' ? 'auto' : 'seller' });
  // The gateway refunds a whole transaction: part of one is refunded by hand.
  if (deps.config.gatewayRefunds && !input.partial) {
    await enqueueOutboxMessage(trx, { orderId, kind: gatewayRefundKind(input.attempt), payload: {}, now: input.now });
  }
}

export type SellerRefundResult = 'ok' | 'not_found' | 'not_paid' | 'in_progress';

/** "Reembolsar": approves every paid item of the purchase not given back yet; with GATEWAY_REFUNDS=1 queues each whole charge's call (again after a failure). */
export async function startRefund(deps: RefundsDeps, orderId: string, now: number): Promise<SellerRefundResult> {
  const result = await deps.db.transaction().execute(async (trx): Promise<SellerRefundResult> => {
    const purchase = await loadPurchase(trx, orderId);
    if (!purchase) return 'not_found';
    const paid = sellerScope(purchase, orderId).filter(
      (order) => order.status === 'paid' && unrefundedItems(purchase, order.id).length > 0,
    );
    if (paid.length === 0) return 'not_paid';
    let changed = false;
    for (const order of paid) {
      const items = unrefundedItems(purchase, order.id).filter((item) => {
        const status = refundOf(purchase, order.id, item.key)?.status;
        return status === undefined || status === 'requested' || status === 'declined';
      });
      const whole = isWholeCharge(
        purchase,
        order.id,
        items.map((item) => item.key),
      );
      const gateway = deps.config.gatewayRefunds && whole;
      const rows = await approveRefund(trx, { orderId: order.id, items, origin: 'seller', by: 'seller', gateway, now });
      if (rows.length > 0) {
        const attempt = Math.max(...rows.map((row) => Number(row.attempt)));
        await approved(trx, deps, order.id, { by: 'seller', attempt, now, partial: !whole });
        changed = true;
        continue;
      }
      if (!deps.config.gatewayRefunds || !isWholeApproved(purchase, order.id)) continue;
      const attempt = await retryGatewayRefund(trx, order.id, now);
      if (attempt === undefined) continue;
      await enqueueOutboxMessage(trx, { orderId: order.id, kind: gatewayRefundKind(attempt), payload: {}, now });
      changed = true;
    }
    return changed ? 'ok' : 'in_progress';
  });
  if (result === 'ok') deps.runOutbox();
  return result;
}

/** Every item of the charge approved, none given back: the gateway may (again) refund the whole transaction. */
function isWholeApproved(purchase: PurchaseRecord, orderId: string): boolean {
  const items = purchase.items.get(orderId) ?? [];
  return items.length > 0 && items.every((item) => refundOf(purchase, orderId, item.key)?.status === 'approved');
}

/** A charge and the items "Marcar como reembolsado" settles. */
export interface ManualCharge {
  orderId: string;
  items: readonly OrderItemKey[];
}

/**
 * "Marcar como reembolsado": refused while the gateway is refunding one of the charges (that would refund twice).
 * Returns the charges whose settled items are only part of what the order still holds.
 */
export async function approveManualRefunds(
  db: Kysely<Database>,
  charges: readonly ManualCharge[],
  now: number,
): Promise<{ part: Set<string> } | 'gateway_in_flight'> {
  return db.transaction().execute(async (trx) => {
    const rows = await findRefunds(
      trx,
      charges.map((charge) => charge.orderId),
    );
    if (rows.some((row) => row.status === 'approved' && (row.gateway_state === 'calling' || row.gateway_state === 'pending')))
      return 'gateway_in_flight' as const;
    const part = new Set<string>();
    for (const charge of charges) {
      const purchase = await loadPurchase(trx, charge.orderId);
      if (!purchase) continue;
      const left = unrefundedItems(purchase, charge.orderId);
      if (left.some((item) => !charge.items.includes(item.key))) part.add(charge.orderId);
      const items = left.filter((item) => charge.items.includes(item.key));
      const approvedRows = await approveRefund(trx, {
        orderId: charge.orderId,
        items,
        origin: 'seller',
        by: 'seller',
        gateway: false,
        now,
      });
      if (approvedRows.length > 0)
        await recordEvidence(trx, { orderId: charge.orderId, at: now, kind: 'refund_approved', detail: 'seller' });
    }
    return { part };
  });
}

/** Some items of a charge went back by hand (a duplicate's repeated item, a part refund): their refund is done, the order stays paid. */
export async function finishPartialRefund(
  deps: { db: Kysely<Database>; events: OrderEvents },
  orderId: string,
  keys: readonly OrderItemKey[],
  now: number,
): Promise<void> {
  const published: OrderEvent[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const done = await markRefundDone(trx, orderId, now, keys);
    if (done.length === 0) return;
    await recordEvidence(trx, { orderId, at: now, kind: 'refunded', detail: null });
    await queueDoneEmail(trx, orderId, now);
    const order = await findOrderById(trx, orderId);
    if (!order) return;
    const event: OrderEvent = {
      type: 'part_refunded',
      order,
      at: now,
      refund: { amountCents: done.reduce((sum, row) => sum + Number(row.amount_cents), 0), items: done.map((row) => row.item) },
    };
    await deps.events.publish(trx, event);
    published.push(event);
  });
  for (const event of published) await deps.events.committed(event);
}

export type DeclineResult = 'ok' | 'not_found' | 'not_requested';

/** "Recusar": every request of the purchase still waiting; the buyer is e-mailed the reason once. */
export async function declineRefundRequest(deps: RefundsDeps, orderId: string, reason: string, now: number): Promise<DeclineResult> {
  const declined = await deps.db.transaction().execute(async (trx) => {
    const purchase = await loadPurchase(trx, orderId);
    if (!purchase) return 'not_found' as const;
    const done: OrderRow[] = [];
    let amountCents = 0;
    for (const order of chargesOf(purchase)) {
      const waiting = refundsOf(purchase, order.id).filter((row) => row.status === 'requested');
      if ((await declineRefund(trx, order.id, reason, now)) === 0) continue;
      done.push(order);
      amountCents += waiting.reduce((sum, row) => sum + Number(row.amount_cents), 0);
      await recordEvidence(trx, { orderId: order.id, at: now, kind: 'refund_declined', detail: reason });
    }
    if (done.length === 0) return 'not_requested' as const;
    const kind = await purchaseEmailKind(trx, purchase.main.id, EMAIL_KINDS.declined, done[0]!.id);
    await enqueueOutboxMessage(trx, { orderId: purchase.main.id, kind, payload: { amountCents, orderIds: done.map((o) => o.id) }, now });
    return 'ok' as const;
  });
  if (declined === 'ok') deps.runOutbox();
  return declined;
}

/** One refund e-mail per batch of money that went back, sent once nothing of the purchase is still on its way back. */
async function queueDoneEmail(trx: Transaction<Database>, orderId: string, now: number): Promise<void> {
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
    if (order.status === 'reversed' && refundsOf(purchase, order.id).length > 0) return sum + Number(order.amount_cents);
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

/** The order's money went back: every link dies, and the buyer is told unless it was a chargeback nobody asked for. */
export async function endRefund(trx: Transaction<Database>, order: OrderRow, at: number, markedBySeller: boolean): Promise<void> {
  await revokeOrderTokens(trx, order.id, at);
  const finished = await markRefundDone(trx, order.id, at);
  if (finished.length === 0 && markedBySeller) {
    const purchase = await loadPurchase(trx, order.id);
    if (purchase) await insertDoneRefund(trx, order.id, unaskedItems(purchase, order.id, false), at);
  }
  const isRefund = finished.length > 0 || markedBySeller;
  await recordEvidence(trx, { orderId: order.id, at, kind: isRefund ? 'refunded' : 'access_revoked', detail: null });
  if (isRefund) await queueDoneEmail(trx, order.id, at);
}

/** Closed at its provider unpaid: it can no longer be paid, so an add-on paid before it has nothing to be delivered with. */
function neverPaid(main: OrderRow): boolean {
  return main.status === 'failed' && main.provider_closed_at !== null && main.paid_at === null;
}

/**
 * A re-checkout's add-on paid before its main order, whose PIX then expired unpaid (docs/money.md#one-payable-pix):
 * the add-on goes back whole, approved at once.
 */
export async function refundAddonsOfUnpaidMain(
  trx: Transaction<Database>,
  config: RefundsConfig,
  orderId: string,
  at: number,
): Promise<void> {
  const purchase = await loadPurchase(trx, orderId);
  if (!purchase || purchase.main.id !== orderId || !neverPaid(purchase.main)) return;
  for (const addon of purchase.addons) {
    if (addon.status === 'paid') await refundAddonOfRefundedPurchase(trx, config, addon, at);
  }
}

/** A paid charge always ends delivered or refunded (docs/money.md#invariants): a late add-on goes back with its purchase. */
export async function refundAddonOfRefundedPurchase(
  trx: Transaction<Database>,
  config: RefundsConfig,
  order: OrderRow,
  at: number,
): Promise<void> {
  if (order.kind !== 'addon' || !order.parent_order_id) return;
  const purchase = await loadPurchase(trx, order.id);
  if (!purchase) return;
  const parentRefunds = refundsOf(purchase, purchase.main.id).filter((row) => row.status !== 'declined');
  const parentGone = purchase.main.status === 'reversed' || parentRefunds.length > 0 || neverPaid(purchase.main);
  if (!parentGone) return;
  const asked = parentRefunds.find((row) => row.status === 'requested');
  const items = unaskedItems(purchase, order.id, false);
  const whole = isWholeCharge(
    purchase,
    order.id,
    items.map((item) => item.key),
  );
  const keys = await insertRefundRequest(trx, {
    orderId: order.id,
    items,
    reason: asked?.reason ?? parentRefunds[0]?.reason ?? null,
    note: null,
    now: at,
    autoApprove: !asked,
    gateway: config.gatewayRefunds && whole,
  });
  if (keys.length === 0) return;
  await recordEvidence(trx, { orderId: order.id, at, kind: 'refund_requested', detail: null });
  if (!asked) await approved(trx, { config }, order.id, { by: 'auto', attempt: 0, now: at, partial: !whole });
}

/**
 * A main order reversed at the provider (a refund in its panel, a chargeback, a MED) takes its paid add-ons with it
 * (docs/money.md#invariants): each gets a refund, approved at once in auto mode, else listed for the seller.
 */
export async function refundAddonsOfReversedMain(
  trx: Transaction<Database>,
  config: RefundsConfig,
  order: OrderRow,
  at: number,
): Promise<void> {
  if (order.kind !== 'main') return;
  const purchase = await loadPurchase(trx, order.id);
  if (!purchase) return;
  const auto = config.refundMode === 'auto';
  for (const addon of purchase.addons) {
    if (addon.status !== 'paid') continue;
    const fresh = unaskedItems(purchase, addon.id, true);
    if (fresh.length === 0) continue;
    const whole = isWholeCharge(
      purchase,
      addon.id,
      fresh.map((item) => item.key),
    );
    if (auto) {
      await approveAtOnce(trx, config, addon.id, fresh, whole, 'reversal', at);
      continue;
    }
    const reopened = await reopenDeclinedRefunds(trx, addon.id, at);
    const keys = await insertRefundRequest(trx, {
      orderId: addon.id,
      items: fresh,
      origin: 'reversal',
      reason: null,
      note: null,
      now: at,
      autoApprove: false,
      gateway: false,
    });
    if (keys.length > 0 || reopened > 0) await recordEvidence(trx, { orderId: addon.id, at, kind: 'refund_requested', detail: null });
  }
}

/** Items already owned are refunded (docs/money.md#duplicates): the whole charge at the gateway if all were, else by hand. */
export async function refundOwnedItems(
  trx: Transaction<Database>,
  config: RefundsConfig,
  { order, original, at }: { order: OrderRow; original: OrderRow; at: number },
): Promise<void> {
  const owned = await ownedItems(trx, order, original);
  if (owned.length === 0) return;
  const items = await itemsOfOrder(trx, order.id);
  const whole = items.every((item) => owned.includes(item.key));
  const rows = await approveRefund(trx, {
    orderId: order.id,
    items: items.filter((item) => owned.includes(item.key)),
    origin: 'duplicate',
    by: 'auto',
    gateway: config.gatewayRefunds && whole,
    now: at,
  });
  if (rows.length > 0) await approved(trx, { config }, order.id, { by: 'auto', attempt: 0, now: at, partial: !whole });
}

async function ownedItems(trx: Transaction<Database>, order: OrderRow, original: OrderRow): Promise<OrderItemKey[]> {
  const earlier = await loadPurchase(trx, original.id);
  if (!earlier) return [];
  const have = new Set(
    ledgerOf(earlier, { guaranteeDays: 0 })
      .items.filter((item) => item.orderId !== order.id && item.state !== 'unpaid' && item.state !== 'refunded')
      .map((item) => item.key),
  );
  return (await itemsOfOrder(trx, order.id)).map((item) => item.key).filter((key) => have.has(key));
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

/** The kinds of the buyer's refund e-mails; a purchase's later one of a kind is `{kind}:{order id}`. */
export const REFUND_EMAIL_KINDS: readonly string[] = Object.values(EMAIL_KINDS);

export function isRefundEmailKind(kind: string): boolean {
  return (Object.values(EMAIL_KINDS) as string[]).some((base) => kind === base || kind.startsWith(`${base}:`));
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

/** A payment nobody can be given (its buyer was erased) goes back whole: at the gateway where allowed, else listed. */
export async function refundUndeliverable(trx: Transaction<Database>, config: RefundsConfig, order: OrderRow, at: number): Promise<void> {
  const purchase = await loadPurchase(trx, order.id);
  if (!purchase) return;
  const items = unaskedItems(purchase, order.id, true);
  if (items.length === 0) return;
  const whole = isWholeCharge(
    purchase,
    order.id,
    items.map((item) => item.key),
  );
  await approveAtOnce(trx, config, order.id, items, whole, 'seller', at);
}

/** Approved with no one asked: at the gateway when the charge goes back whole and the settings allow, else listed. */
async function approveAtOnce(
  trx: Transaction<Database>,
  config: RefundsConfig,
  orderId: string,
  items: Parameters<typeof approveRefund>[1]['items'],
  whole: boolean,
  origin: RefundOrigin,
  at: number,
): Promise<void> {
  const rows = await approveRefund(trx, { orderId, items, origin, by: 'auto', gateway: config.gatewayRefunds && whole, now: at });
  if (rows.length > 0) await approved(trx, { config }, orderId, { by: 'auto', attempt: 0, now: at, partial: !whole });
}

import { secretsMatch } from '../config/secrets.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import { WebhookRejectedError, type ProviderEvent, type WebhookRequest } from '../gateway/pix-provider.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import { findOrderByCharge, type OrderRow } from '../orders/orders-repository.ts';
import { findDisputedOrder, findOrderById } from '../orders/order-lookup.ts';
import { claimPostbackRead, countStoredPostbacks, deferRecheck } from '../orders/postback-reads-repository.ts';
import { requestRecheck } from '../orders/reconciliation-repository.ts';
import {
  adoptHeldWebhooks,
  holdWebhook,
  recordUnrecognisedEvent,
  recordWebhookEvent,
  recordWebhookRejection,
} from '../orders/webhook-events-repository.ts';

/** A webhook lists a handful of charges; any beyond are read back by the reconciler anyway. */
const MAX_EVENTS = 10;

/** One provider read per order per window for an unsigned webhook: its token only proves someone saw the URL. */
export const POSTBACK_READ_INTERVAL_MS = 10_000;

/** Past this, a leaked token's webhooks are still read, not stored. */
const MAX_STORED_POSTBACKS = 20;

export type ProviderWebhookResult =
  | { kind: 'unknown_provider' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'deferred'; orderId: string }
  /** `payouts`: sends of the seller's a verified settlement webhook names, each to be read back (affiliates/payouts.ts). */
  | { kind: 'accepted'; orders: Array<{ order: OrderRow; hints: string[] }>; payouts: PayoutEvent[] };

type OrderEvent = Extract<ProviderEvent, { kind: 'order' }>;
export type PayoutEvent = Extract<ProviderEvent, { kind: 'payout' }>;

/** A webhook never settles money: it names charges to read back, each re-read stored first so the reconciler retries. */
export async function receiveProviderWebhook(
  deps: OrdersDeps,
  id: ProviderId,
  request: WebhookRequest,
  now: number,
): Promise<ProviderWebhookResult> {
  // A provider out of PAYMENT_PROVIDERS with its credentials set still has its charges read (payments.ts).
  const provider = deps.payments.get(id);
  if (!provider) return { kind: 'unknown_provider' };
  let events;
  try {
    events = await provider.parseWebhook(request);
  } catch (error) {
    if (!(error instanceof WebhookRejectedError)) throw error;
    // Counted where every instance's Saúde sees it: a wrong secret is otherwise noticed by nobody.
    await recordWebhookRejection(deps.db, id, error.reason, now);
    return { kind: 'rejected', reason: error.reason };
  }
  const orderEvent = events.find((event): event is OrderEvent => event.kind === 'order');
  // Unsigned: its unknown names count only once the order's token has checked out.
  if (orderEvent) return receiveOrderEvent(deps, id, orderEvent, events, now);
  await recordUnrecognised(deps, id, events, now);
  const orders = new Map<string, OrderRow>();
  for (const event of events.slice(0, MAX_EVENTS)) {
    if (event.kind !== 'charge' && event.kind !== 'refund') continue;
    const order =
      (await findOrderByCharge(deps.db, id, event.chargeId)) ??
      (event.kind === 'charge' ? await holdUntilCharged(deps, id, event.chargeId, now) : undefined);
    if (order && !orders.has(order.id)) {
      await requestRecheck(deps.db, order.id, now);
      orders.set(order.id, order);
    }
  }
  // A verified dispute event goes to disputes/ (docs/disputes.md); its charge is read back too.
  for (const event of events.slice(0, MAX_EVENTS)) {
    if (event.kind !== 'dispute') continue;
    const order = await findDisputedOrder(deps.db, id, event.dispute);
    if (!order) continue;
    await deps.events.committed({ type: 'dispute_seen', orderId: order.id, dispute: event.dispute, returned: null, at: now });
    if (orders.has(order.id)) continue;
    await requestRecheck(deps.db, order.id, now);
    orders.set(order.id, order);
  }
  const payouts = events.slice(0, MAX_EVENTS).filter((event): event is PayoutEvent => event.kind === 'payout');
  return { kind: 'accepted', orders: [...orders.values()].map((order) => ({ order, hints: [] })), payouts };
}

/** Paid before its create answered: kept for recordCharge to apply, then looked up again in case a create answered meanwhile. */
async function holdUntilCharged(deps: OrdersDeps, id: ProviderId, chargeId: string, now: number): Promise<OrderRow | undefined> {
  if (!(await holdWebhook(deps.db, { provider: id, chargeId, now }))) return undefined;
  const order = await findOrderByCharge(deps.db, id, chargeId);
  if (order) await adoptHeldWebhooks(deps.db, id, [chargeId], order.id);
  return order;
}

/** A verified event of a name no reader knows (docs/payments.md#unrecognised-events). */
async function recordUnrecognised(deps: OrdersDeps, id: ProviderId, events: ProviderEvent[], now: number): Promise<void> {
  for (const event of events.slice(0, MAX_EVENTS)) {
    if (event.kind === 'unrecognised') await recordUnrecognisedEvent(deps.db, id, event.name, now);
  }
}

/** Unsigned (docs/gateway.md#6-postbacks): nothing stored for a token of no order; one read per order per window. */
async function receiveOrderEvent(
  deps: OrdersDeps,
  id: ProviderId,
  event: OrderEvent,
  events: ProviderEvent[],
  now: number,
): Promise<ProviderWebhookResult> {
  const { db } = deps;
  const [orderId = '', secret = ''] = event.orderToken.split('.', 2);
  const order = orderId ? await findOrderById(db, orderId) : undefined;
  if (!order) return { kind: 'rejected', reason: 'unknown order' };
  if (!secret || !secretsMatch(secret, order.postback_secret)) {
    // A real order with the wrong secret: counted for Saúde as the other providers' failed signatures are.
    await recordWebhookRejection(db, id, 'postback secret', now);
    return { kind: 'rejected', reason: 'postback secret' };
  }
  await recordUnrecognised(deps, id, events, now);
  if (!(await claimPostbackRead(db, order.id, now, POSTBACK_READ_INTERVAL_MS))) {
    await deferRecheck(db, order.id, now, (order.postback_read_at ?? now) + POSTBACK_READ_INTERVAL_MS);
    return { kind: 'deferred', orderId: order.id };
  }
  const { contentType, body } = event.audit;
  if ((await countStoredPostbacks(db, order.id)) < MAX_STORED_POSTBACKS) {
    await recordWebhookEvent(db, { orderId: order.id, secretOk: true, contentType, body, candidateIds: event.chargeIds, now });
  }
  // Stored first: if the caller's re-read fails (or the process dies), the reconciler retries it.
  await requestRecheck(db, order.id, now);
  return { kind: 'accepted', orders: [{ order, hints: event.chargeIds }], payouts: [] };
}

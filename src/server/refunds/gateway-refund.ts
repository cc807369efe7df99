import type { Kysely, Transaction } from 'kysely';
import { refundGateway as copy } from '../../content/refunds.ts';
import type { ChargeRecord, PixProvider, ProviderId, RefundRecord } from '../gateway/pix-provider.ts';
import { GatewayError } from '../gateway/types.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import { reverseOrder } from '../orders/order-transitions.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import { MessageNotNeededError } from '../outbox/outbox-worker.ts';
import {
  claimGatewayCall,
  findRefunds,
  recordGatewayRefund,
  refuseGatewayCall,
  retryGatewayRefund,
  setGatewayState,
  type RefundRow,
} from './refunds-repository.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { openFinanceRefunder } from '../open-finance/open-finance-refunds.ts';
import { returnPixPaidDuringRefund } from '../open-finance/open-finance-twice.ts';
import { enqueueOutboxMessage, listOrderMessages, retryOutboxMessage } from '../outbox/outbox-queue.ts';
import { noteDispute } from '../payment/payment-confirmation.ts';
import { recordEvidence } from '../evidence/delivery-record.ts';
import { finishPartialRefund } from './refund-outcomes.ts';
import { untiedRefundedCents } from '../purchase/purchase-service.ts';
import type { OrderItem, OrderItemKey } from '../../shared/checkout.ts';
import type { Database } from '../db/schema.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';

/** Done only when a re-read says `refunded` (docs/refunds.md#at-the-gateway); `claimGatewayCall` prevents refunding twice. */
export const GATEWAY_REFUND_FAMILY = 'gateway_refund:';

/** One outbox row per attempt: the seller's "try again" after a failure is a new attempt. */
export function gatewayRefundKind(attempt: number): string {
  return `${GATEWAY_REFUND_FAMILY}${attempt}`;
}

/**
 * Queues the gateway call of the order's approved rows. A row of the same attempt already delivered (a duplicate's part
 * refunded before the seller's "Reembolsar" of the rest) is spent: the later approval is a movement of its own and gets
 * a row of its own; one still waiting asks the new rows too (after the movement on its way, if any).
 */
export async function queueGatewayRefund(
  trx: Kysely<Database> | Transaction<Database>,
  orderId: string,
  attempt: number,
  now: number,
): Promise<void> {
  const kind = gatewayRefundKind(attempt);
  if (await enqueueOutboxMessage(trx, { orderId, kind, payload: {}, now })) return;
  const spent = (await listOrderMessages(trx, orderId, [kind])).some((message) => message.sentAt !== null);
  if (spent) await enqueueOutboxMessage(trx, { orderId, kind: `${kind}.${now}`, payload: {}, now });
}

/** How long an accepted call may go unseen in the transaction before the seller is asked to look. */
export const REFUND_CONFIRM_WINDOW_MS = 30 * 60_000;

/** Thrown to read again later: the refund is under way (or its call's answer was lost). */
class RefundNotYetSeen extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundNotYetSeen';
  }
}

export function gatewayRefundHandler(deps: OrdersDeps): OutboxHandler {
  return {
    channel: 'gateway refund',
    async deliver(message, signal) {
      const now = () => deps.now?.() ?? Date.now();
      const [order, rows] = await Promise.all([findOrderById(deps.db, message.orderId), findRefunds(deps.db, [message.orderId])]);
      // The approved rows move together (the whole charge, or the part asked for), so any of a movement speaks for them. A
      // movement already asked of the provider ends first: rows approved after it was asked (the seller's "Reembolsar" while
      // a duplicate's part is on its way back) are a movement of their own, asked after it, for what the provider still holds.
      const movement = movementOf(rows);
      const refund = movement[0] ?? rows[0];
      if (!order || !refund) throw new MessageNotNeededError('order or refund gone');
      if (order.status === 'reversed') return {};
      if (refund.status !== 'approved' || order.status !== 'paid') throw new MessageNotNeededError(`refund is ${refund.status}`);
      if (refund.gateway_state === 'failed') throw new MessageNotNeededError('this attempt failed');
      if (!order.charge_id) {
        await setGatewayState(deps.db, order.id, 'failed', copy.noTransaction, now());
        return {};
      }
      signal.throwIfAborted();
      const bankApp = await openFinanceRefunder(deps, order.id);
      const provider = bankApp ?? deps.payments.get(order.provider);
      if (!provider) {
        await setGatewayState(deps.db, order.id, 'failed', copy.providerGone, now());
        return {};
      }
      const asked = askedOf(rows, movement, await itemsOfOrder(deps.db, order.id));
      await refundAtGateway({ ...deps, provider }, order, refund, asked, order.charge_id, now);
      if (bankApp) await afterBankAppRefund(deps, order.id, now());
      // That movement ended with rows approved after it still to ask: the next delivery asks them.
      if (movement.length < rows.filter((row) => row.status === 'approved').length && (await approvedLeft(deps, order.id)))
        throw new RefundNotYetSeen('refund approved while another was on its way; asked next');
      return {};
    },
  };
}

/**
 * The refund of a bank-app payment ended, done or refused (docs/payments.md#open-finance): a PIX the buyer paid while
 * it was on its way goes back now if the refund was done; if it was refused, the bank-app payment goes back as the
 * one paid twice, the PIX pays the order, and the refund is asked again, of the PIX, as a new attempt.
 */
async function afterBankAppRefund(deps: OrdersDeps, orderId: string, now: number): Promise<void> {
  if ((await returnPixPaidDuringRefund(deps, orderId)) !== 'bank') return;
  const attempt = await retryGatewayRefund(deps.db, orderId, now);
  if (attempt === undefined) return;
  deps.logger.info('Refund refused on the bank-app payment, which went back as paid twice: asked again of the PIX', { order: orderId });
  await enqueueOutboxMessage(deps.db, { orderId, kind: gatewayRefundKind(attempt), payload: {}, now });
}

/** The order's gateway refund still unsent (waiting, or parked after giving up) is delivered again now. */
export async function refundEnded(deps: Pick<OrdersDeps, 'db' | 'now'>, orderId: string): Promise<void> {
  const now = deps.now?.() ?? Date.now();
  for (const message of await listOrderMessages(deps.db, orderId, [GATEWAY_REFUND_FAMILY]))
    if (message.sentAt === null) await retryOutboxMessage(deps.db, message.id, now);
}

/** `rest` when the approved items are all the charge holds (it then reads reversed); else a part (docs/refunds.md#at-the-gateway). */
interface Asked {
  keys: OrderItemKey[];
  rest: boolean;
  partCents: number;
}

/** The approved rows one call asks for: those already asked of the provider while any is, else every approved one. */
function movementOf(rows: readonly RefundRow[]): RefundRow[] {
  const approved = rows.filter((row) => row.status === 'approved');
  const asked = approved.filter((row) => row.gateway_called_at !== null);
  return asked.length > 0 ? asked : approved;
}

/** Rows approved for the gateway and not asked yet, on an order still paid. */
async function approvedLeft(deps: OrdersDeps, orderId: string): Promise<boolean> {
  const [order, rows] = await Promise.all([findOrderById(deps.db, orderId), findRefunds(deps.db, [orderId])]);
  return (
    order?.status === 'paid' &&
    rows.some((row) => row.status === 'approved' && row.gateway_called_at === null && row.gateway_state !== 'failed')
  );
}

function askedOf(rows: readonly RefundRow[], movement: readonly RefundRow[], items: readonly OrderItem[]): Asked {
  const approved = movement;
  const given = (key: OrderItemKey) =>
    rows.some((row) => row.item === key && row.status === 'refunded') || movement.some((row) => row.item === key);
  // An order stored without its items (none should be) is refunded whole.
  const rest = items.every((item) => given(item.key));
  return {
    keys: approved.map((row) => row.item),
    rest,
    partCents: approved.reduce((sum, row) => sum + Number(row.amount_cents), 0),
  };
}

function leftAtProvider(charge: ChargeRecord, order: OrderRow, givenBackCents: number): number {
  const amount = charge.amountCents ?? order.amount_cents;
  return amount - Math.max(charge.refundedCents ?? 0, givenBackCents);
}

/** Whole-charge attempts keep their historic key; a part names its items, so a later part of the same charge is a refund of its own. */
function refundIdOf(order: OrderRow, refund: RefundRow, asked: Asked, whole: boolean): string {
  return whole ? `${order.id}.r${refund.attempt}` : `${order.id}.${asked.keys.join('-')}.r${refund.attempt}`;
}

async function refundAtGateway(deps: RefundDeps, order: OrderRow, refund: RefundRow, asked: Asked, hash: string, now: () => number) {
  const charge = await readBack(deps, order, hash, now);
  if (charge === 'refunded') return;
  if (refund.gateway_called_at !== null && refund.gateway_refund_id !== null) {
    // The provider took it and said it was in process: its refund tells how it ended, not the payment.
    await followRefund(deps, order, charge, refund.gateway_refund_id, asked, now);
    return;
  }
  const givenBack = await givenBackCents(deps, order);
  const whole = asked.rest && givenBack === 0;
  if (refund.gateway_called_at !== null && !asked.rest) {
    // A part leaves the charge paid, so no read shows it: the same call again, under the same key, answers that refund.
    await askPart(deps, order, charge, refund, asked, now);
    return;
  }
  if (refund.gateway_called_at !== null) {
    // This attempt already asked (maybe just before a crash): never ask twice; wait for the read.
    if (now() - Number(refund.gateway_called_at) < REFUND_CONFIRM_WINDOW_MS) throw new RefundNotYetSeen('refund asked for; not seen yet');
    await setGatewayState(deps.db, order.id, 'failed', copy.notSeen, now());
    return;
  }
  if (!(await claimGatewayCall(deps.db, order.id, now()))) throw new RefundNotYetSeen('another worker asked for the refund');
  await recordEvidence(deps.db, { orderId: order.id, at: now(), kind: 'refund_gateway', detail: hash });
  if (!asked.rest) {
    await askPart(deps, order, charge, refund, asked, now);
    return;
  }
  // The rest, keyed by the attempt where the provider takes a key: only what is left there after parts refunded before.
  const answer = await ask(
    deps,
    order,
    charge,
    { refundId: refundIdOf(order, refund, asked, whole), amountCents: leftAtProvider(charge, order, givenBack) },
    now,
  );
  if (!answer) return;
  if (answer.state === 'pending') {
    await recordGatewayRefund(deps.db, order.id, answer.refundId, now());
    throw new RefundNotYetSeen('refund in process at the provider');
  }
  if ((await readBack(deps, order, hash, now)) !== 'refunded') throw new RefundNotYetSeen('refund asked for; not seen yet');
}

/** One refund call; a definite refusal goes back to the seller (undefined), an uncertain failure throws for the next try. */
async function ask(
  deps: RefundDeps,
  order: OrderRow,
  charge: ChargeRecord,
  input: { refundId: string; amountCents: number },
  now: () => number,
): Promise<RefundRecord | undefined> {
  let answer: RefundRecord;
  try {
    answer = await deps.provider.refund(charge, input);
  } catch (error) {
    if (error instanceof GatewayError && !error.uncertain) {
      deps.logger.warn('Gateway refused the refund', { order: order.id, status: error.httpStatus ?? 'none' });
      await refuseGatewayCall(deps.db, order.id, error.message, now());
      return undefined;
    }
    // It may have gone through: the next try reads the transaction before anything else.
    throw error;
  }
  deps.logger.info('Refund asked for at the gateway', { order: order.id });
  return answer;
}

/** Part of a charge through the provider's part refund (capability `partialRefunds`): the items asked end refunded, the order paid. */
async function askPart(deps: RefundDeps, order: OrderRow, charge: ChargeRecord, refund: RefundRow, asked: Asked, now: () => number) {
  const answer = await ask(deps, order, charge, { refundId: refundIdOf(order, refund, asked, false), amountCents: asked.partCents }, now);
  if (!answer) return;
  if (answer.state === 'done') {
    await finishPartialRefund(deps, order.id, asked.keys, now());
    return;
  }
  if (answer.state === 'failed') {
    await refuseGatewayCall(deps.db, order.id, copy.refundFailed(answer.rawStatus ?? '?'), now());
    return;
  }
  await recordGatewayRefund(deps.db, order.id, answer.refundId, now());
  throw new RefundNotYetSeen('refund in process at the provider');
}

async function givenBackCents(deps: RefundDeps, order: OrderRow): Promise<number> {
  const rows = await findRefunds(deps.db, [order.id]);
  const items = rows.filter((row) => row.status === 'refunded').reduce((sum, row) => sum + Number(row.amount_cents), 0);
  return items + (await untiedRefundedCents(deps.db, order.id));
}

/** Reads the provider's refund back (`getRefund`) until it ends: done, the items are refunded; failed, it goes back to the seller. */
async function followRefund(deps: RefundDeps, order: OrderRow, charge: ChargeRecord, refundId: string, asked: Asked, now: () => number) {
  const record = await followRead(deps, order.provider, now, () => deps.provider.getRefund(charge, refundId));
  if (record.state === 'done') {
    if (!asked.rest) {
      await finishPartialRefund(deps, order.id, asked.keys, now());
      return;
    }
    if (await reverseOrder(deps, order.id, 'refunded', now()))
      deps.logger.info('Refund finished at the provider; access ended', { order: order.id });
    return;
  }
  if (record.state === 'failed') {
    await refuseGatewayCall(deps.db, order.id, copy.refundFailed(record.rawStatus ?? '?'), now());
    return;
  }
  await setGatewayState(deps.db, order.id, 'pending', null, now());
  throw new RefundNotYetSeen('refund in process at the provider');
}

/**
 * Following a refund is a background read like the reconciler's (docs/payments.md#loud): its failure shows in Saúde, and a
 * provider that asked to wait is not asked (the outbox retries later).
 */
async function followRead<T>(deps: RefundDeps, providerId: ProviderId, now: () => number, read: () => Promise<T>): Promise<T> {
  if ((await deps.backgroundReads?.pausedUntil(providerId, now())) != null) throw new RefundNotYetSeen('the provider asked to wait');
  const pass = deps.backgroundReads?.pass(providerId, 'refunds');
  try {
    const record = await read();
    pass?.tally.answered();
    return record;
  } catch (error) {
    pass?.tally.failed(error);
    throw error;
  } finally {
    await pass?.record(now());
  }
}

type RefundDeps = OrdersDeps & { provider: Pick<PixProvider, 'getCharge' | 'refund' | 'getRefund'> };

async function readBack(deps: RefundDeps, order: OrderRow, hash: string, now: () => number): Promise<'refunded' | ChargeRecord> {
  const record = await followRead(deps, order.provider, now, () => deps.provider.getCharge(hash));
  // The read before a refund is a read like the reconciler's: a dispute it shows is recorded, not only refused on.
  if (record.dispute || (record.disputeReturnedCents ?? 0) > 0) await noteDispute(deps, order, record, now());
  if (record.state === 'reversed') {
    if (await reverseOrder(deps, order.id, 'refunded', now()))
      deps.logger.info('Refund confirmed by the gateway; access ended', { order: order.id });
    return 'refunded';
  }
  if (record.state === 'refunding') {
    await setGatewayState(deps.db, order.id, 'pending', null, now());
    throw new RefundNotYetSeen('pending_refund at the gateway');
  }
  if (record.state !== 'paid') {
    await setGatewayState(deps.db, order.id, 'failed', copy.notPaid(record.rawStatus ?? '?'), now());
    throw new MessageNotNeededError(`transaction is ${record.rawStatus ?? 'unknown'}`);
  }
  return record;
}

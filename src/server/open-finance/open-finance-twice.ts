import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { deleteUnsentMessages, enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import type { ClaimedMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError } from '../outbox/outbox-worker.ts';
import type { ChargeRecord, PixProvider, RefundRecord } from '../gateway/pix-provider.ts';
import { GatewayError } from '../gateway/types.ts';
import type { BankRail } from './open-finance-rails.ts';
import { isBankRailFailure, railOf } from './open-finance-rails.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { chargesOf, refundsOf } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { claimPixReturn, releasePixReturn } from '../orders/reversal-repository.ts';
import { claimOpenFinanceReturn, findOpenFinancePayment, findPaidOpenFinance } from './open-finance-repository.ts';

/** The buyer's e-mail that one of the two payments goes back (bank-returns/bank-return-email.ts), once per order. */
export const BANK_RETURN_KIND = 'bank_return';
/** The same when it is the PIX, paid after the purchase was refunded through the bank-app payment, that goes back. */
export const PIX_RETURN_KIND = 'pix_return';

/**
 * A return Efí (or Mercado Pago) refused or did not answer, asked again by the outbox with backoff; one row per bank
 * payment (`bank_return_retry:<payment id>`), shown on the console's order and, while it keeps failing, in Saúde.
 */
export const BANK_RETURN_RETRY_FAMILY = 'bank_return_retry:';
/** The same for the order's PIX (`pix_return_retry:<order id>`). */
export const PIX_RETURN_RETRY_FAMILY = 'pix_return_retry:';

/** Which of the two payments goes back: its retries' outbox family and the buyer's e-mail once it is made. */
export const PAYMENT_RETURNS = {
  bank: { retryFamily: BANK_RETURN_RETRY_FAMILY, emailKind: BANK_RETURN_KIND },
  pix: { retryFamily: PIX_RETURN_RETRY_FAMILY, emailKind: PIX_RETURN_KIND },
} as const;
export type ReturnWay = keyof typeof PAYMENT_RETURNS;

/** Long enough for a provider's passing fault to clear; the outbox doubles it from there. */
const FIRST_RETRY_MS = 30_000;

/**
 * A return claimed once (the decision stands whatever the provider answers): the claim and its retry, due after
 * FIRST_RETRY_MS, are written in one transaction, so a process killed before the provider answers still has the return
 * asked again. `attempt` asks for it now and resolves with the amount asked back; made, the retry is dropped (one left
 * by a crash reads the payment first and finds it made); refused or unanswered, the outbox asks again with backoff under
 * the way's family, keyed by `id`, until `retryReturn` makes it. The buyer's e-mail is queued once it is made.
 */
async function giveBackOnce(
  deps: OrdersDeps,
  way: ReturnWay,
  target: { orderId: string; id: string; payload: Record<string, unknown> },
  claim: (db: Kysely<Database>, now: number) => Promise<boolean>,
  attempt: () => Promise<number>,
): Promise<boolean> {
  const now = deps.now?.() ?? Date.now();
  const retry = `${PAYMENT_RETURNS[way].retryFamily}${target.id}`;
  const claimed = await deps.db.transaction().execute(async (trx) => {
    if (!(await claim(trx, now))) return false;
    await enqueueOutboxMessage(trx, {
      orderId: target.orderId,
      kind: retry,
      payload: target.payload,
      now,
      notBefore: now + FIRST_RETRY_MS,
    });
    return true;
  });
  if (!claimed) return false;
  let cents: number;
  try {
    cents = await attempt();
  } catch (error) {
    if (error instanceof MessageNotNeededError) {
      await deleteUnsentMessages(deps.db, target.orderId, { kinds: [retry], kindPrefixes: [] });
      return true;
    }
    if (!isBankRailFailure(error)) throw error;
    deps.logger.error('Payment made twice not returned; asked again later', { order: target.orderId, way, error: error.message });
    return true;
  }
  await deleteUnsentMessages(deps.db, target.orderId, { kinds: [retry], kindPrefixes: [] });
  await returnMade(deps, way, target.orderId, cents, now);
  return true;
}

async function returnMade(deps: OrdersDeps, way: ReturnWay, orderId: string, cents: number, now: number): Promise<void> {
  deps.logger.warn('Paid twice (PIX and Open Finance): one payment was returned', { order: orderId, way });
  await enqueueOutboxMessage(deps.db, { orderId, kind: PAYMENT_RETURNS[way].emailKind, payload: { amountCents: cents }, now });
}

/**
 * The Open Finance payment goes back (Efí's `…/devolver`, Mercado Pago's refund), claimed once; the order stays one sale,
 * paid by PIX. True when this call decided it: asked now, or, refused or unanswered, queued to be asked again.
 */
export async function returnBankPayment(deps: OrdersDeps, rail: BankRail, paymentId: string, cents: number, orderId: string) {
  return giveBackOnce(
    deps,
    'bank',
    { orderId, id: paymentId, payload: { paymentId, amountCents: cents } },
    (db, now) => claimOpenFinanceReturn(db, paymentId, now),
    async () => {
      await rail.giveBack(cents, 0);
      return cents;
    },
  );
}

const BankPayloadSchema = z.object({ paymentId: z.string().min(1), amountCents: z.number().int().positive() });

/**
 * One attempt of a queued return (the outbox retries it with backoff while it throws), either way. Never twice: what
 * went back of the payment is read first (`retryBankAttempt`, `retryPixAttempt`).
 */
export async function retryReturn(deps: OrdersDeps, way: ReturnWay, message: Pick<ClaimedMessage, 'orderId' | 'payload'>): Promise<void> {
  const cents = way === 'bank' ? await retryBankAttempt(deps, message.payload) : await retryPixAttempt(deps, message.orderId);
  await returnMade(deps, way, message.orderId, cents, deps.now?.() ?? Date.now());
}

/**
 * The bank payment is read first, and a devolução Efí holds (pending or done) is the one asked for; after one Efí
 * rejected, the next is asked under a key of its own (the attempt is the number of rejected ones), else under the same
 * key, which Efí answers with the devolução it already made.
 */
async function retryBankAttempt(deps: OrdersDeps, payload: unknown): Promise<number> {
  const parsed = BankPayloadSchema.safeParse(payload);
  const row = parsed.success ? await findOpenFinancePayment(deps.db, parsed.data.paymentId) : undefined;
  if (!parsed.success || !row) throw new MessageNotNeededError('bank payment gone');
  const rail = railOf(deps, row);
  if (!rail) throw new Error(`the provider of bank payment ${row.payment_id} is off`);
  const refunds = (await rail.read())?.refunds ?? [];
  if (!refunds.some((refund) => refund.state !== 'failed')) {
    await rail.giveBack(parsed.data.amountCents, refunds.length);
  }
  return parsed.data.amountCents;
}

/** What became of the second payment: the bank-app one asked back, the PIX, or left until the refund on its way ends. */
type SecondPayment = 'bank' | 'pix' | 'waiting' | null;

/**
 * The order's PIX read paid after it was paid in the bank's app (the cancel lost): one of the two goes back, once
 * (docs/payments.md#open-finance). The Open Finance payment, while the order is paid, or when the seller had already
 * given the money back by hand ("Marcar como reembolsado": nothing asked of the provider), since the provider then holds
 * both payments. The PIX, when the Open Finance payment already went back through a refund at its provider: the PIX is
 * then a payment for a purchase the buyer no longer has. While such a refund is on its way, the Open Finance payment is
 * not there to return: nothing is done until the refund ends (`returnPixPaidDuringRefund`).
 */
export async function returnIfPaidInBankAppToo(deps: OrdersDeps, orderId: string): Promise<SecondPayment> {
  const purchase = await loadPurchase(deps.db, orderId);
  const order = purchase ? chargesOf(purchase).find((charge) => charge.id === orderId) : undefined;
  const row = await findPaidOpenFinance(deps.db, orderId);
  if (!purchase || !order || !row) return null;
  const refunds = refundsOf(purchase, orderId);
  const onItsWay = (refund: (typeof refunds)[number]) =>
    refund.status === 'approved' && refund.gateway_called_at !== null && refund.gateway_state !== 'failed';
  if (refunds.some(onItsWay)) return 'waiting';
  const refunded = refunds.filter((refund) => refund.status === 'refunded');
  const reversedByRefund = order.status === 'reversed' && Number(order.med_returned_cents) === 0 && refunded.length > 0;
  if (reversedByRefund && refunded.some((refund) => refund.gateway_called_at !== null)) {
    await returnPix(deps, order);
    return 'pix';
  }
  const byHandOnly = reversedByRefund && refunded.every((refund) => refund.gateway_called_at === null);
  const rail = railOf(deps, row);
  if ((order.status !== 'paid' && !byHandOnly) || !rail) return null;
  return (await returnBankPayment(deps, rail, row.payment_id, row.amount_cents, orderId)) ? 'bank' : null;
}

/**
 * A refund of the Open Finance payment ended (done or refused at the provider): a PIX the buyer paid meanwhile, which
 * could not be settled while the refund was on its way, is settled now.
 */
export async function returnPixPaidDuringRefund(deps: OrdersDeps, orderId: string): Promise<SecondPayment> {
  const charge = await readPix(deps, await findOrderById(deps.db, orderId));
  if (charge?.state !== 'paid') return null;
  return returnIfPaidInBankAppToo(deps, orderId);
}

async function readPix(deps: OrdersDeps, order: OrderRow | undefined) {
  const provider = order ? deps.payments.get(order.provider) : undefined;
  if (!order?.charge_id || !provider) return undefined;
  try {
    return await provider.getCharge(order.charge_id);
  } catch (error) {
    deps.logger.warn('PIX of an order paid in the bank app not read', {
      order: order.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

/** The order's PIX goes back whole at its provider, claimed once (`orders.pix_returned_at`), asked again while refused. */
async function returnPix(deps: OrdersDeps, order: OrderRow): Promise<void> {
  if (!deps.payments.get(order.provider) || !order.charge_id) return;
  await giveBackOnce(
    deps,
    'pix',
    { orderId: order.id, id: order.id, payload: {} },
    (db, now) => claimPixReturn(db, order.id, now),
    () => givePixBack(deps, order, { fresh: true }),
  );
}

/** The devoluções of the PIX asked before one is made: never more than this many refused ones in a row. */
const PIX_RETURN_ATTEMPTS = 10;

/** The PIX return's own key at its provider (Efí's devolução `id`): the same on every retry until one is refused. */
const pixReturnKey = (orderId: string, attempt: number) => `${orderId}.pix-return${attempt > 0 ? `-${attempt}` : ''}`;

/**
 * One attempt at the PIX's return; resolves with what was asked back. Never twice: the PIX is read first (a devolução
 * that holds its balance, pending or done, is the one asked for), then, unless the claim is fresh, its devoluções under
 * the return's own keys: one the provider holds (pending or done) is the one made; after a refused one, the next key.
 */
async function givePixBack(deps: OrdersDeps, order: OrderRow, options: { fresh: boolean }): Promise<number> {
  const provider = deps.payments.get(order.provider);
  if (!provider || !order.charge_id) throw new Error(`the provider of order ${order.id}'s PIX is off`);
  const charge = await provider.getCharge(order.charge_id);
  const cents = (charge.amountCents ?? order.amount_cents) - (charge.refundedCents ?? 0);
  if (charge.state !== 'paid' && charge.state !== 'reversed' && charge.state !== 'refunding') {
    await releasePixReturn(deps.db, order.id);
    throw new MessageNotNeededError(`the PIX reads ${charge.rawStatus ?? charge.state}`);
  }
  let attempt = 0;
  for (; !options.fresh && attempt < PIX_RETURN_ATTEMPTS; attempt++) {
    const held = await readPixReturn(provider, charge, pixReturnKey(order.id, attempt));
    if (held === undefined) break;
    if (held.state !== 'failed') return held.amountCents ?? cents;
  }
  // Gone back, or on its way, by a devolução not ours (the provider's panel): nothing is left to return.
  if (charge.state !== 'paid') throw new MessageNotNeededError(`the PIX reads ${charge.rawStatus ?? charge.state}`);
  if (attempt >= PIX_RETURN_ATTEMPTS) throw new Error(`the PIX return of order ${order.id} was refused ${attempt} times`);
  await provider.refund(charge, { refundId: pixReturnKey(order.id, attempt), amountCents: cents });
  return cents;
}

/** The devolução asked under `key`, or undefined when the provider holds none (its documented "not found"). */
async function readPixReturn(provider: PixProvider, charge: ChargeRecord, key: string): Promise<RefundRecord | undefined> {
  try {
    return await provider.getRefund(charge, key);
  } catch (error) {
    if (error instanceof GatewayError && error.httpStatus === 404 && !error.uncertain) return undefined;
    throw error;
  }
}

async function retryPixAttempt(deps: OrdersDeps, orderId: string): Promise<number> {
  const order = await findOrderById(deps.db, orderId);
  if (!order) throw new MessageNotNeededError('order gone');
  return givePixBack(deps, order, { fresh: false });
}

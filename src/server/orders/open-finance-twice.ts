import { z } from 'zod';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import type { ClaimedMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError } from '../outbox/outbox-worker.ts';
import { GatewayError } from '../gateway/types.ts';
import type { BankRail } from './open-finance-rails.ts';
import { isBankRailFailure, railOf } from './open-finance-rails.ts';
import type { OrdersDeps } from './orders-deps.ts';
import type { OrderRow } from './orders-repository.ts';
import { chargesOf, refundsOf } from './purchase-ledger.ts';
import { loadPurchase } from './purchase-service.ts';
import { findOrderById } from './order-lookup.ts';
import {
  claimOpenFinanceReturn,
  claimPixReturn,
  findOpenFinancePayment,
  findPaidOpenFinance,
  releasePixReturn,
} from './open-finance-repository.ts';

/** The buyer's e-mail that one of the two payments goes back (bank-returns/bank-return-email.ts), once per order. */
export const BANK_RETURN_KIND = 'bank_return';

/**
 * A return Efí (or Mercado Pago) refused or did not answer, asked again by the outbox with backoff; one row per bank
 * payment (`bank_return_retry:<payment id>`), shown on the console's order and, while it keeps failing, in Saúde.
 */
export const BANK_RETURN_RETRY_FAMILY = 'bank_return_retry:';

/**
 * The Open Finance payment goes back (Efí's `…/devolver`, Mercado Pago's refund), claimed once; the order stays one sale,
 * paid by PIX. True when this call decided it: asked now, or, refused or unanswered, queued to be asked again.
 */
export async function returnBankPayment(deps: OrdersDeps, rail: BankRail, paymentId: string, cents: number, orderId: string) {
  const now = deps.now?.() ?? Date.now();
  if (!(await claimOpenFinanceReturn(deps.db, paymentId, now))) return false;
  try {
    await rail.giveBack(cents, 0);
  } catch (error) {
    if (!isBankRailFailure(error)) throw error;
    // The decision stands (the PIX is the sale): the outbox asks again under the return's own key, so it goes back once.
    await enqueueOutboxMessage(deps.db, {
      orderId,
      kind: `${BANK_RETURN_RETRY_FAMILY}${paymentId}`,
      payload: { paymentId, amountCents: cents },
      now,
      notBefore: now + BANK_RETURN_FIRST_RETRY_MS,
    });
    deps.logger.error('Open Finance payment paid twice not returned; asked again later', { order: orderId, error: error.message });
    return true;
  }
  await returnMade(deps, orderId, cents, now);
  return true;
}

/** Long enough for a provider's passing fault to clear; the outbox doubles it from there. */
const BANK_RETURN_FIRST_RETRY_MS = 30_000;

async function returnMade(deps: OrdersDeps, orderId: string, cents: number, now: number): Promise<void> {
  deps.logger.warn('Paid twice (PIX and Open Finance): the Open Finance payment was returned', { order: orderId });
  await enqueueOutboxMessage(deps.db, { orderId, kind: BANK_RETURN_KIND, payload: { amountCents: cents }, now });
}

const RetryPayloadSchema = z.object({ paymentId: z.string().min(1), amountCents: z.number().int().positive() });

/**
 * One attempt of a queued return (the outbox retries it with backoff while it throws). Never twice: the payment is read
 * first, and a devolução Efí holds (pending or done) is the one asked for; after one Efí rejected, the next is asked
 * under a key of its own (the attempt is the number of rejected ones), else under the same key, which Efí answers
 * with the devolução it already made.
 */
export async function retryBankReturn(deps: OrdersDeps, message: Pick<ClaimedMessage, 'orderId' | 'payload'>): Promise<void> {
  const payload = RetryPayloadSchema.safeParse(message.payload);
  const row = payload.success ? await findOpenFinancePayment(deps.db, payload.data.paymentId) : undefined;
  if (!payload.success || !row) throw new MessageNotNeededError('bank payment gone');
  const rail = railOf(deps, row);
  if (!rail) throw new Error(`the provider of bank payment ${row.payment_id} is off`);
  const read = await rail.read();
  const refunds = read?.refunds ?? [];
  const now = deps.now?.() ?? Date.now();
  if (!refunds.some((refund) => refund.state !== 'failed')) {
    await rail.giveBack(payload.data.amountCents, refunds.length);
  }
  await returnMade(deps, message.orderId, payload.data.amountCents, now);
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

/** The order's PIX goes back whole at its provider, claimed once (`orders.pix_returned_at`). */
async function returnPix(deps: OrdersDeps, order: OrderRow): Promise<void> {
  const provider = deps.payments.get(order.provider);
  if (!provider || !order.charge_id) return;
  const now = deps.now?.() ?? Date.now();
  if (!(await claimPixReturn(deps.db, order.id, now))) return;
  try {
    const charge = await provider.getCharge(order.charge_id);
    if (charge.state !== 'paid') {
      if (charge.state !== 'reversed' && charge.state !== 'refunding') await releasePixReturn(deps.db, order.id);
      return;
    }
    const cents = (charge.amountCents ?? order.amount_cents) - (charge.refundedCents ?? 0);
    await provider.refund(charge, { refundId: `${order.id}.pix-return`, amountCents: cents });
    deps.logger.warn('PIX paid after the bank-app payment was refunded: the PIX was returned', { order: order.id });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (!error.uncertain) await releasePixReturn(deps.db, order.id);
    deps.logger.error('PIX paid after the bank-app payment was refunded not returned', { order: order.id, error: error.message });
  }
}

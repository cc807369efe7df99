// Charging an order at the providers in turn (docs/payments.md#pix-providers), and resuming a create that died mid-call.
import { checkout as copy } from '../../content/checkout.ts';
import { GatewayError } from '../gateway/errors.ts';
import { gatewayTracking } from '../gateway/tracking.ts';
import { chargeItemsOf, type NewOrderItem } from '../orders/order-items.ts';
import { DEFAULT_TIMEOUT_MS } from '../gateway/transport.ts';
import { failureDetail, isProviderFailure } from '../gateway/payments.ts';
import type { CreatePixInput, PixCharge, PixProvider } from '../gateway/pix-provider.ts';
import { webhookUrl } from '../gateway/provider-registry.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import {
  CHARGE_BUDGET_MS,
  CHARGE_IN_FLIGHT_MS,
  CHARGE_LEASE_RENEW_MS,
  chargeOwnerGone,
  renewChargeLease,
  recordChargeAttempt,
  markOrderCharged,
  markOrderFailed,
  TransactionTakenError,
} from '../orders/checkout-repository.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { listInterruptedCharges, requestRecheck } from '../orders/reconciliation-repository.ts';
import { recheckOrder } from '../payment/payment-confirmation.ts';
import { adoptHeldWebhooks } from '../orders/webhook-events-repository.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { type CheckoutResult, DAY_MS, gatewayExpiry, describe } from './checkout-result.ts';

function chargeItem(item: NewOrderItem): CreatePixInput['items'][number] {
  const { productHash, offerHash } = item;
  return item.key === 'main' || productHash === null || offerHash === null
    ? { title: item.title, priceCents: item.priceCents }
    : { title: item.title, priceCents: item.priceCents, gatewayRef: { productHash, offerHash } };
}

/** `own`: the provider's trouble, not the buyer's data, so it is skipped for a while. */
type AttemptFailure = { error: unknown; failOver: boolean; providerAtFault: boolean };

/** A charge found after an unknown outcome is the buyer's PIX only while it can be paid, for the amount we decided. */
function usableCharge(charge: PixCharge, input: CreatePixInput): boolean {
  return charge.state === 'pending' && charge.pix.code !== null && charge.amountCents === input.amountCents;
}

/** Unknown outcome at a keyed provider: read first; only a charge found without its code is resent. Unkeyed: the checkout ends. */
async function createAt(provider: PixProvider, input: CreatePixInput, mayRetry: () => boolean): Promise<PixCharge | AttemptFailure> {
  let unknown: unknown;
  try {
    return await provider.createCharge(input);
  } catch (error) {
    const uncertain = error instanceof GatewayError && error.uncertain;
    if (!uncertain) return { error, failOver: isProviderFailure(error), providerAtFault: isProviderFailure(error) };
    if (!provider.capabilities.idempotentCreate) return { error, failOver: false, providerAtFault: true };
    unknown = error;
  }
  // A read that cannot tell (the provider is down for reads too) leaves the question to the retry.
  const found = await provider.findCharge?.(input.idempotencyKey).catch(() => undefined);
  if (found?.kind === 'none') return { error: unknown, failOver: true, providerAtFault: true };
  if (found?.kind === 'charge') {
    if (usableCharge(found.charge, input)) return found.charge;
    if (found.charge.state === 'failed') return { error: unknown, failOver: true, providerAtFault: true };
    const closed = await provider
      .cancelCharge?.(found.charge.chargeId)
      .then((record) => record.state === 'failed')
      .catch(() => false);
    return { error: unknown, failOver: closed === true, providerAtFault: true };
  }
  if (!mayRetry()) return { error: unknown, failOver: false, providerAtFault: true };
  try {
    return await provider.createCharge(input);
  } catch (error) {
    return { error, failOver: false, providerAtFault: true };
  }
}

function holdChargeLease(deps: OrdersDeps, orderId: string): () => void {
  const timer = setInterval(() => {
    renewChargeLease(deps.db, orderId, deps.now?.() ?? Date.now()).catch((error: unknown) =>
      deps.logger.warn('Charge lease not renewed', { order: orderId, error: error instanceof Error ? error.message : String(error) }),
    );
  }, CHARGE_LEASE_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export async function chargeOrder(deps: OrdersDeps, order: OrderRow, items: readonly NewOrderItem[]): Promise<CheckoutResult> {
  const release = holdChargeLease(deps, order.id);
  try {
    return await chargeAtProviders(deps, order, items);
  } finally {
    release();
  }
}

/** Providers in order (docs/payments.md#pix-providers); each call's provider and key are written first. */
async function chargeAtProviders(deps: OrdersDeps, order: OrderRow, items: readonly NewOrderItem[]): Promise<CheckoutResult> {
  const { db, payments, logger } = deps;
  const clock = () => deps.now?.() ?? Date.now();
  const started = Date.now();
  // A new call starts only while a whole timeout still fits in the checkout's budget.
  const fits = () => Date.now() - started + DEFAULT_TIMEOUT_MS <= CHARGE_BUDGET_MS;
  let failure: AttemptFailure | undefined;
  let attempt = 0;
  for (const provider of payments.candidates(clock())) {
    if (attempt > 0 && !fits()) break;
    attempt += 1;
    const key = `${order.id}.${attempt}`;
    if (!(await recordChargeAttempt(db, order.id, { provider: provider.id, key, now: clock() }))) break;
    const requestedAt = clock();
    const result = await createAt(provider, chargeInput(deps, order, items, provider, key), fits);
    if ('chargeId' in result) {
      payments.succeeded(provider.id, clock());
      return recordCharge(deps, order, provider, result, requestedAt);
    }
    failure = result;
    // A refusal of the buyer's data may echo that data: only the seller's faults are logged with the provider's words.
    const { error } = result;
    const reason = error instanceof GatewayError && error.buyerData ? error.message : failureDetail(error);
    if (result.providerAtFault) payments.failed(provider.id, reason, clock());
    logger.warn('Charge failed', {
      order: order.id,
      provider: provider.id,
      uncertain: error instanceof GatewayError && error.uncertain,
      failOver: result.failOver,
      reason,
    });
    if (!result.failOver) break;
  }
  const message = failure?.error instanceof GatewayError ? failure.error.message : copy.errors.generic;
  // An uncertain charge may exist; a later confirmed payment wins over this failure (docs/payments.md#postbacks).
  await markOrderFailed(db, order.id, message, clock());
  return { kind: 'failed', message };
}

function chargeInput(
  deps: OrdersDeps,
  order: OrderRow,
  items: readonly NewOrderItem[],
  provider: PixProvider,
  key: string,
): CreatePixInput {
  const { config } = deps;
  return {
    idempotencyKey: key,
    amountCents: order.amount_cents,
    items: items.map(chargeItem),
    customer: {
      name: order.buyer_name,
      email: order.buyer_email,
      phoneDigits: order.buyer_phone,
      document: order.buyer_document ?? config.customerDocument ?? null,
    },
    webhookUrl: webhookUrl(deps.publicUrl(), provider.id),
    orderToken: `${order.id}.${order.postback_secret}`,
    expiresInSeconds: (config.pixExpireDays * DAY_MS) / 1000,
    requestedAt: Number(order.created_at),
    ...(gatewayTracking(order) ? { tracking: gatewayTracking(order) } : {}),
  };
}

async function recordCharge(
  deps: OrdersDeps,
  order: OrderRow,
  provider: PixProvider,
  charge: PixCharge,
  requestedAt: number,
): Promise<CheckoutResult> {
  const { db, config, logger } = deps;
  const chargedAt = deps.now?.() ?? Date.now();
  try {
    const charged = await markOrderCharged(
      db,
      order.id,
      {
        transactionHash: charge.chargeId,
        alternateIds: charge.alternateIds,
        pixCode: charge.pix.code,
        pixImage: charge.pix.imageDataUrl ?? charge.pix.imageUrl,
        now: chargedAt,
        expiresAt: gatewayExpiry(requestedAt, config.pixExpireDays, charge.expiresAt),
      },
      // In the charge's transaction, so a charged order always has what its subscribers queue.
      (trx, row) => deps.events.publish(trx, { type: 'charged', order: row, at: chargedAt }),
    );
    logger.info('Charge created', { order: order.id, provider: provider.id, transaction: charge.chargeId });
    // Paid, webhook in, before this answer (docs/payments.md#postbacks): a paid PIX gets the access e-mail, not "Seu PIX está pronto".
    const current = charged && (await applyHeldWebhooks(deps, charged, provider, charge));
    if (charged) await deps.events.committed({ type: 'charged', order: charged, at: chargedAt });
    return describe(deps, current || charged || (await findOrderById(db, order.id)) || order);
  } catch (error) {
    if (!(error instanceof TransactionTakenError)) throw error;
    // The provider named a transaction another order holds: this order does not take it.
    logger.warn('Charge names a transaction of another order; order failed', { order: order.id });
    await markOrderFailed(db, order.id, copy.errors.generic, deps.now?.() ?? Date.now());
    return { kind: 'failed', message: copy.errors.generic };
  }
}

async function applyHeldWebhooks(
  deps: OrdersDeps,
  order: OrderRow,
  provider: PixProvider,
  charge: PixCharge,
): Promise<OrderRow | undefined> {
  if (!(await adoptHeldWebhooks(deps.db, provider.id, [charge.chargeId, ...charge.alternateIds], order.id))) return undefined;
  // Stored first: if the read fails, the reconciler reads it at once.
  await requestRecheck(deps.db, order.id, deps.now?.() ?? Date.now());
  return recheckOrder(deps, order);
}

/** Found by the provider's search under its key, else resent under it: the provider answers with the charge it made. */
export async function resumeInterruptedCharge(deps: OrdersDeps, order: OrderRow): Promise<boolean> {
  const provider = deps.payments.get(order.provider);
  if (!provider?.capabilities.idempotentCreate || !order.charge_key || order.status !== 'creating') return false;
  const items = await chargeItemsOf(deps.db, order.id);
  if (items.length === 0) return false;
  const requestedAt = deps.now?.() ?? Date.now();
  const input = chargeInput(deps, order, items, provider, order.charge_key);
  const release = holdChargeLease(deps, order.id);
  let charge: PixCharge;
  try {
    const found = await provider.findCharge?.(order.charge_key).catch(() => undefined);
    charge = found?.kind === 'charge' && usableCharge(found.charge, input) ? found.charge : await provider.createCharge(input);
  } catch (error) {
    deps.logger.warn('Interrupted charge not resumed', {
      order: order.id,
      provider: provider.id,
      reason: error instanceof Error ? error.message : String(error),
    });
    return false;
  } finally {
    release();
  }
  deps.payments.succeeded(provider.id, deps.now?.() ?? Date.now());
  const result = await recordCharge(deps, order, provider, charge, requestedAt);
  if (result.kind === 'created') deps.logger.warn('Interrupted charge resumed', { order: order.id, provider: provider.id });
  return result.kind === 'created';
}

/** A bounded batch, oldest first; `of`: only a checkout's own (its key, or its buyer's). */
export async function resumeInterruptedCharges(
  deps: OrdersDeps,
  now: number,
  of?: { checkoutKey: string; email: string; phone: string },
  shouldStop: () => boolean = () => false,
): Promise<void> {
  const keyed = deps.payments.providers.filter((provider) => provider.capabilities.idempotentCreate).map((provider) => provider.id);
  for (const order of await listInterruptedCharges(deps.db, now - CHARGE_IN_FLIGHT_MS, keyed, of ? 3 : 20, of, now)) {
    if (shouldStop()) break;
    await resumeInterruptedCharge(deps, order);
  }
}

const SETTLE_WAIT_MS = 25_000;

/** Waits for a charge in flight, but never past the moment its request must have ended (CHARGE_IN_FLIGHT_MS). */
export async function settled(deps: OrdersDeps, order: OrderRow): Promise<OrderRow> {
  const inFlightFor = Number(order.created_at) + CHARGE_IN_FLIGHT_MS - (deps.now?.() ?? Date.now());
  const deadline = Date.now() + Math.max(0, Math.min(SETTLE_WAIT_MS, inFlightFor));
  let current = order;
  let resumed = false;
  while (current.status === 'creating' && Date.now() < deadline) {
    // Its maker died mid-call (its lease ran out, by the database's clock): this retry resumes it now.
    if (!resumed && chargeOwnerGone(current, deps.now?.() ?? Date.now())) {
      resumed = true;
      await resumeInterruptedCharge(deps, current);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    current = (await findOrderById(deps.db, order.id)) ?? current;
  }
  return current;
}

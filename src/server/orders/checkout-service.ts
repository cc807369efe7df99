import QRCode from 'qrcode';
import { checkout as copy } from '../../content/checkout.ts';
import type { AddonOffer, CreateOrderInput, CreatedOrder, ProductInfo } from '../../shared/checkout.ts';
import { businessMonth } from '../../shared/time.ts';
import { GatewayError } from '../gateway/errors.ts';
import { clientKey, MAX_OPEN_CHARGES_PER_CLIENT } from '../http/rate-limit.ts';
import { hashViewKey } from './view-key.ts';
import { trackingToStore } from './tracking-store.ts';
import { gatewayTracking } from '../gateway/tracking.ts';
import { newId } from './ids.ts';
import { chargeItemsOf, type NewOrderItem } from './order-items.ts';
import { itemsOfOrder } from './purchase-items.ts';
import type { BumpOffer } from '../../content/offers.ts';
import type { OfferPrices } from './offer-pricing.ts';
import { catalogueDecidesPrice } from '../config/catalogue-price.ts';
import type { GatewayProduct } from '../gateway/types.ts';
import { DEFAULT_TIMEOUT_MS } from '../gateway/transport.ts';
import { failureDetail, isProviderFailure } from '../gateway/payments.ts';
import type { CreatePixInput, PixCharge, PixProvider } from '../gateway/pix-provider.ts';
import { demoProvider, webhookUrl } from '../gateway/provider-registry.ts';
import type { OrdersDeps } from './orders-deps.ts';
import {
  CHARGE_BUDGET_MS,
  CHARGE_IN_FLIGHT_MS,
  CHARGE_LEASE_RENEW_MS,
  chargeOwnerGone,
  renewChargeLease,
  recordChargeAttempt,
  declineAddonOffer,
  findAddonOrder,
  insertAddonOrder,
  insertOrderWithinCapacity,
  refundAskedFor,
  markOrderCharged,
  markOrderFailed,
  TransactionTakenError,
} from './checkout-repository.ts';
import type { OrderRow } from './orders-repository.ts';
import { listInterruptedCharges, requestRecheck } from './reconciliation-repository.ts';
import { recheckOrder } from './payment-confirmation.ts';
import { adoptHeldWebhooks } from './webhook-events-repository.ts';
import { cancelAtProvider } from './charge-cancellation.ts';
import { leftToPayOf, paidReplacementOf, retiredLeftOpen, retireIfPaidElsewhere } from './paid-elsewhere.ts';
import { findOrderById } from './order-lookup.ts';

export type CheckoutResult =
  | { kind: 'created'; order: CreatedOrder }
  | { kind: 'sold_out'; nextBatchAt: number }
  | { kind: 'too_many_open' }
  | { kind: 'price_changed'; product: ProductInfo }
  | { kind: 'failed'; message: string }
  /** Every item it would charge is the buyer's through an earlier PIX found paid: nothing to pay (409). */
  | { kind: 'paid_elsewhere'; message: string };

const DAY_MS = 24 * 60 * 60_000;

/** Counted from our request, never later than the gateway's own clock (docs/decisions/0005-pix-expiry.md). */
export function gatewayExpiry(requestedAt: number, expireInDays: number, returned: number | null): number {
  return returned !== null && returned > requestedAt ? returned : requestedAt + expireInDays * DAY_MS;
}

const SETTLE_WAIT_MS = 25_000;

/** The QR is drawn here, never by a third-party image service: the code is payment data (docs/product.md#4-the-qr-code-is-drawn-locally). */
async function qrSvg(code: string | null): Promise<string | null> {
  if (!code) return null;
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, width: 200 });
}

export async function toCreatedOrder(deps: Pick<OrdersDeps, 'db' | 'config' | 'now'>, order: OrderRow): Promise<CreatedOrder> {
  const { config } = deps;
  return {
    orderId: order.id,
    publicRef: order.public_ref,
    amountCents: order.amount_cents,
    items: await itemsOfOrder(deps.db, order.id),
    pix: { code: order.pix_code, qrSvg: await qrSvg(order.pix_code), image: order.pix_code ? null : order.pix_image },
    expiresAt: order.expires_at,
    // The clock `expiresAt` was stamped by (the database's, db/database-clock.ts): the tab counts down the difference.
    serverTime: deps.now?.() ?? Date.now(),
    ...(config.demoMode && order.provider === demoProvider?.id && order.charge_id
      ? { sandboxPayUrl: `/sandbox/pay/${encodeURIComponent(order.charge_id)}` }
      : {}),
  };
}

/** Waits for a charge in flight, but never past the moment its request must have ended (CHARGE_IN_FLIGHT_MS). */
async function settled(deps: OrdersDeps, order: OrderRow): Promise<OrderRow> {
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

async function describe(deps: OrdersDeps, order: OrderRow): Promise<CheckoutResult> {
  if (order.status === 'failed') {
    const message = order.failure_reason ?? copy.errors.generic;
    return (await paidReplacementOf(deps, order)) ? { kind: 'paid_elsewhere', message } : { kind: 'failed', message };
  }
  if (order.status === 'creating') return { kind: 'failed', message: copy.errors.generic };
  return { kind: 'created', order: await toCreatedOrder(deps, order) };
}

/** One charge per checkout key, written before it is requested (docs/gateway.md#9-unknowns); a dead process's key is charged anew. */
export async function startCheckout(
  deps: OrdersDeps,
  input: CreateOrderInput,
  client: { address: string; userAgent?: string },
): Promise<CheckoutResult> {
  const now = deps.now?.() ?? Date.now();
  const { config } = deps;

  const prices = await deps.prices.live();
  let product;
  let items;
  try {
    product = await offeredProduct(deps, prices);
    items = checkoutItems(product, input.bump ? config.orderBump : null, prices);
    if (await shownOtherwise(deps, input, prices, items)) {
      return { kind: 'price_changed', product: productInfo(deps, product, prices) };
    }
  } catch (error) {
    return { kind: 'failed', message: error instanceof GatewayError ? error.message : copy.errors.generic };
  }

  // A create that died with its process is resumed first: it may have made a charge.
  await resumeInterruptedCharges(deps, now, { checkoutKey: input.checkoutKey, email: input.email, phone: input.phone });

  const month = businessMonth(now);
  const retired: string[] = [];
  const id = newId('ord');
  // Held from before the insert, so a second request on this instance waits for it rather than charging anew.
  const charging = chargingHere(deps);
  charging.add(id);
  try {
    return await insertAndCharge(deps, input, client, { id, product, items, month, retired, now, offerVersion: prices.version });
  } finally {
    charging.delete(id);
  }
}

/** Per instance, not process: a stopped instance's request can no longer show its code. */
const chargingByInstance = new WeakMap<OrdersDeps['payments'], Set<string>>();
function chargingHere(deps: OrdersDeps): Set<string> {
  let orders = chargingByInstance.get(deps.payments);
  if (!orders) chargingByInstance.set(deps.payments, (orders = new Set()));
  return orders;
}

/** An unkeyed create whose request died was never shown, so cannot be paid: charged anew. Keyed ones resume under the key. */
function orphanedCharge(deps: OrdersDeps) {
  return (order: OrderRow) => {
    if (chargingHere(deps).has(order.id)) return false;
    if (order.charge_key === null) return true;
    return deps.payments.get(order.provider)?.capabilities.idempotentCreate === false;
  };
}

async function insertAndCharge(
  deps: OrdersDeps,
  input: CreateOrderInput,
  client: { address: string; userAgent?: string },
  {
    id,
    product,
    items,
    month,
    retired,
    now,
    offerVersion,
  }: {
    id: string;
    product: GatewayProduct;
    items: NewOrderItem[];
    month: ReturnType<typeof businessMonth>;
    retired: string[];
    now: number;
    offerVersion: number;
  },
): Promise<CheckoutResult> {
  const { db, config } = deps;
  const inserted = await insertOrderWithinCapacity(
    db,
    deps.dialect,
    {
      id,
      checkoutKey: input.checkoutKey,
      buyer: { name: input.name, email: input.email, phone: input.phone, document: input.document || null },
      items,
      productHash: product.productHash,
      offerHash: product.offerHash,
      postbackSecret: newId('pbs', 24),
      publicRef: newId('ref'),
      viewKeyHash: input.viewKey ? hashViewKey(input.viewKey) : null,
      now,
      expiresAt: gatewayExpiry(now, config.pixExpireDays, null),
      offerVersion,
      attribution: input.attribution,
      tracking: trackingToStore(input.tracking, client),
      // The words the form showed, as this server ships them: never a text the request sends.
      whatsappConsent: input.whatsappConsent
        ? { at: now, text: copy.form.whatsappConsent.label, version: copy.form.whatsappConsent.version }
        : null,
    },
    { limit: config.monthlyCapacity, monthStart: month.start },
    { key: clientKey(client.address), maxOpen: MAX_OPEN_CHARGES_PER_CLIENT },
    copy.errors.generic,
    (trx, row) => deps.events.publish(trx, { type: 'created', order: row, at: now }),
    // Its PIX e-mails and reminders stop with it (pix-emails/ listens to `failed`).
    {
      reason: copy.errors.replaced,
      onRetired: async (trx, orderId) => {
        retired.push(orderId);
        await deps.events.publish(trx, { type: 'failed', orderId, at: now });
      },
      staysPayable: (row) => {
        const provider = deps.payments.get(row.provider);
        return provider !== undefined && provider.cancelCharge === undefined;
      },
    },
    orphanedCharge(deps),
  );
  if (inserted.kind === 'sold_out') return { kind: 'sold_out', nextBatchAt: month.nextStart };
  if (inserted.kind === 'too_many_open') return { kind: 'too_many_open' };
  if (inserted.kind === 'existing') return describe(deps, await settled(deps, inserted.order));
  if (inserted.kind === 'extend') return chargeMissingItems(deps, inserted.order, inserted.missing, offerVersion);

  const order = inserted.order;
  await deps.events.committed({ type: 'created', order, at: now });
  // The retired code is cancelled at its provider while the new one is made: "one payable PIX" holds there too.
  const leftOpen = (await retiredLeftOpen(deps, input, now)).filter((orderId) => !retired.includes(orderId));
  const cancelling = cancelRetiredBeside(deps, [...retired, ...leftOpen]);
  const result = await chargeOrder(deps, order, items);
  await waitAtMost(cancelling, CANCEL_WAIT_MS);
  // The retired PIX was found paid meanwhile (its cancel answered "paid"): this charge would pay for it again.
  if (retired.length + leftOpen.length > 0) {
    const current = await retireIfPaidElsewhere(deps, order.id);
    if (current?.status === 'failed') return chargeWhatIsLeft(deps, current, result, offerVersion);
  }
  return result;
}

/** Retired because the earlier PIX was found paid (paid-elsewhere.ts): what that payment did not buy is charged as its add-on. */
async function chargeWhatIsLeft(
  deps: OrdersDeps,
  retired: OrderRow,
  result: CheckoutResult,
  offerVersion: number,
): Promise<CheckoutResult> {
  const paid = await paidReplacementOf(deps, retired);
  if (!paid) return result;
  const left = await leftToPayOf(deps, retired, paid);
  if (left.items.length === 0) return describe(deps, retired);
  const keys = new Set(left.items.map((item) => item.key));
  const missing = (await chargeItemsOf(deps.db, retired.id)).filter((item) => keys.has(item.key));
  const addon = await chargeAddon(deps, paid, missing, { ofOpenParent: false, offerVersion });
  return addon && addon !== 'only_existing' ? addon : describe(deps, retired);
}

/** What the open PIX lacks is charged as an add-on (docs/money.md#one-payable-pix); if that fails, the buyer is told. */
async function chargeMissingItems(
  deps: OrdersDeps,
  main: OrderRow,
  missing: NewOrderItem[],
  offerVersion: number,
): Promise<CheckoutResult> {
  const addon = await chargeAddon(deps, main, missing, { ofOpenParent: true, offerVersion });
  const current = await describe(deps, (await findOrderById(deps.db, main.id)) ?? main);
  // Paid or closed meanwhile: what it holds now is all this checkout can show.
  if (!addon || addon === 'only_existing' || current.kind !== 'created') return current;
  if (addon.kind !== 'created') return addon;
  return { kind: 'created', order: { ...current.order, addon: addon.order } };
}

/** A lost cancel answer holds for the provider's whole timeout (15 s); past this, cancel_sent_at lets the reconciler finish it. */
export const CANCEL_WAIT_MS = 1_000;

/** Started beside the new create; past the wait nobody awaits it, so its failure is logged, never an unhandled rejection. */
function cancelRetiredBeside(deps: OrdersDeps, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return Promise.resolve();
  return cancelRetired(deps, orderIds).catch((error: unknown) =>
    deps.logger.warn('Retired charges not cancelled; retried later', { error: error instanceof Error ? error.message : String(error) }),
  );
}

async function waitAtMost(work: Promise<void>, waitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([work, waited]).finally(() => clearTimeout(timer));
}

/** What stays open (no answer, a provider that cannot cancel) is left to the reconciler, which reads retired charges. */
async function cancelRetired(deps: OrdersDeps, orderIds: readonly string[]): Promise<void> {
  for (const id of orderIds) {
    const order = await findOrderById(deps.db, id);
    if (!order?.charge_id) continue;
    try {
      const outcome = await cancelAtProvider(deps, order);
      deps.logger.info('Retired charge at the provider', { order: order.id, provider: order.provider, outcome });
    } catch (error) {
      // The buyer's new PIX never waits on the old one's fate.
      deps.logger.warn('Retired charge not cancelled; retried later', {
        order: order.id,
        provider: order.provider,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

/** A sole catalogue provider's price on the seller's account; otherwise the live page's, so a failover never changes it. */
export async function offeredProduct(deps: Pick<OrdersDeps, 'payments' | 'config'>, prices: OfferPrices): Promise<GatewayProduct> {
  const { catalogue } = deps.payments;
  if (catalogue && catalogueDecidesPrice(deps.config)) return catalogue.mainProduct();
  return {
    productHash: catalogue?.productHash ?? MAIN_PRODUCT_REF,
    offerHash: MAIN_PRODUCT_REF,
    title: prices.product.name,
    priceCents: prices.product.priceCents,
    cover: null,
  };
}

const MAIN_PRODUCT_REF = 'main';

/** Names and prices decided here from the live version; the browser only says with or without the bump. */
function checkoutItems(product: GatewayProduct, bump: BumpOffer | null, prices: OfferPrices): NewOrderItem[] {
  const main: NewOrderItem = {
    key: 'main',
    title: prices.product.name,
    priceCents: product.priceCents,
    productHash: product.productHash,
    offerHash: product.offerHash,
  };
  if (!bump) return [main];
  const { name, priceCents } = prices.bump;
  return [main, { key: 'bump', title: name, priceCents, productHash: bump.productHash, offerHash: bump.offerHash }];
}

/** Nothing is charged until the buyer saw the live prices; an unknown version counts as other prices. */
async function shownOtherwise(deps: OrdersDeps, input: CreateOrderInput, live: OfferPrices, items: readonly NewOrderItem[]) {
  if (input.offerVersion === undefined || input.offerVersion === live.version) return false;
  const shown = await deps.prices.ofVersion(input.offerVersion);
  if (!shown) return true;
  const before = checkoutItems(await offeredProduct(deps, shown), input.bump ? deps.config.orderBump : null, shown);
  return before.some((item, at) => item.title !== items[at]?.title || item.priceCents !== items[at]?.priceCents);
}

function productInfo(deps: Pick<OrdersDeps, 'config'>, product: GatewayProduct, prices: OfferPrices): ProductInfo {
  const bump = deps.config.orderBump;
  return {
    title: prices.product.name,
    priceCents: product.priceCents,
    version: prices.version,
    bump: bump ? { name: prices.bump.name, priceCents: prices.bump.priceCents } : null,
  };
}

export async function currentProductInfo(deps: Pick<OrdersDeps, 'prices' | 'config' | 'payments'>): Promise<ProductInfo> {
  const prices = await deps.prices.live();
  return productInfo(deps, await offeredProduct(deps, prices), prices);
}

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

async function chargeOrder(deps: OrdersDeps, order: OrderRow, items: readonly NewOrderItem[]): Promise<CheckoutResult> {
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

export type AddonResult = CheckoutResult | { kind: 'unavailable' } | { kind: 'addon_price_changed'; offer: AddonOffer };

export async function addonOfferOpen(deps: Pick<OrdersDeps, 'db' | 'config'>, order: OrderRow): Promise<boolean> {
  if (!deps.config.orderBump || order.kind !== 'main' || order.status !== 'paid' || order.addon_answer !== null) return false;
  if (order.access_revoked_at !== null) return false;
  // A refund request closes the offer (docs/money.md#invariants).
  if (await refundAskedFor(deps.db, order.id)) return false;
  return !(await itemsOfOrder(deps.db, order.id)).some((item) => item.key === 'bump');
}

export function addonOfferOf(bump: BumpOffer, prices: OfferPrices): AddonOffer {
  return { title: prices.bump.name, pitch: bump.pitch, priceCents: prices.bump.afterPaymentPriceCents, version: prices.version };
}

/** The version the tab sends, else the replaced add-on PIX's; unknown counts as another price, none (an older tab) is not checked. */
async function addonShownOtherwise(deps: OrdersDeps, parent: OrderRow, live: OfferPrices, sent: number | undefined) {
  const shownVersion = sent ?? (await findAddonOrder(deps.db, parent.id))?.offer_version ?? undefined;
  if (shownVersion === undefined || shownVersion === live.version) return false;
  const shown = await deps.prices.ofVersion(shownVersion);
  return !shown || shown.bump.name !== live.bump.name || shown.bump.afterPaymentPriceCents !== live.bump.afterPaymentPriceCents;
}

/** Pressed twice (or on two instances) it makes one add-on order and one charge (docs/offers.md). */
export async function acceptAddonOffer(deps: OrdersDeps, parent: OrderRow, offerVersion?: number): Promise<AddonResult> {
  const bump = deps.config.orderBump;
  if (!bump) return { kind: 'unavailable' };
  if (parent.addon_answer !== 'accepted' && !(await addonOfferOpen(deps, parent))) return { kind: 'unavailable' };
  const prices = await deps.prices.live();
  const item: NewOrderItem = {
    key: 'bump',
    title: prices.bump.name,
    priceCents: prices.bump.afterPaymentPriceCents,
    productHash: bump.productHash,
    offerHash: bump.offerHash,
  };
  // A PIX issued already keeps its amount: only a new add-on order is refused for a price the buyer did not see.
  const repriced = await addonShownOtherwise(deps, parent, prices, offerVersion);
  const result = await chargeAddon(deps, parent, [item], { ofOpenParent: false, offerVersion: prices.version, onlyExisting: repriced });
  if (result === 'only_existing') return { kind: 'addon_price_changed', offer: addonOfferOf(bump, prices) };
  return result ?? { kind: 'unavailable' };
}

/** One add-on order per parent (its key), charged once; undefined when the parent can no longer take one. */
async function chargeAddon(
  deps: OrdersDeps,
  parent: OrderRow,
  items: NewOrderItem[],
  options: { ofOpenParent: boolean; offerVersion: number; onlyExisting?: boolean },
): Promise<CheckoutResult | 'only_existing' | undefined> {
  const now = deps.now?.() ?? Date.now();
  const inserted = await insertAddonOrder(
    deps.db,
    deps.dialect,
    parent,
    {
      id: newId('ord'),
      items,
      productHash: items[0]!.productHash,
      offerHash: items[0]!.offerHash,
      postbackSecret: newId('pbs', 24),
      publicRef: newId('ref'),
      now,
      expiresAt: gatewayExpiry(now, deps.config.pixExpireDays, null),
      offerVersion: options.offerVersion,
    },
    copy.errors.generic,
    (trx, row) => deps.events.publish(trx, { type: 'created', order: row, at: now }),
    options,
  );
  if (!inserted) return undefined;
  if (inserted.kind === 'only_existing') return 'only_existing';
  if (inserted.kind === 'existing') return describe(deps, await settled(deps, inserted.order));
  await deps.events.committed({ type: 'created', order: inserted.order, at: now });
  return chargeOrder(deps, inserted.order, items);
}

export async function findMainOrder(deps: Pick<OrdersDeps, 'db'>, id: string): Promise<OrderRow | undefined> {
  const order = await findOrderById(deps.db, id);
  return order?.kind === 'main' ? order : undefined;
}

export function declineAddon(deps: OrdersDeps, order: OrderRow): Promise<boolean> {
  return declineAddonOffer(deps.db, order.id, deps.now?.() ?? Date.now());
}

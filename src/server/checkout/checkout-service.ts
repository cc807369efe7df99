// The checkout: the live prices and items decided here, one order per checkout key within capacity, then charged.
import { checkout as copy } from '../../content/checkout.ts';
import type { CreateOrderInput, ProductInfo } from '../../shared/checkout.ts';
import { businessMonth } from '../../shared/time.ts';
import { GatewayError } from '../gateway/errors.ts';
import { clientKey, MAX_OPEN_CHARGES_PER_CLIENT } from '../http/rate-limit.ts';
import { hashViewKey } from '../orders/view-key.ts';
import { trackingToStore } from './tracking-store.ts';
import { newId } from '../orders/ids.ts';
import { type NewOrderItem } from '../orders/order-items.ts';
import type { BumpOffer } from '../../content/offers.ts';
import type { OfferPrices } from '../orders/offer-pricing.ts';
import { catalogueDecidesPrice } from '../config/catalogue-price.ts';
import type { GatewayProduct } from '../gateway/types.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import { insertOrderWithinCapacity } from '../orders/checkout-repository.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { retiredLeftOpen, retireIfPaidElsewhere } from './paid-elsewhere.ts';
import { type CheckoutResult, gatewayExpiry, describe } from './checkout-result.ts';
import { chargeOrder, resumeInterruptedCharges, settled } from './charge-failover.ts';
import { chargeWhatIsLeft, chargeMissingItems, cancelRetiredBeside, waitAtMost, CANCEL_WAIT_MS } from './recheckout.ts';

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
      affiliateCode: input.affiliate,
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

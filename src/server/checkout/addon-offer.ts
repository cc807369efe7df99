// The add-on offered after payment (docs/offers.md): open or not, accepted once, declined.
import { checkout as copy } from '../../content/checkout.ts';
import type { AddonOffer, WaitingAddon } from '../../shared/checkout.ts';
import { newId } from '../orders/ids.ts';
import { type NewOrderItem } from '../orders/order-items.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import type { BumpOffer } from '../../content/offers.ts';
import type { OfferPrices } from '../orders/offer-pricing.ts';
import type { ChargeBudget, OrdersDeps } from '../orders/orders-deps.ts';
import { addonOrderStillOn, declineAddonOffer, findAddonOrder, insertAddonOrder } from '../orders/checkout-repository.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { isErasedBuyer } from '../orders/payment-repository.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { type CheckoutResult, gatewayExpiry, describe, toCreatedOrder } from './checkout-result.ts';
import { lastBankPaymentRefused } from '../open-finance/open-finance-lookup.ts';
import { settled } from './charge-failover.ts';
import { chargeOrder } from './charge-failover.ts';

export type AddonResult =
  CheckoutResult | { kind: 'unavailable' } | { kind: 'addon_price_changed'; offer: AddonOffer } | { kind: 'too_many_attempts' };

export async function addonOfferOpen(deps: Pick<OrdersDeps, 'db' | 'config' | 'refundAskedFor'>, order: OrderRow): Promise<boolean> {
  if (!deps.config.orderBump || order.kind !== 'main' || order.status !== 'paid' || order.addon_answer !== null) return false;
  if (order.access_revoked_at !== null || isErasedBuyer(order)) return false;
  // A refund request closes the offer (docs/money.md#invariants).
  if (await deps.refundAskedFor(deps.db, order.id)) return false;
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

/**
 * Pressed twice (or on two instances) it makes one add-on order and one charge (docs/offers.md). Only a new add-on
 * order spends `budget`: the add-on order still on is handed back for nothing.
 */
export async function acceptAddonOffer(
  deps: OrdersDeps,
  parent: OrderRow,
  offerVersion?: number,
  budget?: ChargeBudget,
): Promise<AddonResult> {
  const bump = deps.config.orderBump;
  if (!bump) return { kind: 'unavailable' };
  // An erased buyer left no name, e-mail nor CPF for a new charge (the provider refuses one without them).
  if (isErasedBuyer(parent)) return { kind: 'unavailable' };
  if (parent.addon_answer !== 'accepted' && !(await addonOfferOpen(deps, parent))) return { kind: 'unavailable' };
  if (budget && !(await addonStillOn(deps, parent)) && !(await budget())) return { kind: 'too_many_attempts' };
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

async function addonStillOn(deps: OrdersDeps, parent: OrderRow): Promise<boolean> {
  const existing = await findAddonOrder(deps.db, parent.id);
  return existing !== undefined && addonOrderStillOn(existing, deps.now?.() ?? Date.now());
}

/** One add-on order per parent (its key), charged once; undefined when the parent can no longer take one. */
export async function chargeAddon(
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
    { ...options, refundAskedFor: deps.refundAskedFor },
  );
  if (!inserted) return undefined;
  if (inserted.kind === 'only_existing') return 'only_existing';
  if (inserted.kind === 'existing') return describe(deps, await settled(deps, inserted.order));
  await deps.events.committed({ type: 'created', order: inserted.order, at: now });
  return chargeOrder(deps, inserted.order, items);
}

/**
 * The add-on accepted after payment whose PIX still waits, as the order holds it: any tab that may act for the purchase
 * shows its PIX, and after a refusal at the bank (JSR) says so and offers the bank again; closed by a refund request.
 */
export async function waitingAddonOf(deps: OrdersDeps, parent: OrderRow): Promise<WaitingAddon | undefined> {
  if (parent.kind !== 'main' || parent.status !== 'paid' || parent.addon_answer !== 'accepted') return undefined;
  const addon = await findAddonOrder(deps.db, parent.id);
  if (addon?.status !== 'pending' || (addon.pix_code === null && addon.pix_image === null)) return undefined;
  const shown = await toCreatedOrder(deps, addon);
  return (await lastBankPaymentRefused(deps.db, addon.id)) ? { ...shown, bankRefused: true } : shown;
}

export async function findMainOrder(deps: Pick<OrdersDeps, 'db'>, id: string): Promise<OrderRow | undefined> {
  const order = await findOrderById(deps.db, id);
  return order?.kind === 'main' ? order : undefined;
}

export function declineAddon(deps: OrdersDeps, order: OrderRow): Promise<boolean> {
  return declineAddonOffer(deps.db, order.id, deps.now?.() ?? Date.now());
}

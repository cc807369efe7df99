// A re-checkout (docs/money.md#one-payable-pix): the retired PIX cancelled beside the new one, and what is missing charged as an add-on.
import { chargeItemsOf, type NewOrderItem } from '../orders/order-items.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { cancelAtProvider } from '../payment/charge-cancellation.ts';
import { leftToPayOf, paidReplacementOf } from './paid-elsewhere.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { type CheckoutResult, describe } from './checkout-result.ts';
import { chargeAddon } from './addon-offer.ts';

/** Retired because the earlier PIX was found paid (paid-elsewhere.ts): what that payment did not buy is charged as its add-on. */
export async function chargeWhatIsLeft(
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
export async function chargeMissingItems(
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
export function cancelRetiredBeside(deps: OrdersDeps, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return Promise.resolve();
  return cancelRetired(deps, orderIds).catch((error: unknown) =>
    deps.logger.warn('Retired charges not cancelled; retried later', { error: error instanceof Error ? error.message : String(error) }),
  );
}

export async function waitAtMost(work: Promise<void>, waitMs: number): Promise<void> {
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

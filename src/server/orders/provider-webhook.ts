import type { ProviderId } from '../../shared/providers.ts';
import { WebhookRejectedError, type WebhookRequest } from '../gateway/pix-provider.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { findOrderByCharge, type OrderRow } from './orders-repository.ts';
import { requestRecheck } from './reconciliation-repository.ts';
import { recordWebhookRejection } from './webhook-events-repository.ts';

/** A webhook lists a handful of charges; any beyond are read back by the reconciler anyway. */
const MAX_EVENTS = 10;

export type ProviderWebhookResult =
  { kind: 'unknown_provider' } | { kind: 'rejected'; reason: string } | { kind: 'accepted'; orders: OrderRow[] };

/**
 * A provider's webhook, verified by its adapter, names charges to read back; it never settles money by itself. Each
 * charge's re-read is stored first, so a read that fails (or a crash) is retried by the reconciler.
 */
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
  const orders = new Map<string, OrderRow>();
  for (const event of events.slice(0, MAX_EVENTS)) {
    if (event.kind === 'ignored') continue;
    const order = await findOrderByCharge(deps.db, id, event.chargeId);
    if (order && !orders.has(order.id)) {
      await requestRecheck(deps.db, order.id, now);
      orders.set(order.id, order);
    }
  }
  return { kind: 'accepted', orders: [...orders.values()] };
}

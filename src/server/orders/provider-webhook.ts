import type { ProviderId } from '../../shared/providers.ts';
import { WebhookRejectedError, type WebhookRequest } from '../gateway/pix-provider.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { findOrderByCharge, type OrderRow } from './orders-repository.ts';

/** A webhook lists a handful of charges; any beyond are read back by the reconciler anyway. */
const MAX_EVENTS = 10;

export type ProviderWebhookResult = { kind: 'rejected'; reason: string } | { kind: 'accepted'; orders: OrderRow[] };

/** A provider's webhook, verified by its adapter, names charges to read back; it never settles money by itself. */
export async function receiveProviderWebhook(deps: OrdersDeps, id: ProviderId, request: WebhookRequest): Promise<ProviderWebhookResult> {
  const provider = deps.payments.get(id);
  if (!provider) return { kind: 'rejected', reason: 'provider not configured' };
  let events;
  try {
    events = await provider.parseWebhook(request);
  } catch (error) {
    if (error instanceof WebhookRejectedError) return { kind: 'rejected', reason: error.reason };
    throw error;
  }
  const orders = new Map<string, OrderRow>();
  for (const event of events.slice(0, MAX_EVENTS)) {
    if (event.kind === 'ignored') continue;
    const order = await findOrderByCharge(deps.db, id, event.chargeId);
    if (order) orders.set(order.id, order);
  }
  return { kind: 'accepted', orders: [...orders.values()] };
}

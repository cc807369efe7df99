// The disputes the seller registers and closes by hand: ones no provider tells of (docs/disputes.md#knowing).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { disputesApi } from '../../content/disputes.ts';
import type { AdminDispute, DisputeState } from '../../shared/disputes.ts';
import { formatBRL } from '../../shared/money.ts';
import { normalizeEmail } from '../../shared/text.ts';
import { businessDayStart } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import { findOrderByEndToEnd, findOrderById, findOrderByReference, findPaidOrdersByEmail } from '../orders/order-lookup.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { queueOpenedAlert } from './dispute-alerts.ts';
import { toAdminDispute } from './dispute-console.ts';
import { disputesOfOrders, findDispute, insertDispute, isOpenDispute } from './dispute-repository.ts';
import { alertChannels, closeAndTell, endLostDispute, nowOf, type DisputesDeps } from './dispute-service.ts';

export type ManualResult = { kind: 'ok'; dispute: AdminDispute } | { kind: 'refused'; status: 404 | 409 | 422; message: string };

/** "Registrar contestação": the order by e-mail, reference or E2E id; its provider is the order's. */
export async function registerManualDispute(
  deps: DisputesDeps,
  input: { query: string; amountCents?: number | undefined; defenceDueOn?: string | undefined; providerDisputeId?: string | undefined },
): Promise<ManualResult> {
  const now = nowOf(deps);
  const found = await findOrderForQuery(deps.db, input.query);
  if (found === 'ambiguous') return { kind: 'refused', status: 409, message: disputesApi.ambiguous };
  if (!found) return { kind: 'refused', status: 404, message: disputesApi.orderNotFound };
  const order = found;
  if ((await disputesOfOrders(deps.db, [order.id])).some(isOpenDispute))
    return { kind: 'refused', status: 409, message: disputesApi.alreadyOpen };
  // The end of that day in São Paulo: the provider's deadline is a date.
  const dueAt = input.defenceDueOn ? businessDayStart(input.defenceDueOn, 1) - 1 : null;
  if (dueAt !== null && !Number.isFinite(dueAt)) return { kind: 'refused', status: 422, message: disputesApi.badDate };
  // More than was paid cannot be contested; stored as typed it would be a figure no record backs.
  if (input.amountCents !== undefined && input.amountCents > Number(order.amount_cents)) {
    return { kind: 'refused', status: 422, message: disputesApi.amountAbovePaid(formatBRL(Number(order.amount_cents))) };
  }
  const row = await deps.db.transaction().execute(async (trx) => {
    const { row } = await insertDispute(trx, {
      order_id: order.id,
      provider: order.provider,
      source: 'manual',
      provider_dispute_id: `manual:${input.providerDisputeId ?? randomUUID()}`,
      end_to_end_id: order.end_to_end_id,
      amount_cents: input.amountCents ?? Number(order.amount_cents),
      state: 'open',
      raw_status: null,
      defence_due_at: dueAt,
      opened_at: now,
      payer_matches: null,
    });
    await queueOpenedAlert(trx, row, now, alertChannels(deps));
    return row;
  });
  return { kind: 'ok', dispute: await toAdminDispute(deps, row) };
}

async function findOrderForQuery(db: Kysely<Database>, raw: string): Promise<OrderRow | 'ambiguous' | undefined> {
  const query = raw.trim();
  if (query.includes('@')) {
    const orders = (await findPaidOrdersByEmail(db, normalizeEmail(query))).filter((order) => order.kind === 'main');
    if (orders.length > 1) return 'ambiguous';
    return orders[0];
  }
  const paid = (order: OrderRow | undefined) => (order && order.paid_at !== null ? order : undefined);
  return (
    paid(await findOrderByReference(db, query)) ??
    paid(await findOrderByReference(db, query.toUpperCase())) ??
    paid(await findOrderByEndToEnd(db, query)) ??
    paid(await findOrderById(db, query))
  );
}

/** A dispute entered by hand is closed by hand; one from the provider is closed by what the provider says. */
export async function resolveManualDispute(deps: DisputesDeps, id: string, state: Extract<DisputeState, 'won' | 'lost' | 'cancelled'>) {
  const now = nowOf(deps);
  const row = await findDispute(deps.db, id);
  if (!row) return { kind: 'refused' as const, status: 404 as const, message: disputesApi.notFound };
  if (row.source !== 'manual') return { kind: 'refused' as const, status: 409 as const, message: disputesApi.notManual };
  const closed = await closeAndTell(deps, id, state, now);
  if (!closed) return { kind: 'refused' as const, status: 409 as const, message: disputesApi.closed };
  const order = await findOrderById(deps.db, closed.order_id);
  if (order && closed.state === 'lost') await endLostDispute(deps, order, now);
  return { kind: 'ok' as const, dispute: await toAdminDispute(deps, (await findDispute(deps.db, id)) ?? closed) };
}

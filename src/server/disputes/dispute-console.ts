// The console's reading of disputes and blocks: each dispute with its order, purchase and money as the seller sees them.
import type { AdminDispute, AdminDisputeBlock, AdminDisputeList } from '../../shared/disputes.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { medReturnOf, type PurchaseRecord } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { listActiveBlocks, listDisputes, listOpenDisputes, type DisputeRow } from './dispute-repository.ts';
import type { DisputesDeps } from './dispute-service.ts';

export async function toAdminDispute(deps: DisputesDeps, row: DisputeRow): Promise<AdminDispute> {
  const [order, purchase] = await Promise.all([findOrderById(deps.db, row.order_id), loadPurchase(deps.db, row.order_id)]);
  const time = (value: number | null) => (value === null ? null : Number(value));
  const provider = deps.payments.get(row.provider);
  return {
    id: row.id,
    orderId: row.order_id,
    orderRef: order?.public_ref ?? '',
    buyerName: order?.buyer_name ?? '',
    provider: row.provider,
    source: row.source,
    providerDisputeId: row.source === 'manual' ? null : row.provider_dispute_id,
    endToEndId: row.end_to_end_id,
    amountCents: Number(row.amount_cents),
    returnedCents: returnedOf(row, provider?.capabilities.medReturnOnRead === true),
    returnedPart: order !== undefined && purchase !== undefined && isMedPart(purchase, order),
    state: row.state,
    openedAt: Number(row.opened_at),
    defenceDueAt: time(row.defence_due_at),
    closedAt: time(row.closed_at),
    defenceChannel: row.defence_channel ?? (row.source === 'provider' && provider?.disputes?.defend ? 'provider' : 'panel'),
    defenceSentAt: time(row.defence_sent_at),
    items: (purchase?.items.get(row.order_id) ?? []).map((item) => item.title),
  };
}

/** The ledger's own reading (purchase-ledger.ts medReturnOf): returned, still paid, tied to no item. */
function isMedPart(purchase: PurchaseRecord, order: OrderRow): boolean {
  return medReturnOf(purchase, order).partCents > 0;
}

function returnedOf(row: DisputeRow, returnsOnRead: boolean): number | null {
  if (row.returned_cents !== null) return Number(row.returned_cents);
  return row.state === 'lost' && !(returnsOnRead && row.source === 'provider') ? Number(row.amount_cents) : null;
}

export async function listAdminDisputes(deps: DisputesDeps): Promise<AdminDisputeList> {
  const rows = await listDisputes(deps.db);
  const disputes = [];
  for (const row of rows) disputes.push(await toAdminDispute(deps, row));
  const blocks: AdminDisputeBlock[] = [];
  for (const block of await listActiveBlocks(deps.db, deps.config.disputeBlockAfter)) {
    const order = await findOrderById(deps.db, block.order_id);
    blocks.push({ id: block.id, kind: block.kind, orderRef: order?.public_ref ?? '', createdAt: Number(block.created_at) });
  }
  return { disputes, blocks };
}

export async function openDisputesOverview(deps: Pick<DisputesDeps, 'db'>) {
  const rows = await listOpenDisputes(deps.db);
  const result = [];
  for (const row of rows) {
    const order = await findOrderById(deps.db, row.order_id);
    result.push({
      id: row.id,
      orderRef: order?.public_ref ?? '',
      amountCents: Number(row.amount_cents),
      defenceDueAt: row.defence_due_at === null ? null : Number(row.defence_due_at),
    });
  }
  return result;
}

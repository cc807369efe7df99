import type { Kysely } from 'kysely';
import type { AdminBuyerErased, AdminBuyerOrder, AdminBuyerSummary } from '../../shared/admin.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import { collectBuyerData, eraseBuyerData, type BuyerExport } from '../privacy/buyer-data.ts';
import { recordAudit } from './admin-audit.ts';

// LGPD art. 18: the audit names orders by id, never the address, so a deletion leaves no copy.

const epoch = (at: string | null) => (at === null ? null : Date.parse(at));

function listOrders(data: BuyerExport): AdminBuyerOrder[] {
  return data.orders.map((order) => ({
    reference: order.reference,
    status: order.status,
    name: order.name,
    amountCents: order.amountCents,
    createdAt: epoch(order.createdAt),
    paidAt: epoch(order.paidAt),
  }));
}

async function auditEach(db: Kysely<Database>, entry: { session: string; action: string; orderIds: string[]; now: number }) {
  if (entry.orderIds.length === 0) {
    await recordAudit(db, { session: entry.session, action: entry.action, detail: { orders: 0 }, now: entry.now });
    return;
  }
  for (const orderId of entry.orderIds) await recordAudit(db, { session: entry.session, action: entry.action, orderId, now: entry.now });
}

export async function findBuyer(db: Kysely<Database>, email: string): Promise<AdminBuyerSummary> {
  const { data } = await collectBuyerData(db, email);
  return { email: data.email, orders: listOrders(data) };
}

export async function exportBuyer(db: Kysely<Database>, input: { email: string; session: string; now: number }): Promise<BuyerExport> {
  const { data, orderIds } = await collectBuyerData(db, input.email);
  await auditEach(db, { session: input.session, action: 'export_buyer', orderIds, now: input.now });
  return data;
}

export async function eraseBuyer(
  db: Kysely<Database>,
  dialect: Dialect,
  input: { email: string; session: string; now: number; dataDir: string; orders: OrdersDeps; reviewsChanged?: () => void },
): Promise<AdminBuyerErased> {
  const { data } = await collectBuyerData(db, input.email);
  const { now, dataDir, orders, reviewsChanged } = input;
  const erased = await eraseBuyerData(db, dialect, input.email, {
    now,
    dataDir,
    events: orders.events,
    orders,
    ...(reviewsChanged ? { reviewsChanged } : {}),
  });
  await auditEach(db, { session: input.session, action: 'delete_buyer', orderIds: erased, now: input.now });
  return { erasedOrders: erased.length, orders: listOrders(data).map((order) => ({ ...order, name: '' })) };
}

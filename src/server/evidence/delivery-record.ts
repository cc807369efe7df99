import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EvidenceKind } from './evidence.ts';

// The delivery record for disputes (docs/refunds.md#evidence), the order_evidence table: written by access/ (each access
// e-mail accepted) and refunds/ (each step of a refund), read by the console's document and the buyer's data export.

type Executor = Kysely<Database> | Transaction<Database>;

export async function recordEvidence(db: Executor, entry: { orderId: string; at: number; kind: EvidenceKind; detail?: string | null }) {
  await db
    .insertInto('order_evidence')
    .values({ id: randomUUID(), order_id: entry.orderId, at: entry.at, kind: entry.kind, detail: entry.detail?.slice(0, 600) ?? null })
    .execute();
}

export async function listEvidence(db: Executor, orderId: string) {
  const rows = await db
    .selectFrom('order_evidence')
    .select(['at', 'kind', 'detail'])
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ at: Number(row.at), kind: row.kind as EvidenceKind, detail: row.detail }));
}

/** A buyer's erasure takes their orders' record with them. */
export async function deleteEvidenceOfOrders(db: Executor, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .deleteFrom('order_evidence')
    .where('order_id', 'in', [...orderIds])
    .execute();
}

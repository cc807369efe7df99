import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// The member page's opens (member_page_opens) as other folders read them: the evidence, the console, LGPD, the erasure.

type Executor = Kysely<Database> | Transaction<Database>;

export async function listMemberPageOpenings(db: Executor, orderId: string) {
  const rows = await db.selectFrom('member_page_opens').select(['at', 'client']).where('order_id', '=', orderId).orderBy('at').execute();
  return rows.map((row) => ({ at: Number(row.at), client: row.client }));
}

export async function listLatestMemberPageOpens(db: Executor, orderId: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('member_page_opens')
    .select('at')
    .where('order_id', '=', orderId)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.at));
}

export async function listMemberPageOpensOfOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('member_page_opens')
    .select(['order_id', 'at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('at')
    .execute();
}

export async function deleteMemberPageOpens(db: Executor, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .deleteFrom('member_page_opens')
    .where('order_id', 'in', [...orderIds])
    .execute();
}

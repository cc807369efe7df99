import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { eraseOrdersOfEmail } from '../orders/order-erasure.ts';

export { listOrdersOfEmail, retireOpenCharges } from '../orders/order-erasure.ts';

/** Everything stored about the buyers of one e-mail address (LGPD art. 18: access and deletion). */

export async function listAccessLinkDates(db: Kysely<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('access_tokens')
    .select(['order_id', 'created_at', 'revoked_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .execute();
}

export async function listMemberPageOpenDates(db: Kysely<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('member_page_opens').select(['order_id', 'at']).where('order_id', 'in', orderIds).orderBy('at').execute();
}

/** Every outbox row of the orders: the e-mails, and the webhook events and conversions sent about them. */
export async function listEmailsSent(db: Kysely<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('outbox')
    .select(['order_id', 'kind', 'created_at', 'sent_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .execute();
}

/** The money columns stay, for accounting; run it in the caller's transaction. */
export async function eraseBuyerRows(trx: Transaction<Database>, email: string, now: number): Promise<string[]> {
  const ids = await eraseOrdersOfEmail(trx, email, now);
  if (ids.length > 0) {
    await trx.deleteFrom('webhook_events').where('order_id', 'in', ids).execute();
    // A console correction keeps both addresses in its detail.
    await trx.updateTable('admin_audit').set({ detail: null }).where('order_id', 'in', ids).where('detail', 'is not', null).execute();
  }
  await trx
    .updateTable('sandbox_transactions')
    .set({ customer_name: null, customer_email: null, customer_phone: null })
    .where('customer_email', '=', email)
    .execute();
  return ids;
}

/** The erased bytes must be unreadable in the files too, the WAL and free pages included. */
export async function purgeErasedBytes(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    await sql`vacuum`.execute(db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    return;
  }
  for (const table of ['orders', 'sandbox_transactions', 'webhook_events', 'admin_audit', 'open_finance_links']) {
    await sql`vacuum ${sql.table(table)}`.execute(db);
  }
}

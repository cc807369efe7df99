import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { deleteWebhookEventsOfOrders, eraseOrdersOfEmail } from '../orders/order-erasure.ts';
import { eraseSandboxCustomer } from '../sandbox/sandbox-erasure.ts';

export { listOrdersOfEmail, retireOpenCharges } from '../orders/order-erasure.ts';

/** The money columns stay, for accounting; run it in the caller's transaction. */
export async function eraseBuyerRows(trx: Transaction<Database>, email: string, now: number): Promise<string[]> {
  const ids = await eraseOrdersOfEmail(trx, email, now);
  await deleteWebhookEventsOfOrders(trx, ids);
  await eraseSandboxCustomer(trx, email);
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

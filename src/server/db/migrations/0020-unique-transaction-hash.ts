import { sql, type Kysely, type Migration } from 'kysely';

interface Holder {
  id: string;
  status: string;
  created_at: number | string;
  transaction_hash: string;
}

/** Settled orders keep the transaction first (their access, refund checks and reports rest on it), then the oldest. */
function keeperFirst(a: Holder, b: Holder): number {
  const settled = (order: Holder) => (order.status === 'paid' || order.status === 'reversed' ? 0 : 1);
  return settled(a) - settled(b) || Number(a.created_at) - Number(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** `transaction_hash` becomes unique; of existing duplicates one order keeps it, others move it to `contested_transaction_hash`. */
export const uniqueTransactionHashMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('contested_transaction_hash', 'text').execute();
    const shared = await sql<Holder>`
      select id, status, created_at, transaction_hash from orders
      where transaction_hash in (
        select transaction_hash from orders where transaction_hash is not null group by transaction_hash having count(*) > 1
      )
    `.execute(db);
    const groups = new Map<string, Holder[]>();
    for (const row of shared.rows) groups.set(row.transaction_hash, [...(groups.get(row.transaction_hash) ?? []), row]);
    for (const holders of groups.values()) {
      for (const order of holders.sort(keeperFirst).slice(1)) {
        await sql`
          update orders set contested_transaction_hash = transaction_hash, transaction_hash = null where id = ${order.id}
        `.execute(db);
      }
    }
    await db.schema.dropIndex('orders_transaction_hash').execute();
    await db.schema.createIndex('orders_transaction_hash_unique').on('orders').column('transaction_hash').unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_transaction_hash_unique').execute();
    await db.schema.createIndex('orders_transaction_hash').on('orders').column('transaction_hash').execute();
    await sql`
      update orders set transaction_hash = contested_transaction_hash where contested_transaction_hash is not null
    `.execute(db);
    await db.schema.alterTable('orders').dropColumn('contested_transaction_hash').execute();
  },
};

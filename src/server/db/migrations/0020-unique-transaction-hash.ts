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

/**
 * A gateway transaction settles one order only: `orders.transaction_hash` becomes unique, so an
 * order whose create reply was lost can never adopt (or be charged with) a transaction another
 * order holds, on any instance (orders/payment-repository.ts `adoptTransactionHash`). NULLs stay allowed
 * any number of times: SQLite and PostgreSQL both treat them as distinct in a unique index.
 *
 * A database from before may already hold one hash on several orders. The migration must not fail
 * on them, and no paid order may lose its data or its access: in each such group one order keeps
 * the hash (a paid or refunded one first, then the oldest); every other one moves it to
 * `contested_transaction_hash` and keeps its status. A paid order with a contested hash was very
 * likely settled by another order's payment: the seller looks it up there and decides.
 */
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

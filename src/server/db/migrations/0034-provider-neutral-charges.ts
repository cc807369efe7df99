import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Orders name their charge in the providers' common word: `transaction_hash` (TriboPay's) becomes `charge_id`, and
 * `contested_transaction_hash` (migration 0020) `contested_charge_id`, with the unique index renamed.
 *
 * `product_hash` and `offer_hash` (on orders and order_items) are TriboPay's catalogue ids: only a provider that sells
 * from a catalogue of its own reads them (its cart lines, and the product check of a charge adopted later). They stay
 * on the rows as nullable columns rather than moving to a TriboPay table: the adapter never touches the database
 * (providers only speak HTTP, docs/architecture.md), and the checkout must write them with the order, before it knows
 * which provider will take the charge. Null means the order holds no catalogue reference.
 */
const CATALOGUE_COLUMNS = [
  ['orders', 'product_hash'],
  ['orders', 'offer_hash'],
  ['order_items', 'product_hash'],
  ['order_items', 'offer_hash'],
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite cannot drop or add NOT NULL in place: the column is copied into a new one, which takes its name. */
async function rebuildColumn(db: Kysely<unknown>, table: string, column: string, notNull: boolean): Promise<void> {
  const temporary = `${column}_0034`;
  await db.schema
    .alterTable(table)
    .addColumn(temporary, 'text', (col) => (notNull ? col.notNull().defaultTo('') : col))
    .execute();
  const value = notNull ? sql`coalesce(${sql.ref(column)}, '')` : sql.ref(column);
  await sql`update ${sql.table(table)} set ${sql.ref(temporary)} = ${value}`.execute(db);
  await db.schema.alterTable(table).dropColumn(column).execute();
  await db.schema.alterTable(table).renameColumn(temporary, column).execute();
}

export const providerNeutralChargesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_transaction_hash_unique').execute();
    await db.schema.alterTable('orders').renameColumn('transaction_hash', 'charge_id').execute();
    await db.schema.alterTable('orders').renameColumn('contested_transaction_hash', 'contested_charge_id').execute();
    await db.schema.createIndex('orders_charge_id_unique').on('orders').column('charge_id').unique().execute();
    for (const [table, column] of CATALOGUE_COLUMNS) {
      if (isPostgres(db))
        await db.schema
          .alterTable(table)
          .alterColumn(column, (col) => col.dropNotNull())
          .execute();
      else await rebuildColumn(db, table, column, false);
    }
  },
  async down(db: Kysely<unknown>) {
    for (const [table, column] of CATALOGUE_COLUMNS) {
      if (isPostgres(db)) {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = '' where ${sql.ref(column)} is null`.execute(db);
        await db.schema
          .alterTable(table)
          .alterColumn(column, (col) => col.setNotNull())
          .execute();
      } else {
        await rebuildColumn(db, table, column, true);
      }
    }
    await db.schema.dropIndex('orders_charge_id_unique').execute();
    await db.schema.alterTable('orders').renameColumn('contested_charge_id', 'contested_transaction_hash').execute();
    await db.schema.alterTable('orders').renameColumn('charge_id', 'transaction_hash').execute();
    await db.schema.createIndex('orders_transaction_hash_unique').on('orders').column('transaction_hash').unique().execute();
  },
};

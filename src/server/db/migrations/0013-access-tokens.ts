import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

/** Access tokens kept only as SHA-256 hashes, so a copy of the database opens no member page. */
export const accessTokensMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('access_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('access_tokens_order').on('access_tokens').column('order_id').execute();
    await db.schema.alterTable('orders').addColumn('access_revoked_at', 'bigint').execute();
    await db.schema.alterTable('orders').addColumn('public_ref', 'text').execute();
    await db.schema.alterTable('orders').addColumn('view_key_hash', 'text').execute();

    const rows = await sql<{ id: string; status: string; access_token: string | null; updated_at: number | string }>`
      select id, status, access_token, updated_at from orders
    `.execute(db);
    for (const row of rows.rows) {
      const ref = `ref_${randomBytes(16).toString('base64url')}`;
      await sql`update orders set public_ref = ${ref} where id = ${row.id}`.execute(db);
      if (row.access_token) {
        const hash = createHash('sha256').update(row.access_token).digest('hex');
        await sql`insert into access_tokens (token_hash, order_id, created_at) values (${hash}, ${row.id}, ${Number(row.updated_at)})`.execute(
          db,
        );
      } else if (row.status === 'paid') {
        // A paid order without a token had its access revoked by the seller.
        await sql`update orders set access_revoked_at = ${Number(row.updated_at)} where id = ${row.id}`.execute(db);
      }
    }
    // The column stays (SQLite cannot drop a UNIQUE column) but holds nothing any more.
    await sql`update orders set access_token = null`.execute(db);
    await db.schema.createIndex('orders_public_ref').on('orders').column('public_ref').unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_public_ref').execute();
    await db.schema.alterTable('orders').dropColumn('view_key_hash').execute();
    await db.schema.alterTable('orders').dropColumn('public_ref').execute();
    await db.schema.alterTable('orders').dropColumn('access_revoked_at').execute();
    await db.schema.dropTable('access_tokens').execute();
  },
};

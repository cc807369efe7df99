import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationNames } from '../../../src/server/db/migrations.ts';
import { databases, migratorOf } from '../test-db.ts';

/** The orders table as it was before 0020 (the schema types know only the current shape). */
type OldShape = Kysely<Record<string, Record<string, unknown>>>;

const UNIQUE_HASHES = '0020_unique_transaction_hash';
const BEFORE = migrationNames[migrationNames.indexOf(UNIQUE_HASHES) - 1]!;

/** Migration 0020 on a database that already holds one transaction hash on several orders (an upgrade in place). */
for (const database of databases) {
  describe(`unique transaction hash migration on ${database.name}`, () => {
    it('passes over shared hashes: a paid order keeps each, the others keep status and data with the hash set aside; then a duplicate is refused', async () => {
      const db = await database.create();
      try {
        const migrator = migratorOf(db);
        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
        const old = db.db as unknown as OldShape;
        const rows: Array<{ id: string; status: string; created_at: number; transaction_hash: string | null }> = [
          // One charge's hash on three orders: the paid one keeps it, though it is not the oldest.
          { id: 'ord_a', status: 'pending', created_at: 1, transaction_hash: 'tx_shared' },
          { id: 'ord_b', status: 'paid', created_at: 2, transaction_hash: 'tx_shared' },
          { id: 'ord_c', status: 'failed', created_at: 3, transaction_hash: 'tx_shared' },
          // One payment that settled two orders: both stay paid, the older keeps the hash.
          { id: 'ord_d', status: 'paid', created_at: 5, transaction_hash: 'tx_twice' },
          { id: 'ord_e', status: 'paid', created_at: 4, transaction_hash: 'tx_twice' },
          { id: 'ord_f', status: 'pending', created_at: 6, transaction_hash: 'tx_alone' },
          { id: 'ord_g', status: 'failed', created_at: 7, transaction_hash: null },
          { id: 'ord_h', status: 'failed', created_at: 8, transaction_hash: null },
        ];
        for (const row of rows) {
          await old
            .insertInto('orders')
            .values({
              ...row,
              checkout_key: `key_${row.id}`,
              buyer_name: 'Ana',
              buyer_email: `${row.id}@example.com`,
              buyer_phone: '11987654321',
              amount_cents: 1990,
              product_hash: 'p',
              offer_hash: 'o',
              postback_secret: `pbs_${row.id}`,
              public_ref: `ref_${row.id}`,
              paid_at: row.status === 'paid' ? 10 : null,
              updated_at: 9,
              expires_at: 99,
            })
            .execute();
        }
        expect((await migrator.migrateToLatest()).error).toBeUndefined();

        const after = await db.db
          .selectFrom('orders')
          .select(['id', 'status', 'charge_id', 'contested_charge_id', 'paid_at'])
          .orderBy('id')
          .execute();
        expect(after.map((order) => [order.id, order.status, order.charge_id, order.contested_charge_id])).toEqual([
          ['ord_a', 'pending', null, 'tx_shared'],
          ['ord_b', 'paid', 'tx_shared', null],
          ['ord_c', 'failed', null, 'tx_shared'],
          ['ord_d', 'paid', null, 'tx_twice'],
          ['ord_e', 'paid', 'tx_twice', null],
          ['ord_f', 'pending', 'tx_alone', null],
          ['ord_g', 'failed', null, null],
          ['ord_h', 'failed', null, null],
        ]);
        expect(after.filter((order) => order.paid_at !== null).map((order) => order.id)).toEqual(['ord_b', 'ord_d', 'ord_e']);

        // The database itself now refuses a second order with a taken hash; any number may have none.
        const insert = (id: string, hash: string | null) =>
          db.db
            .insertInto('orders')
            .values({
              id,
              checkout_key: `key_${id}`,
              status: 'pending',
              buyer_name: 'Bruno',
              buyer_email: `${id}@example.com`,
              buyer_phone: '21912345678',
              amount_cents: 1990,
              product_hash: 'p',
              offer_hash: 'o',
              postback_secret: `pbs_${id}`,
              public_ref: `ref_${id}`,
              charge_id: hash,
              created_at: 20,
              updated_at: 20,
              expires_at: 99,
            })
            .execute();
        await expect(insert('ord_thief', 'tx_twice')).rejects.toThrow(/unique|duplicate/i);
        await insert('ord_i', null);
        await insert('ord_j', null);
        await expect(db.db.updateTable('orders').set({ charge_id: 'tx_alone' }).where('id', '=', 'ord_i').execute()).rejects.toThrow(
          /unique|duplicate/i,
        );
        expect(await db.migrate()).toEqual([]);
      } finally {
        await db.close();
      }
    });
  });
}

import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationNames } from '../../../src/server/db/migrations.ts';
import { databases, migratorOf } from '../test-db.ts';

/** The tables on either side of 0034 (the schema types know only the current shape). */
type AnyShape = Kysely<Record<string, Record<string, unknown>>>;

const NEUTRAL = '0034_provider_neutral_charges';
const BEFORE = migrationNames[migrationNames.indexOf(NEUTRAL) - 1]!;

const order = (id: string, hash: string | null) => ({
  id,
  checkout_key: `key_${id}`,
  status: 'pending',
  buyer_name: 'Ana',
  buyer_email: `${id}@example.com`,
  buyer_phone: '11987654321',
  amount_cents: 1990,
  postback_secret: `pbs_${id}`,
  public_ref: `ref_${id}`,
  created_at: 1,
  updated_at: 1,
  expires_at: 99,
  ...(hash === null ? {} : { transaction_hash: hash }),
});

/** An upgrade in place, and back: no charge id, contested id or catalogue reference is lost either way. */
for (const database of databases) {
  describe(`provider-neutral charges migration on ${database.name}`, () => {
    it('renames the charge columns keeping every value, lets an order hold no catalogue ids, and goes down again', async () => {
      const db = await database.create();
      try {
        const migrator = migratorOf(db);
        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
        const any = db.db as unknown as AnyShape;
        await any
          .insertInto('orders')
          .values({ ...order('ord_a', 'tx_a'), product_hash: 'prd', offer_hash: 'off' })
          .execute();
        await any
          .insertInto('orders')
          .values({ ...order('ord_b', null), contested_transaction_hash: 'tx_a', product_hash: 'prd', offer_hash: 'off' })
          .execute();
        await any
          .insertInto('order_items')
          .values({ order_id: 'ord_a', item: 'main', title: 'Lista', price_cents: 1990, product_hash: 'prd', offer_hash: 'off' })
          .execute();

        expect((await migrator.migrateTo(NEUTRAL)).error).toBeUndefined();
        const after = await any
          .selectFrom('orders')
          .select(['id', 'charge_id', 'contested_charge_id', 'product_hash', 'offer_hash'])
          .orderBy('id')
          .execute();
        expect(after).toEqual([
          { id: 'ord_a', charge_id: 'tx_a', contested_charge_id: null, product_hash: 'prd', offer_hash: 'off' },
          { id: 'ord_b', charge_id: null, contested_charge_id: 'tx_a', product_hash: 'prd', offer_hash: 'off' },
        ]);
        expect(await any.selectFrom('order_items').select(['product_hash', 'offer_hash']).execute()).toEqual([
          { product_hash: 'prd', offer_hash: 'off' },
        ]);
        // A provider without a catalogue: no ids to keep.
        await any
          .insertInto('orders')
          .values({ ...order('ord_c', null), charge_id: 'tx_c' })
          .execute();
        await any.insertInto('order_items').values({ order_id: 'ord_c', item: 'main', title: 'Lista', price_cents: 1990 }).execute();
        // Still one order per charge.
        await expect(
          any
            .insertInto('orders')
            .values({ ...order('ord_d', null), charge_id: 'tx_a' })
            .execute(),
        ).rejects.toThrow(/unique|duplicate/i);

        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
        const down = await any
          .selectFrom('orders')
          .select(['id', 'transaction_hash', 'contested_transaction_hash', 'product_hash'])
          .orderBy('id')
          .execute();
        expect(down).toEqual([
          { id: 'ord_a', transaction_hash: 'tx_a', contested_transaction_hash: null, product_hash: 'prd' },
          { id: 'ord_b', transaction_hash: null, contested_transaction_hash: 'tx_a', product_hash: 'prd' },
          { id: 'ord_c', transaction_hash: 'tx_c', contested_transaction_hash: null, product_hash: '' },
        ]);
        await expect(
          any
            .insertInto('orders')
            .values({ ...order('ord_e', 'tx_c'), product_hash: 'p', offer_hash: 'o' })
            .execute(),
        ).rejects.toThrow(/unique|duplicate/i);
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
      } finally {
        await db.close();
      }
    });
  });
}

import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lookUpAccessToken } from '../../../src/server/access/access-service.ts';
import { hashAccessToken } from '../../../src/server/access/access-token.ts';
import { databases, migratorOf } from '../test-db.ts';

/** The tables as they were before 0013 (the schema types know only the current shape). */
type OldShape = Kysely<Record<string, Record<string, unknown>>>;

/** Migration 0013 on a database that still holds plain access tokens (an upgrade in place). */
for (const database of databases) {
  describe(`access token migration on ${database.name}`, () => {
    it('hashes every existing token, erases the clear ones, keeps revocations and gives each order a public reference', async () => {
      const db = await database.create();
      try {
        const migrator = migratorOf(db);
        expect((await migrator.migrateTo('0012_admin_console')).error).toBeUndefined();
        const base = {
          buyer_name: 'Ana',
          buyer_phone: '11987654321',
          amount_cents: 1990,
          product_hash: 'p',
          offer_hash: 'o',
          created_at: 1,
          updated_at: 5,
          expires_at: 2,
        };
        const rows = [
          { id: 'ord_live', status: 'paid', access_token: 'acc_live_token_0123456789abcdefghijkl' },
          { id: 'ord_revoked', status: 'paid', access_token: null },
          { id: 'ord_unpaid', status: 'pending', access_token: null },
        ];
        for (const row of rows) {
          await (db.db as unknown as OldShape)
            .insertInto('orders')
            .values({
              ...base,
              ...row,
              checkout_key: `key_${row.id}`,
              buyer_email: `${row.id}@example.com`,
              postback_secret: `pbs_${row.id}`,
            })
            .execute();
        }
        expect((await migrator.migrateToLatest()).error).toBeUndefined();

        const orders = await db.db.selectFrom('orders').select(['id', 'public_ref', 'access_revoked_at']).orderBy('id').execute();
        expect(orders.map((order) => [order.id, order.access_revoked_at === null ? null : Number(order.access_revoked_at)])).toEqual([
          ['ord_live', null],
          ['ord_revoked', 5],
          ['ord_unpaid', null],
        ]);
        expect(new Set(orders.map((order) => order.public_ref)).size).toBe(3);
        for (const order of orders) expect(order.public_ref).toMatch(/^ref_[\w-]{22}$/);
        const tokens = await db.db.selectFrom('access_tokens').selectAll().execute();
        expect(tokens.map((token) => [token.order_id, token.token_hash])).toEqual([
          ['ord_live', hashAccessToken('acc_live_token_0123456789abcdefghijkl')],
        ]);
        const clear = await (db.db as unknown as OldShape)
          .selectFrom('orders')
          .select('access_token')
          .where('access_token', 'is not', null)
          .execute();
        expect(clear).toEqual([]);
        // The link the buyer already has keeps working.
        expect((await lookUpAccessToken(db.db, 'acc_live_token_0123456789abcdefghijkl')).kind).toBe('active');
      } finally {
        await db.close();
      }
    });
  });
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, postgresReachable } from '../test-db.ts';

describe.skipIf(!postgresReachable)('text with a NUL byte on PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof createPostgresDb>>;
  beforeAll(async () => {
    db = await createPostgresDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('finds nothing instead of failing a look-up', async () => {
    const found = await db.db.selectFrom('orders').select('id').where('id', '=', 'ord_\0').executeTakeFirst();
    expect(found).toBeUndefined();
    const listed = await db.db.selectFrom('orders').select('id').where('id', 'in', ['a', '\0b']).execute();
    expect(listed).toEqual([]);
  });

  it('writes U+FFFD in its place, in raw queries too', async () => {
    const { rows } = await sql<{ text: string }>`select ${'a\0b'}::text as text`.execute(db.db);
    expect(rows[0]!.text).toBe('a\uFFFDb');
  });
});

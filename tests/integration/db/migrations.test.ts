import { describe, expect, it } from 'vitest';
import { databases } from '../test-db.ts';

for (const database of databases) {
  describe(`migrations on ${database.name}`, () => {
    it('run once and are idempotent on the next start', async () => {
      const db = await database.create();
      try {
        // create() already migrated; a restart applies nothing new.
        expect(await db.migrate()).toEqual([]);
        const tables = await db.db.introspection.getTables();
        expect(tables.map((table) => table.name)).toContain('funnel');
      } finally {
        await db.close();
      }
    });
  });
}

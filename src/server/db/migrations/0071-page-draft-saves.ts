import type { Kysely, Migration } from 'kysely';

/**
 * Every draft save kept for a day (docs/editing.md#drafts-and-merges): an editor's draft is one row that each save
 * overwrites, so what another tab or device saved over it is found again here. One row per save that changed something
 * (at most SAVES_PER_SESSION a session, offer/draft-saves.ts); the retention job drops rows older than 24 hours.
 */
export const pageDraftSavesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('page_draft_saves')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('editor', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text')
      .addColumn('tab', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('base_number', 'integer', (col) => col.notNull())
      .addColumn('saved_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('page_draft_saves_editor').on('page_draft_saves').columns(['editor', 'saved_at']).execute();
    await db.schema.createIndex('page_draft_saves_saved_at').on('page_draft_saves').column('saved_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('page_draft_saves').execute();
  },
};

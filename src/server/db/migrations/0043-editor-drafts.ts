import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One draft per editor (docs/editing.md#drafts-and-merges): the key is the console session that made it (a label,
 * never the cookie), with its user (null: the owner), the live version it was based on, and a revision the editor's
 * preview names, so a publish puts live exactly what that editor last saw. The one shared draft of before is kept
 * as the draft of the session that last saved it.
 */
export const editorDraftsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('page_editor_drafts')
      .addColumn('editor', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text')
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('base_number', 'integer', (col) => col.notNull())
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await sql`insert into page_editor_drafts (editor, user_id, content, base_number, revision, updated_at)
      select updated_by, null, content, base_number, 1, updated_at from page_drafts`.execute(db);
    await db.schema.dropTable('page_drafts').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('page_drafts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('base_number', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .execute();
    await db.schema.dropTable('page_editor_drafts').execute();
  },
};

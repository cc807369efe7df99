// Every draft save kept for a day: what another tab or device saved over it is found again (docs/editing.md#drafts-and-merges).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DraftEditor } from './offer-repository.ts';

/**
 * At most this many entries per console session, the oldest dropped: a script saving in a loop cannot grow the table
 * without end. Saves are never folded into one by time: the tab that hears another tab's typing saves that text too,
 * and a fold would put it over the first tab's own last save, the very text this list exists to give back.
 */
export const SAVES_PER_SESSION = 60;
/** The list the console shows: the newest first. */
const SAVES_SHOWN = 30;

interface StoredSave {
  id: string;
  editor: string;
  userId: string | null;
  tab: string;
  content: string;
  baseNumber: number;
  savedAt: number;
}

/** Keeps this save: the same content on the same base as the session's last entry adds nothing. */
export async function keepSave(
  db: Kysely<Database>,
  editor: DraftEditor,
  save: { tab: string; content: string; baseNumber: number; savedAt: number },
): Promise<void> {
  const last = await db
    .selectFrom('page_draft_saves')
    .select(['content', 'base_number'])
    .where('editor', '=', editor.session)
    .orderBy('saved_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last && last.content === save.content && Number(last.base_number) === save.baseNumber) return;
  await db
    .insertInto('page_draft_saves')
    .values({
      id: randomUUID(),
      editor: editor.session,
      user_id: editor.userId,
      tab: save.tab,
      content: save.content,
      base_number: save.baseNumber,
      saved_at: save.savedAt,
    })
    .execute();
  const kept = db
    .selectFrom('page_draft_saves')
    .select('id')
    .where('editor', '=', editor.session)
    .orderBy('saved_at', 'desc')
    .limit(SAVES_PER_SESSION);
  await db
    .deleteFrom('page_draft_saves')
    .where('editor', '=', editor.session)
    .where('id', 'not in', (eb) => eb.selectFrom(kept.as('kept')).select('kept.id'))
    .execute();
}

/**
 * The saves since `since` this reader may see, newest first: the owner (`userId` null) sees every editor's; a console
 * user only their own person's (each of their sessions), as the page's drafts are theirs alone.
 */
export async function listSaves(db: Kysely<Database>, reader: { userId: string | null }, since: number): Promise<StoredSave[]> {
  let query = db.selectFrom('page_draft_saves').selectAll().where('saved_at', '>=', since);
  if (reader.userId !== null) query = query.where('user_id', '=', reader.userId);
  const rows = await query.orderBy('saved_at', 'desc').limit(SAVES_SHOWN).execute();
  return rows.map((row) => ({
    id: row.id,
    editor: row.editor,
    userId: row.user_id,
    tab: row.tab,
    content: row.content,
    baseNumber: Number(row.base_number),
    savedAt: Number(row.saved_at),
  }));
}

/** The retention job's: saves older than `before` are gone. */
export async function pruneSaves(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('page_draft_saves').where('saved_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

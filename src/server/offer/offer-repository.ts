import { sql, type Kysely } from 'kysely';
import { offerDefaults, offerMessages } from '../../content/offer.ts';
import { offerFromStored, type Offer } from '../../shared/offer.ts';
import type { Database } from '../db/schema.ts';
import { activeUserIds } from '../admin/admin-users.ts';

export interface StoredVersion {
  number: number;
  content: string;
  publishedAt: number;
  publishedBy: string;
  restoredFrom: number | null;
  landingBytes: number;
}

export interface StoredDraft {
  content: string;
  baseNumber: number;
  /** Grows at each save of this editor's draft: the one its preview showed is the one a publish names. */
  revision: number;
  updatedAt: number;
}

/** Whose draft: the console session that makes it (docs/editing.md#drafts-and-merges), and its user (null: the owner). */
export interface DraftEditor {
  session: string;
  userId: string | null;
}

/** A stored version or draft as the schema reads it today (fields added since take their defaults). */
export function parseStoredOffer(content: string): Offer {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    value = {};
  }
  return offerFromStored(value, offerDefaults, offerMessages);
}

const toVersion = (row: {
  number: number;
  content: string;
  published_at: number | string;
  published_by: string;
  restored_from: number | null;
  landing_bytes: number;
}): StoredVersion => ({
  number: Number(row.number),
  content: row.content,
  publishedAt: Number(row.published_at),
  publishedBy: row.published_by,
  restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  landingBytes: Number(row.landing_bytes),
});

/** 0 while the seller has published nothing: the build's content files are live. */
export async function liveVersionNumber(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('page_versions')
    .select((eb) => eb.fn.max('number').as('number'))
    .executeTakeFirst();
  return row?.number == null ? 0 : Number(row.number);
}

export async function findVersion(db: Kysely<Database>, number: number): Promise<StoredVersion | undefined> {
  const row = await db.selectFrom('page_versions').selectAll().where('number', '=', number).executeTakeFirst();
  return row ? toVersion(row) : undefined;
}

/** Newest first, without their content. */
export async function listVersions(db: Kysely<Database>, limit: number): Promise<Array<Omit<StoredVersion, 'content'>>> {
  const rows = await db
    .selectFrom('page_versions')
    .select(['number', 'published_at', 'published_by', 'restored_from', 'landing_bytes'])
    .orderBy('number', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const { content: _content, ...version } = toVersion({ ...row, content: '' });
    return version;
  });
}

/** Another publish that took the number first makes the key refuse this one. */
export async function insertVersion(db: Kysely<Database>, version: StoredVersion): Promise<'ok' | 'taken'> {
  const inserted = await db
    .insertInto('page_versions')
    .values({
      number: version.number,
      content: version.content,
      published_at: version.publishedAt,
      published_by: version.publishedBy,
      restored_from: version.restoredFrom,
      landing_bytes: version.landingBytes,
    })
    .onConflict((conflict) => conflict.column('number').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? 'ok' : 'taken';
}

export async function findDraft(db: Kysely<Database>, editor: string): Promise<StoredDraft | undefined> {
  const row = await db.selectFrom('page_editor_drafts').selectAll().where('editor', '=', editor).executeTakeFirst();
  return row
    ? { content: row.content, baseNumber: Number(row.base_number), revision: Number(row.revision), updatedAt: Number(row.updated_at) }
    : undefined;
}

/**
 * Stores the editor's draft as its next revision, and returns that revision. The same content on the same base keeps
 * its revision: the autosave landing just after "Salvar rascunho e ver prévia" must not outdate what was previewed.
 */
export async function saveDraftRow(db: Kysely<Database>, editor: DraftEditor, draft: Omit<StoredDraft, 'revision'>): Promise<number> {
  const values = { content: draft.content, base_number: draft.baseNumber, updated_at: draft.updatedAt };
  const row = await db
    .insertInto('page_editor_drafts')
    .values({ editor: editor.session, user_id: editor.userId, revision: 1, ...values })
    .onConflict((conflict) =>
      conflict.column('editor').doUpdateSet({
        ...values,
        revision: sql<number>`case when page_editor_drafts.content = ${values.content} and page_editor_drafts.base_number = ${values.base_number} then page_editor_drafts.revision else page_editor_drafts.revision + 1 end`,
      }),
    )
    .returning('revision')
    .executeTakeFirstOrThrow();
  return Number(row.revision);
}

/** This editor's draft only; with `revision`, only if no save came after it (another tab of the same session). */
export async function deleteDraft(db: Kysely<Database>, editor: string, revision?: number): Promise<void> {
  let query = db.deleteFrom('page_editor_drafts').where('editor', '=', editor);
  if (revision !== undefined) query = query.where('revision', '=', revision);
  await query.execute();
}

/** Drafts no editor will open again: a revoked or removed user's, and one untouched since `staleBefore` that a later publish outdated. */
export async function pruneDrafts(db: Kysely<Database>, staleBefore: number): Promise<number> {
  const result = await db
    .deleteFrom('page_editor_drafts')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', 'is not', null), eb('user_id', 'not in', activeUserIds(db))]),
        eb.and([
          eb('updated_at', '<', staleBefore),
          eb.exists(
            eb.selectFrom('page_versions').select('number').whereRef('page_versions.number', '>', 'page_editor_drafts.base_number'),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every version's number and when it went live, oldest first: when each price was live (offer/reference-price.ts). */
export async function listVersionTimes(db: Kysely<Database>): Promise<Array<{ number: number; publishedAt: number }>> {
  const rows = await db.selectFrom('page_versions').select(['number', 'published_at']).orderBy('number', 'asc').execute();
  return rows.map((row) => ({ number: Number(row.number), publishedAt: Number(row.published_at) }));
}

/** The contents of these versions, by number (the page's history compares each with the one before). */
export async function findVersionContents(db: Kysely<Database>, numbers: readonly number[]): Promise<Map<number, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('page_versions')
    .select(['number', 'content'])
    .where('number', 'in', [...new Set(numbers)])
    .execute();
  return new Map(rows.map((row) => [Number(row.number), row.content]));
}

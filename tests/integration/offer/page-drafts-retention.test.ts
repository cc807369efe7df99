import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRetentionJob } from '../../../src/server/jobs/retention.ts';
import { createLogger } from '../../../src/server/lib/logger.ts';
import { STALE_DRAFT_RETENTION_DAYS } from '../../../src/shared/retention.ts';
import { databases, type TestDb } from '../test-db.ts';

const DAY = 24 * 60 * 60_000;
const NOW = Date.UTC(2026, 10, 28, 12);

/**
 * The page editor's drafts do not pile up (docs/editing.md#drafts-and-merges): the retention job drops a revoked or
 * removed user's drafts at once, and a draft left untouched for 30 days after a publish outdated it; the seller's
 * recent work, and an old draft nothing has outdated, stay.
 */
describe.each(databases)('the retention of page editor drafts ($name)', (database) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await database.create();
  });
  afterEach(async () => {
    await db.close();
  });

  const user = (id: string, revokedAt: number | null) =>
    db.db
      .insertInto('admin_users')
      .values({
        id,
        email: `${id}@example.com`,
        name: id,
        password_hash: 'x',
        permissions: '["page"]',
        created_at: NOW - 400 * DAY,
        revoked_at: revokedAt,
      })
      .execute();
  const draft = (editor: string, userId: string | null, baseNumber: number, updatedAt: number) =>
    db.db
      .insertInto('page_editor_drafts')
      .values({ editor, user_id: userId, content: '{}', base_number: baseNumber, revision: 1, updated_at: updatedAt })
      .execute();

  it('keeps recent and not-outdated drafts, drops a revoked or removed user’s and a stale outdated one', async () => {
    await user('marina', null);
    await user('paulo', NOW - DAY);
    await db.db
      .insertInto('page_versions')
      .values({ number: 1, content: '{}', published_at: NOW - 60 * DAY, published_by: 'sess', restored_from: null, landing_bytes: 13_000 })
      .execute();
    const stale = NOW - (STALE_DRAFT_RETENTION_DAYS + 1) * DAY;
    await draft('owner-recent', null, 0, NOW - DAY);
    await draft('owner-stale-outdated', null, 0, stale);
    await draft('owner-stale-on-live', null, 1, stale);
    await draft('marina-recent', 'marina', 1, NOW - DAY);
    await draft('paulo-revoked', 'paulo', 1, NOW - DAY);
    await draft('removed-user', 'gone', 1, NOW - DAY);

    const logger = createLogger({ level: 'error', sink: { write: () => undefined } });
    await createRetentionJob({ db: db.db, logger, unpaidRetentionDays: 30, now: () => NOW }).runOnce();

    const left = (await db.db.selectFrom('page_editor_drafts').select('editor').orderBy('editor').execute()).map((row) => row.editor);
    expect(left).toEqual(['marina-recent', 'owner-recent', 'owner-stale-on-live']);
  });
});

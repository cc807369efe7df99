import type { Kysely, Selectable } from 'kysely';
import type { Database, SandboxTransactionTable } from '../db/schema.ts';

export type SandboxTransactionRow = Selectable<SandboxTransactionTable>;

export async function insertSandboxTransaction(db: Kysely<Database>, row: SandboxTransactionRow): Promise<void> {
  await db.insertInto('sandbox_transactions').values(row).execute();
}

/** Hashes come from URLs: one not shaped like ours is not looked up (PostgreSQL errors on a NUL byte). */
const HASH_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export async function findSandboxTransaction(db: Kysely<Database>, hash: string): Promise<SandboxTransactionRow | null> {
  if (!HASH_PATTERN.test(hash)) return null;
  const row = await db.selectFrom('sandbox_transactions').selectAll().where('hash', '=', hash).executeTakeFirst();
  return row ?? null;
}

/** A no-op (false) unless in `from`, so a replayed form cannot pay twice or refund what was never paid. */
export async function changeSandboxTransactionStatus(
  db: Kysely<Database>,
  hash: string,
  change: { from: string; to: string; now: number },
): Promise<boolean> {
  if (!HASH_PATTERN.test(hash)) return false;
  const result = await db
    .updateTable('sandbox_transactions')
    .set({ payment_status: change.to, updated_at: change.now })
    .where('hash', '=', hash)
    .where('payment_status', '=', change.from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function retryOutboxMessage(db: Kysely<Database>, id: string, now: number): Promise<string | undefined> {
  const row = await db
    .updateTable('outbox')
    .set({ next_attempt_at: now, attempts: 0, locked_until: null })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .returning('order_id')
    .executeTakeFirst();
  return row?.order_id;
}

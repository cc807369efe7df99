import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// The primary key (address, day, slot) lets each slot's insert through once, so the quota holds across instances without a lock.

interface QuotaClaim {
  recipientHash: string;
  day: string;
  messageKey: string;
  max: number;
  now: number;
}

async function holdsSlot(db: Kysely<Database>, claim: QuotaClaim): Promise<boolean> {
  const row = await db
    .selectFrom('pix_email_quota')
    .select('slot')
    .where('recipient_hash', '=', claim.recipientHash)
    .where('day', '=', claim.day)
    .where('message_key', '=', claim.messageKey)
    .executeTakeFirst();
  return row !== undefined;
}

export async function claimPixEmailSlot(db: Kysely<Database>, claim: QuotaClaim): Promise<boolean> {
  if (await holdsSlot(db, claim)) return true;
  for (let slot = 1; slot <= claim.max; slot++) {
    const result = await db
      .insertInto('pix_email_quota')
      .values({ recipient_hash: claim.recipientHash, day: claim.day, slot, message_key: claim.messageKey, at: claim.now })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  }
  // One of them may be this message's, taken by a concurrent attempt.
  return holdsSlot(db, claim);
}

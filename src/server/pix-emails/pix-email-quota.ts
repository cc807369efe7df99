import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { businessDay } from '../../shared/time.ts';
import { normalizeEmail } from '../../shared/text.ts';
import type { Database } from '../db/schema.ts';
import { claimPixEmailSlot } from './pix-email-quota-repository.ts';

/** Anyone can type any address at checkout; this caps PIX e-mails to a stranger per São Paulo day. */
export const PIX_EMAILS_PER_ADDRESS_PER_DAY = 3;

export function recipientHash(email: string): string {
  return createHash('sha256')
    .update(`pix-email-quota:${normalizeEmail(email)}`)
    .digest('base64url');
}

export function takePixEmailQuota(
  db: Kysely<Database>,
  message: { email: string; orderId: string; kind: string },
  now: number,
  max = PIX_EMAILS_PER_ADDRESS_PER_DAY,
): Promise<boolean> {
  return claimPixEmailSlot(db, {
    recipientHash: recipientHash(message.email),
    day: businessDay(now),
    messageKey: `${message.orderId}:${message.kind}`,
    max,
    now,
  });
}

export async function deletePixEmailQuotaOf(db: Kysely<Database> | Transaction<Database>, recipientHash: string): Promise<void> {
  await db.deleteFrom('pix_email_quota').where('recipient_hash', '=', recipientHash).execute();
}

export async function prunePixEmailQuota(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('pix_email_quota').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { businessDay } from '../../shared/time.ts';
import { normalizeEmail } from '../../shared/text.ts';
import type { Database } from '../db/schema.ts';
import { claimPixEmailSlot } from './pix-email-quota-repository.ts';

/**
 * The checkout lets anyone type any address, so "Seu PIX está pronto" could be aimed at a stranger
 * again and again, one order after another. Each address gets at most this many PIX e-mails
 * (first e-mail and reminders together) per São Paulo day, whatever the orders; a real buyer's one
 * order with its two default reminders fits.
 */
export const PIX_EMAILS_PER_ADDRESS_PER_DAY = 3;

/** The address as the quota keeps it: a hash (personal data is not needed to count). */
export function recipientHash(email: string): string {
  return createHash('sha256')
    .update(`pix-email-quota:${normalizeEmail(email)}`)
    .digest('base64url');
}

/** False when the address has no slot left today. */
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

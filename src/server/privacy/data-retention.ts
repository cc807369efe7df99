// What the retention job (jobs/retention.ts) erases and deletes past its cut-offs (docs/operations.md#personal-data).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Trackers' identifiers (only with consent): erased with the buyer's data, and once the conversions are done. */
export const ERASED_TRACKING_IDENTIFIERS = {
  fbp: null,
  fbc: null,
  ga_client_id: null,
  client_ip: null,
  client_user_agent: null,
  fbclid: null,
  gclid: null,
} as const;

/** Emptied, not deleted: the row keeps its counts and money. */
export const ERASED_BUYER = {
  buyer_name: '',
  buyer_email: '',
  buyer_phone: '',
  buyer_document: null,
  ...ERASED_TRACKING_IDENTIFIERS,
  whatsapp_consent_at: null,
  whatsapp_consent_text: null,
  whatsapp_consent_version: null,
} as const;

export async function eraseTrackingIdentifiers(
  db: Kysely<Database>,
  cutoffs: { paidBefore: number; expiredBefore: number },
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ ...ERASED_TRACKING_IDENTIFIERS, updated_at: now })
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['paid', 'reversed']), eb('paid_at', '<', cutoffs.paidBefore)]),
        eb.and([eb('status', 'in', ['creating', 'pending', 'failed']), eb('expires_at', '<', cutoffs.expiredBefore)]),
      ]),
    )
    .where((eb) =>
      eb.or(
        Object.keys(ERASED_TRACKING_IDENTIFIERS).map((column) => eb(column as keyof typeof ERASED_TRACKING_IDENTIFIERS, 'is not', null)),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function eraseUnpaidBuyers(db: Kysely<Database>, before: number, now: number): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ ...ERASED_BUYER, updated_at: now })
    .where('status', 'in', ['creating', 'pending', 'failed'])
    .where('created_at', '<', before)
    .where('expires_at', '<', now)
    .where((eb) =>
      eb.or([eb('buyer_email', '!=', ''), eb('buyer_name', '!=', ''), eb('buyer_phone', '!=', ''), eb('buyer_document', 'is not', null)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The sandbox's copies of its customers, past the same period. */
export async function eraseSandboxCustomers(db: Kysely<Database>, before: number): Promise<void> {
  await db
    .updateTable('sandbox_transactions')
    .set({ customer_name: null, customer_email: null, customer_phone: null })
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('customer_email', 'is not', null), eb('customer_name', 'is not', null), eb('customer_phone', 'is not', null)]))
    .execute();
}

export async function deleteWebhookEventsBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('webhook_events').where('received_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

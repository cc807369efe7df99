// What the retention job (jobs/retention.ts) erases and deletes past its cut-offs (docs/operations.md#personal-data).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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

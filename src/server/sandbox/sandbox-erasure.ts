import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

const ERASED_CUSTOMER = { customer_name: null, customer_email: null, customer_phone: null } as const;

export async function eraseSandboxCustomer(trx: Transaction<Database>, email: string): Promise<void> {
  await trx.updateTable('sandbox_transactions').set(ERASED_CUSTOMER).where('customer_email', '=', email).execute();
}

export async function eraseSandboxCustomersBefore(db: Kysely<Database>, before: number): Promise<void> {
  await db
    .updateTable('sandbox_transactions')
    .set(ERASED_CUSTOMER)
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('customer_email', 'is not', null), eb('customer_name', 'is not', null), eb('customer_phone', 'is not', null)]))
    .execute();
}

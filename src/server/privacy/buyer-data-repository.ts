import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { ATTRIBUTION_KEYS } from '../../shared/attribution.ts';
import { ERASED_BUYER } from './data-retention.ts';

/** Everything stored about the buyers of one e-mail address (LGPD art. 18: access and deletion). */

export async function listOrdersOfEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'public_ref',
      'status',
      'buyer_name',
      'buyer_email',
      'buyer_phone',
      'buyer_document',
      'amount_cents',
      'created_at',
      'paid_at',
      ...ATTRIBUTION_KEYS,
      'tracking_consent',
      'fbp',
      'fbc',
      'ga_client_id',
      'client_ip',
      'client_user_agent',
      'whatsapp_consent_at',
      'whatsapp_consent_text',
      'whatsapp_consent_version',
    ])
    .where('buyer_email', '=', email)
    .orderBy('created_at')
    .execute();
}

export async function listAccessLinkDates(db: Kysely<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('access_tokens')
    .select(['order_id', 'created_at', 'revoked_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .execute();
}

export async function listMemberPageOpenDates(db: Kysely<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('member_page_opens').select(['order_id', 'at']).where('order_id', 'in', orderIds).orderBy('at').execute();
}

/** Every outbox row of the orders: the e-mails, and the webhook events and conversions sent about them. */
export async function listEmailsSent(db: Kysely<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('outbox')
    .select(['order_id', 'kind', 'created_at', 'sent_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .execute();
}

/** The buyer's charges still payable, retired as a re-checkout retires them; the ids of those a provider holds. */
export async function retireOpenCharges(trx: Transaction<Database>, email: string, now: number): Promise<string[]> {
  const open = await trx
    .updateTable('orders')
    .set({ status: 'failed', updated_at: now })
    .where('buyer_email', '=', email)
    .where('status', 'in', ['creating', 'pending'])
    .returning(['id', 'charge_id'])
    .execute();
  return open.filter((order) => order.charge_id !== null).map((order) => order.id);
}

/** The money columns stay, for accounting; run it in the caller's transaction. */
export async function eraseBuyerRows(trx: Transaction<Database>, email: string, now: number): Promise<string[]> {
  const orders = await trx.selectFrom('orders').select('id').where('buyer_email', '=', email).execute();
  const ids = orders.map((order) => order.id);
  if (ids.length > 0) {
    await trx
      .updateTable('orders')
      .set({ ...ERASED_BUYER, updated_at: now })
      .where('id', 'in', ids)
      .execute();
    await trx.deleteFrom('webhook_events').where('order_id', 'in', ids).execute();
    // A console correction keeps both addresses in its detail.
    await trx.updateTable('admin_audit').set({ detail: null }).where('order_id', 'in', ids).where('detail', 'is not', null).execute();
  }
  await trx
    .updateTable('sandbox_transactions')
    .set({ customer_name: null, customer_email: null, customer_phone: null })
    .where('customer_email', '=', email)
    .execute();
  return ids;
}

/** The erased bytes must be unreadable in the files too, the WAL and free pages included. */
export async function purgeErasedBytes(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    await sql`vacuum`.execute(db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    return;
  }
  for (const table of ['orders', 'sandbox_transactions', 'webhook_events', 'admin_audit']) {
    await sql`vacuum ${sql.table(table)}`.execute(db);
  }
}

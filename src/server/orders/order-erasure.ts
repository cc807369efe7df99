// The orders' side of a buyer's erasure and of the retention job (privacy/ and jobs/retention.ts call these).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ATTRIBUTION_KEYS } from '../../shared/attribution.ts';

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

/** The buyer's data emptied from every order of that e-mail; the money columns stay, for accounting. Their ids. */
export async function eraseOrdersOfEmail(trx: Transaction<Database>, email: string, now: number): Promise<string[]> {
  const orders = await trx.selectFrom('orders').select('id').where('buyer_email', '=', email).execute();
  const ids = orders.map((order) => order.id);
  if (ids.length > 0) {
    await trx
      .updateTable('orders')
      .set({ ...ERASED_BUYER, updated_at: now })
      .where('id', 'in', ids)
      .execute();
  }
  return ids;
}

/** The postbacks received about the orders, deleted with their buyer (their bodies carry the buyer's data). */
export async function deleteWebhookEventsOfOrders(trx: Transaction<Database>, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await trx
    .deleteFrom('webhook_events')
    .where('order_id', 'in', [...orderIds])
    .execute();
}

export async function deleteWebhookEventsBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('webhook_events').where('received_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { WhatsappMessageKind, WhatsappMessageMode, WhatsappMessageStatus } from '../../shared/whatsapp.ts';
import type { Database, WhatsappMessagesTable } from '../db/schema.ts';
import { orderIdsOfPhone } from '../orders/order-lookup.ts';

/** A message's row is claimed before anything goes to Meta and tells later attempts what earlier ones did. */
type Executor = Kysely<Database> | Transaction<Database>;
export type WhatsappMessageRow = Selectable<WhatsappMessagesTable>;

const byKey = (db: Executor, orderId: string, messageKey: string) =>
  db.selectFrom('whatsapp_messages').selectAll().where('order_id', '=', orderId).where('message_key', '=', messageKey).executeTakeFirst();

export const findMessageRow = (db: Kysely<Database>, orderId: string, messageKey: string) => byKey(db, orderId, messageKey);

/** Anyone can type anyone's number, so a number's day has a cap of its own. */
export async function countMessagesToPhoneSince(db: Kysely<Database>, buyerPhone: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('whatsapp_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('whatsapp_messages.order_id', 'in', orderIdsOfPhone(buyerPhone))
    .where('whatsapp_messages.created_at', '>=', since)
    .where('whatsapp_messages.kind', '!=', 'console')
    .where('whatsapp_messages.status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The unique (order, slot) index lets each slot's insert through once, so the cap holds across instances. */
export async function claimMessageRow(
  db: Kysely<Database>,
  claim: {
    orderId: string;
    kind: WhatsappMessageKind;
    messageKey: string;
    mode: WhatsappMessageMode;
    template: string;
    max: number;
    now: number;
  },
): Promise<WhatsappMessageRow | undefined> {
  const existing = await byKey(db, claim.orderId, claim.messageKey);
  if (existing) return existing;
  for (let slot = 1; slot <= claim.max; slot++) {
    const result = await db
      .insertInto('whatsapp_messages')
      .values({
        id: `wam_${randomUUID().replace(/-/g, '')}`,
        order_id: claim.orderId,
        kind: claim.kind,
        message_key: claim.messageKey,
        slot,
        mode: claim.mode,
        template: claim.template,
        status: 'sending',
        status_at: claim.now,
        created_at: claim.now,
        sent_at: null,
        meta_message_id: null,
        error_code: null,
      })
      // Either index may refuse it: the slot is taken (try the next), or a concurrent attempt at the same message won.
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) break;
    if (await byKey(db, claim.orderId, claim.messageKey)) break;
  }
  return byKey(db, claim.orderId, claim.messageKey);
}

export async function markCalling(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db
    .updateTable('whatsapp_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), status: 'sending', status_at: now, error_code: null }))
    .where('id', '=', id)
    .where('status', 'in', ['sending', 'failed'])
    .execute();
}

/** Meta took it. A status its webhook already gave (an earlier, unanswered attempt's) is kept. */
export async function markAccepted(db: Kysely<Database>, id: string, messageId: string, now: number): Promise<void> {
  await db
    .updateTable('whatsapp_messages')
    .set({ status: 'accepted', status_at: now, meta_message_id: messageId, sent_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
  await db
    .updateTable('whatsapp_messages')
    .set({ meta_message_id: messageId })
    .where('id', '=', id)
    .where('meta_message_id', 'is', null)
    .execute();
}

export async function markNoAnswer(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('whatsapp_messages')
    .set((eb) => ({ uncertain: eb('uncertain', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: Kysely<Database>, id: string, errorCode: number | null, now: number): Promise<void> {
  await db
    .updateTable('whatsapp_messages')
    .set({ status: 'failed', status_at: now, error_code: errorCode })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

export async function markRecorded(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db
    .updateTable('whatsapp_messages')
    .set({ status: 'not_sent', status_at: now, sent_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Only forward (webhooks arrive out of order, and twice); a `failed` never undoes a delivery to another device. */
const REPLACEABLE: Record<'sent' | 'delivered' | 'read' | 'failed', WhatsappMessageStatus[]> = {
  sent: ['sending', 'accepted', 'failed'],
  delivered: ['sending', 'accepted', 'sent', 'failed'],
  read: ['sending', 'accepted', 'sent', 'delivered', 'failed'],
  failed: ['sending', 'accepted', 'sent'],
};

/** Also found by our callback data: an attempt whose answer was lost has no message id yet. */
export async function applyDeliveryStatus(
  db: Kysely<Database>,
  event: { messageId: string; callbackData: string | null; status: keyof typeof REPLACEABLE; at: number; errorCode: number | null },
): Promise<WhatsappMessageRow | undefined> {
  const row =
    (await db.selectFrom('whatsapp_messages').selectAll().where('meta_message_id', '=', event.messageId).executeTakeFirst()) ??
    (event.callbackData?.startsWith('wam_')
      ? await db.selectFrom('whatsapp_messages').selectAll().where('id', '=', event.callbackData).executeTakeFirst()
      : undefined);
  if (!row || row.mode !== 'cloud_api') return undefined;
  const reached = event.status !== 'failed';
  const result = await db
    .updateTable('whatsapp_messages')
    .set({
      status: event.status,
      status_at: event.at,
      error_code: reached ? null : event.errorCode,
      meta_message_id: row.meta_message_id ?? event.messageId,
      ...(reached && row.sent_at === null ? { sent_at: event.at } : {}),
    })
    .where('id', '=', row.id)
    .where('status', 'in', REPLACEABLE[event.status])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('whatsapp_messages').selectAll().where('id', '=', row.id).executeTakeFirst();
}

/** The first failure of the order's messages whose code ends WhatsApp for it (the number, the template). */
export async function findBlockingFailure(
  db: Kysely<Database>,
  orderId: string,
  isBlocking: (code: number) => boolean,
): Promise<WhatsappMessageRow | undefined> {
  const failed = await db
    .selectFrom('whatsapp_messages')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'failed')
    .where('error_code', 'is not', null)
    .orderBy('status_at')
    .execute();
  return failed.find((row) => isBlocking(Number(row.error_code)));
}

export async function recordOptOut(db: Kysely<Database>, phoneKey: string, source: 'reply' | 'link', now: number): Promise<boolean> {
  const result = await db
    .insertInto('whatsapp_opt_outs')
    .values({ phone_key: phoneKey, at: now, source })
    .onConflict((conflict) => conflict.column('phone_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function optedOutAt(db: Kysely<Database>, phoneKey: string): Promise<number | null> {
  const row = await db.selectFrom('whatsapp_opt_outs').select('at').where('phone_key', '=', phoneKey).executeTakeFirst();
  return row ? Number(row.at) : null;
}

/** No slot, so it never takes an automatic message's place under WHATSAPP_MAX_PER_ORDER. */
export async function recordConsoleMessage(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db
    .insertInto('whatsapp_messages')
    .values({
      id: `wam_${randomUUID().replace(/-/g, '')}`,
      order_id: orderId,
      kind: 'console',
      message_key: `console:${now}`,
      slot: null,
      mode: 'wa_me',
      template: null,
      status: 'opened',
      status_at: now,
      created_at: now,
      sent_at: now,
      meta_message_id: null,
      error_code: null,
    })
    // Two clicks in the same millisecond are one use.
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

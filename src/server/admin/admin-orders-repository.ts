// The console's reads of the outbox and the member page's opens, for Saúde and an order's page.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { CONVERSION_KIND_FAMILY } from '../conversions/conversions-events.ts';
import { WEBHOOK_KIND_FAMILY } from '../outgoing-webhooks/outgoing-webhooks-events.ts';
import { kindMatches, kindsMatch } from '../outbox/outbox-queue.ts';

type HttpKindFamily = typeof WEBHOOK_KIND_FAMILY | typeof CONVERSION_KIND_FAMILY;

/** The e-mail rows: `emailKinds` are the outbox kinds sent by e-mail, from subscribers.ts's table (OutboxKinds). */
function emailKindsOnly(emailKinds: readonly string[]) {
  const match = kindsMatch(emailKinds);
  return (eb: ExpressionBuilder<Database, 'outbox'>) => kindMatches(eb, match);
}

export interface OrderEmail {
  id: string;
  kind: string;
  createdAt: number;
  sentAt: number | null;
  attempts: number;
  lastError: string | null;
}

export async function listOrderEmails(db: Kysely<Database>, orderId: string, emailKinds: readonly string[]): Promise<OrderEmail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'kind', 'created_at', 'sent_at', 'attempts', 'last_error'])
    .where('order_id', '=', orderId)
    .where(emailKindsOnly(emailKinds))
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    attempts: Number(row.attempts),
    lastError: row.last_error,
  }));
}

export async function outboxHealth(db: Kysely<Database>, now: number, emailKinds: readonly string[]) {
  const emailsOnly = emailKindsOnly(emailKinds);
  const pending = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(emailsOnly)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<', Number.MAX_SAFE_INTEGER)
    .where('created_at', '<', now - 5 * 60_000)
    // A scheduled row is late only once due.
    .where((eb) => eb.or([eb('attempts', '>', 0), eb('next_attempt_at', '<', now - 5 * 60_000)]))
    .executeTakeFirstOrThrow();
  const undeliverable = await db
    .selectFrom('outbox')
    .select(['id', 'order_id', 'last_error'])
    .where(emailsOnly)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('next_attempt_at', '=', Number.MAX_SAFE_INTEGER), eb('attempts', '>=', 3)]))
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return {
    backlog: Number(pending.n),
    undeliverable: undeliverable.map((row) => ({ id: row.id, orderId: row.order_id, lastError: row.last_error })),
  };
}

export async function failingDeliveries(db: Kysely<Database>, family: HttpKindFamily) {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'order_id', 'kind', 'attempts', 'next_attempt_at', 'last_error'])
    .where('kind', 'like', `${family}%`)
    .where('sent_at', 'is', null)
    .where('attempts', '>=', 1)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    kind: row.kind,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at) === Number.MAX_SAFE_INTEGER ? null : Number(row.next_attempt_at),
    lastError: row.last_error,
  }));
}

export async function listMemberPageOpens(db: Kysely<Database>, orderId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('member_page_opens')
    .select('at')
    .where('order_id', '=', orderId)
    .orderBy('at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => Number(row.at));
}

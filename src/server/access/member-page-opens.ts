import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// The member page's openings (member_page_opens, and member_page_open_tallies past the cap) as other folders read them:
// the evidence, the console, LGPD, the erasure.

type Executor = Kysely<Database> | Transaction<Database>;

/** Every opening recorded for an order, within the retention (MEMBER_PAGE_OPEN_RETENTION_DAYS). */
export interface MemberPageOpenings {
  /** The openings kept one row each, in time order. */
  each: Array<{ at: number; client: string | null }>;
  /** Those past the cap, counted per day and address: how many and when the first and the last were. */
  beyond: { count: number; firstAt: number; lastAt: number } | null;
  /** Both together. */
  count: number;
  /** Distinct hashed client groups among all of them. */
  addresses: number;
  /** Openings with no address recorded (before 0021). */
  withoutAddress: number;
}

export async function loadMemberPageOpenings(db: Executor, orderId: string): Promise<MemberPageOpenings> {
  const [rows, tallies, seen] = await Promise.all([
    db.selectFrom('member_page_opens').select(['at', 'client']).where('order_id', '=', orderId).orderBy('at').execute(),
    db
      .selectFrom('member_page_open_tallies')
      .select((eb) => [
        eb.fn.sum<string | number | null>('openings').as('count'),
        eb.fn.min<string | number | null>('first_at').as('first_at'),
        eb.fn.max<string | number | null>('last_at').as('last_at'),
        eb.fn.sum<string | number | null>(eb.case().when('client', '=', '').then(eb.ref('openings')).else(0).end()).as('without_address'),
      ])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow(),
    // A union drops the repeats: each client group counts once, however many rows name it.
    db
      .selectFrom(
        db
          .selectFrom('member_page_opens')
          .select('client')
          .where('order_id', '=', orderId)
          .where('client', 'is not', null)
          .union(db.selectFrom('member_page_open_tallies').select('client').where('order_id', '=', orderId).where('client', '<>', ''))
          .as('seen'),
      )
      .select((eb) => eb.fn.countAll<string | number>().as('addresses'))
      .executeTakeFirstOrThrow(),
  ]);
  const each = rows.map((row) => ({ at: Number(row.at), client: row.client }));
  const beyondCount = Number(tallies.count ?? 0);
  const beyond = beyondCount > 0 ? { count: beyondCount, firstAt: Number(tallies.first_at), lastAt: Number(tallies.last_at) } : null;
  return {
    each,
    beyond,
    count: each.length + beyondCount,
    addresses: Number(seen.addresses),
    withoutAddress: each.filter((opening) => opening.client === null).length + Number(tallies.without_address ?? 0),
  };
}

/** The console's timeline: the latest openings kept one by one. */
export async function listLatestMemberPageOpens(db: Executor, orderId: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('member_page_opens')
    .select('at')
    .where('order_id', '=', orderId)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.at));
}

export async function listMemberPageOpensOfOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('member_page_opens')
    .select(['order_id', 'at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('at')
    .execute();
}

/** The LGPD export: the openings past the cap, as they are kept (a count per day and address). */
export async function listMemberPageOpenTalliesOfOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('member_page_open_tallies')
    .select(['order_id', 'openings', 'first_at', 'last_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('first_at')
    .execute();
}

/** The erasure: the openings and the addresses they were counted with. */
export async function deleteMemberPageOpens(db: Executor, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .deleteFrom('member_page_opens')
    .where('order_id', 'in', [...orderIds])
    .execute();
  await db
    .deleteFrom('member_page_open_tallies')
    .where('order_id', 'in', [...orderIds])
    .execute();
}

import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../src/server/db/database.ts';
import type { Database } from '../../src/server/db/schema.ts';

/**
 * What the tests read from (and, to set a state up, write to) the database, in one place: a
 * schema change touches this file, not the tests. Each reader takes the test's database (`db.db`
 * is its Kysely).
 */
type TestDb = Pick<Db, 'db'>;

/** The order as stored; fails when there is none. */
export function orderRow(db: TestDb, id: string) {
  return db.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The A/B tests an order counts for, as `[test, variant]` sorted by test. */
export async function orderVariants(db: TestDb, orderId: string): Promise<Array<[string, number]>> {
  const rows = await db.db.selectFrom('order_experiments').selectAll().where('order_id', '=', orderId).orderBy('experiment_id').execute();
  return rows.map((row) => [row.experiment_id, Number(row.variant)]);
}

/** Outbox rows, of the order and of `kind` when given (a `%` in it matches as in LIKE), in the order they were queued. */
function outboxQuery(db: TestDb, orderId: string | undefined, kind: string | undefined) {
  let query = db.db.selectFrom('outbox').selectAll();
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  if (kind !== undefined) query = query.where('kind', kind.includes('%') ? 'like' : '=', kind);
  return query.orderBy('id').execute();
}

/** The order's outbox rows, of `kind` when given (a `%` in it matches as in LIKE), in the order they were queued. */
export function outboxRows(db: TestDb, orderId: string, kind?: string) {
  return outboxQuery(db, orderId, kind);
}

/** The delivery state the outbox worker keeps on a row: what the outbox tests check. */
export interface OutboxRowState {
  /** Failed attempts so far. */
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  sentAt: number | null;
  lastError: string | null;
}

/** The row queued for an order and kind, its delivery state (PostgreSQL's bigints as numbers). */
export async function readOutboxRow(db: TestDb, orderId: string, kind: string): Promise<OutboxRowState | undefined> {
  const row = await db.db
    .selectFrom('outbox')
    .select(['attempts', 'next_attempt_at', 'locked_until', 'sent_at', 'last_error'])
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    lastError: row.last_error,
  };
}

/** The order's refund as stored; fails when there is none. */
export function refundRow(db: TestDb, orderId: string) {
  return db.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

/** The rows `table` holds for the order. */
export function rowsOfOrder(
  db: TestDb,
  table:
    | 'order_evidence'
    | 'member_page_opens'
    | 'member_page_open_tallies'
    | 'access_tokens'
    | 'order_items'
    | 'webhook_events'
    | 'whatsapp_messages',
  orderId: string,
) {
  return db.db.selectFrom(table).selectAll().where('order_id', '=', orderId).execute();
}

/** The order's review as stored; fails when there is none. */
export function reviewRow(db: TestDb, orderId: string) {
  return db.db.selectFrom('reviews').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

/** The order's review as stored, or undefined. */
export function findReviewRow(db: TestDb, orderId: string) {
  return db.db.selectFrom('reviews').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The console's audit entries, oldest first. */
export function auditRows(db: TestDb) {
  return db.db.selectFrom('admin_audit').selectAll().orderBy('at').orderBy('id').execute();
}

/** The sandbox gateway's charge; fails when there is none. */
export function sandboxCharge(db: TestDb, hash: string) {
  return db.db.selectFrom('sandbox_transactions').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
}

// Writes that set a state up, which no request can reach in a test's time.

/** The sandbox gateway will answer `status` (and `amount`, when given) for the charge. */
export async function setSandboxCharge(db: TestDb, hash: string, status: string, amount?: number): Promise<void> {
  await db.db
    .updateTable('sandbox_transactions')
    .set({ payment_status: status, ...(amount === undefined ? {} : { amount }) })
    .where('hash', '=', hash)
    .execute();
}

/** Changes stored columns of the order (`id`), or of every order when `id` is undefined. */
export async function setOrderColumns(db: TestDb, id: string | undefined, columns: Updateable<Database['orders']>): Promise<void> {
  let query = db.db.updateTable('orders').set(columns);
  if (id !== undefined) query = query.where('id', '=', id);
  await query.execute();
}

/**
 * An approved payout waiting to be sent (affiliates/payouts.ts `queued`), written as the approval writes it, without
 * commission lines: for tests of the send and its settlement, not of the commissions.
 */
export async function insertQueuedPayout(
  db: Pick<Db, 'db'>,
  fields: Pick<
    Insertable<Database['affiliate_payouts']>,
    'id' | 'affiliate_id' | 'amount_cents' | 'pix_key_type' | 'pix_key' | 'provider'
  > &
    Partial<Insertable<Database['affiliate_payouts']>>,
): Promise<void> {
  const at = fields.created_at ?? Date.now();
  await db.db
    .insertInto('affiliate_payouts')
    .values({
      batch_id: `vb${fields.id}`,
      open_for: fields.affiliate_id,
      state: 'queued',
      end_to_end_id: null,
      failure: null,
      lease_until: null,
      approved_by: 'owner',
      created_at: at,
      updated_at: at,
      paid_at: null,
      ...fields,
    })
    .execute();
}

/**
 * Stores an order as it is given (e.g. a copy of a paid one, as another kind of order); what it
 * leaves out is that of a R$ 19,90 order paid (when `status` says so) at `created_at` (default now),
 * its keys derived from `id`.
 */
export async function insertOrderRow(
  db: TestDb,
  fields: Partial<Insertable<Database['orders']>> & Pick<Insertable<Database['orders']>, 'id'>,
): Promise<void> {
  const { id } = fields;
  const status = fields.status ?? 'paid';
  const createdAt = fields.created_at ?? Date.now();
  await db.db
    .insertInto('orders')
    .values({
      checkout_key: `key_${id}`,
      buyer_name: 'Compradora Teste',
      buyer_email: `${id}@example.com`,
      buyer_phone: '11987654321',
      amount_cents: 1990,
      product_hash: 'sandbox-product',
      offer_hash: 'sandbox-offer',
      postback_secret: `pbs_${id}`,
      public_ref: `ref_${id}`,
      updated_at: createdAt,
      expires_at: createdAt + 30 * 60_000,
      paid_at: status === 'paid' || status === 'reversed' ? createdAt : null,
      ...fields,
      status,
      created_at: createdAt,
    })
    .execute();
}

// The outbox, WhatsApp, refunds, a purchase's orders, row counts and the files' size.

/** Every order's outbox rows, of `kind` when given (a `%` in it matches as in LIKE), in the order they were queued. */
export function wholeOutbox(db: TestDb, kind?: string) {
  return outboxQuery(db, undefined, kind);
}

/** Every row the daily PIX e-mail quota holds. */
export function pixEmailQuotaRows(db: TestDb) {
  return db.db.selectFrom('pix_email_quota').selectAll().execute();
}

/** The WhatsApp messages logged for the order (for every order when `orderId` is undefined), oldest first. */
export function whatsappLog(db: TestDb, orderId?: string) {
  let query = db.db.selectFrom('whatsapp_messages').selectAll();
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  return query.orderBy('created_at').orderBy('slot').execute();
}

/** The numbers that stopped WhatsApp messages. */
export function whatsappOptOuts(db: TestDb) {
  return db.db.selectFrom('whatsapp_opt_outs').selectAll().execute();
}

/** How many rows `table` holds. */
export async function rowCount(
  db: TestDb,
  table:
    | 'orders'
    | 'sandbox_transactions'
    | 'funnel'
    | 'presence'
    | 'webhook_events'
    | 'rate_limits'
    | 'member_page_opens'
    | 'member_page_open_tallies',
): Promise<number> {
  const row = await db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The orders whose `column` holds `value` (a checkout key, a buyer's e-mail, a transaction), oldest first. */
export function ordersBy(db: TestDb, column: 'checkout_key' | 'buyer_email' | 'charge_id' | 'parent_order_id', value: string) {
  return db.db.selectFrom('orders').selectAll().where(column, '=', value).orderBy('created_at').orderBy('id').execute();
}

/** The bytes this test schema's tables take in PostgreSQL, indexes and TOAST included. */
export async function postgresTableBytes(db: TestDb): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`
    select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'`.execute(db.db);
  return Number(rows[0]!.bytes);
}

/** Folds SQLite's write-ahead log into the database file and empties it, so the files' size is what stays. */
export async function checkpointSqliteWal(db: TestDb): Promise<void> {
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.db);
}

/** The orders `ids` and every order whose parent is one of `parentIds` (a purchase's add-ons). */
export function ordersAndAddons(db: TestDb, ids: string[], parentIds: string[]) {
  if (ids.length === 0 && parentIds.length === 0) return Promise.resolve([]);
  return db.db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(parentIds.length ? [eb('parent_order_id', 'in', parentIds)] : [])]),
    )
    .execute();
}

/** The rows `table` holds for any of the orders. */
export function rowsOfOrders(db: TestDb, table: 'order_items' | 'refunds' | 'outbox', orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.db.selectFrom(table).selectAll().where('order_id', 'in', orderIds).execute();
}

/** The order's refund as stored, or undefined. */
export function findRefundRow(db: TestDb, orderId: string) {
  return db.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Changes stored columns of the order's refund. */
export async function setRefundColumns(db: TestDb, orderId: string, columns: Updateable<Database['refunds']>): Promise<void> {
  await db.db.updateTable('refunds').set(columns).where('order_id', '=', orderId).execute();
}

/** Changes the hash of the order's dispute block of `kind` (a block as an older version of the shop wrote it). */
export async function setDisputeBlockHash(
  db: TestDb,
  orderId: string,
  kind: Database['dispute_blocks']['kind'],
  hash: string,
): Promise<void> {
  await db.db.updateTable('dispute_blocks').set({ hash }).where('order_id', '=', orderId).where('kind', '=', kind).execute();
}

/** Changes stored columns of the order's outbox rows of `kind` (a `%` in it matches as in LIKE). */
export async function setOutboxColumns(db: TestDb, orderId: string, kind: string, columns: Updateable<Database['outbox']>): Promise<void> {
  await db.db
    .updateTable('outbox')
    .set(columns)
    .where('order_id', '=', orderId)
    .where('kind', kind.includes('%') ? 'like' : '=', kind)
    .execute();
}

// Whole tables, chosen columns of an order, and rows set up by hand.

/** The tables a test reads whole: counters, logs, and every order at once. */
type WholeTable =
  | 'rate_limits'
  | 'admin_login_limits'
  | 'presence'
  | 'funnel'
  | 'webhook_events'
  | 'pix_email_quota'
  | 'member_page_opens'
  | 'member_page_open_tallies'
  | 'whatsapp_opt_outs'
  | 'provider_refunds'
  | 'disputes'
  | 'dispute_blocks'
  | 'affiliates'
  | 'affiliate_links'
  | 'orders';

/** Every row `table` holds, in no particular order. */
export function tableRows<T extends WholeTable>(db: TestDb, table: T) {
  // Kysely types the rows of a table named at run time as any of the tables' rows: narrowed to this one.
  return db.db.selectFrom(table).selectAll().execute() as Promise<Array<Selectable<Database[T]>>>;
}

/** Stores the order's items as they are given (the checkout's rows for a hand-made order). */
export async function insertOrderItems(db: TestDb, items: Array<Insertable<Database['order_items']>>): Promise<void> {
  await db.db.insertInto('order_items').values(items).execute();
}

/** The order's `columns` as stored, and only those; fails when there is none. */
export async function orderColumns<C extends keyof Selectable<Database['orders']>>(
  db: TestDb,
  id: string,
  columns: readonly C[],
): Promise<Pick<Selectable<Database['orders']>, C>> {
  const row = await orderRow(db, id);
  return Object.fromEntries(columns.map((column) => [column, row[column]])) as Pick<Selectable<Database['orders']>, C>;
}

/** Stores a review as it is given (one the buyer wrote earlier, in any state). */
export async function insertReviewRow(db: TestDb, row: Insertable<Database['reviews']>): Promise<void> {
  await db.db.insertInto('reviews').values(row).execute();
}

/** Changes stored columns of the order's review (as the console or another instance would). */
export async function setReviewColumns(db: TestDb, orderId: string, columns: Updateable<Database['reviews']>): Promise<void> {
  await db.db.updateTable('reviews').set(columns).where('order_id', '=', orderId).execute();
}

/** Deletes the order's review, or every review when `orderId` is undefined. */
export async function deleteReviews(db: TestDb, orderId?: string): Promise<void> {
  let query = db.db.deleteFrom('reviews');
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  await query.execute();
}

/** The supplier list's rows as stored, in the order they were imported. */
export function supplierRows(db: TestDb, list: Database['suppliers']['list']) {
  return db.db.selectFrom('suppliers').selectAll().where('list', '=', list).orderBy('position').execute();
}

/** Rows in every table of the database, Kysely's bookkeeping included, by table name. */
export async function rowCounts(db: TestDb): Promise<Record<string, number>> {
  const tables = await db.db.introspection.getTables({ withInternalKyselyTables: true });
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}`.execute(db.db);
    counts[table.name] = Number(result.rows[0]?.n);
  }
  return counts;
}

/** The rows a SQLite connection has changed since it opened (an update that keeps row counts included). */
export async function sqliteChanges(db: TestDb): Promise<number> {
  return Number((await sql<{ n: number }>`select total_changes() as n`.execute(db.db)).rows[0]?.n);
}

/** The name of the last migration applied to the database. */
export async function lastAppliedMigration(db: TestDb): Promise<string> {
  return (await appliedMigrations(db)).at(-1)!;
}

/** Marks the migration applied or not, without running it (as a database one release behind would be). */
export async function setMigrationApplied(db: TestDb, name: string, applied: boolean): Promise<void> {
  if (applied) await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(db.db);
  else await sql`delete from kysely_migration where name = ${name}`.execute(db.db);
}

// The funnel's counts, the sandbox's charges to a buyer, and the console's login windows.

/** How many times the funnel counted `event` (on the route `path`, when given), all days summed. */
export async function funnelCount(db: TestDb, event: string, path?: string): Promise<number> {
  let query = db.db
    .selectFrom('funnel')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('total'))
    .where('event', '=', event);
  if (path !== undefined) query = query.where('path', '=', path);
  return Number((await query.executeTakeFirstOrThrow()).total);
}

/** The sandbox gateway's charges to the buyer's e-mail, oldest first. */
export function sandboxChargesTo(db: TestDb, email: string) {
  return db.db
    .selectFrom('sandbox_transactions')
    .selectAll()
    .where('customer_email', '=', email)
    .orderBy('created_at')
    .orderBy('hash')
    .execute();
}

/** Moves every console login window `ms` earlier (as time passing would age the failed attempts). */
export async function ageAdminLoginWindows(db: TestDb, ms: number): Promise<void> {
  await db.db
    .updateTable('admin_login_limits')
    .set((eb) => ({ window_start: eb('window_start', '-', ms) }))
    .execute();
}

/** Changes stored columns of every order the buyer's e-mail placed. */
export async function setBuyerOrderColumns(db: TestDb, email: string, columns: Updateable<Database['orders']>): Promise<void> {
  await db.db.updateTable('orders').set(columns).where('buyer_email', '=', email).execute();
}

/** The names of every migration applied to the database, in order (one row each time one ran). */
export async function appliedMigrations(db: TestDb): Promise<string[]> {
  return (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.db)).rows.map((row) => row.name);
}

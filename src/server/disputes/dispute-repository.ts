// The only module that reads and writes `disputes` and `dispute_blocks` (migration 0037, docs/disputes.md).
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DefenceChannel, DisputeState } from '../../shared/disputes.ts';
import type { Database, DisputeBlocksTable, DisputesTable } from '../db/schema.ts';
import { newId } from '../orders/ids.ts';

export type Executor = Kysely<Database> | Transaction<Database>;
export type DisputeRow = Selectable<DisputesTable>;
export type DisputeBlockRow = Selectable<DisputeBlocksTable>;
export type BlockKind = DisputeBlocksTable['kind'];

/** Still at stake: the money may yet go back through the MED. */
export const OPEN_DISPUTE_STATES: readonly DisputeState[] = ['open', 'defending'];

export function isOpenDispute(row: Pick<DisputeRow, 'state'>): boolean {
  return OPEN_DISPUTE_STATES.includes(row.state);
}

export type NewDispute = Omit<
  DisputesTable,
  'id' | 'closed_at' | 'defence_sent_at' | 'defence_channel' | 'updated_at' | 'returned_cents'
> & {
  returned_cents?: number | null;
};

/** Inserted once per provider's id: a replay finds the row already there and inserts nothing. */
export async function insertDispute(db: Executor, dispute: NewDispute): Promise<{ row: DisputeRow; created: boolean }> {
  const id = newId('dsp');
  const closed = isOpenDispute(dispute) ? null : dispute.opened_at;
  await db
    .insertInto('disputes')
    .values({
      ...dispute,
      id,
      returned_cents: dispute.returned_cents ?? null,
      closed_at: closed,
      defence_sent_at: null,
      defence_channel: null,
      updated_at: dispute.opened_at,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'provider_dispute_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('disputes')
    .selectAll()
    .where('provider', '=', dispute.provider)
    .where('provider_dispute_id', '=', dispute.provider_dispute_id)
    .executeTakeFirstOrThrow();
  return { row, created: row.id === id };
}

/** A closed dispute stays closed: a late or replayed "open" from the provider changes nothing. Returns the new row when it changed. */
export async function updateDispute(
  db: Executor,
  id: string,
  change: {
    state: DisputeState;
    rawStatus: string | null;
    amountCents: number;
    defenceDueAt: number | null;
    payerMatches: number | null;
    /** The MED's devolução read on the charge; absent when this change did not read one. */
    returnedCents?: number;
  },
  now: number,
): Promise<DisputeRow | undefined> {
  const current = await findDispute(db, id);
  if (!current) return undefined;
  const reopening = !isOpenDispute(current) && OPEN_DISPUTE_STATES.includes(change.state);
  // A defence sent stays "em defesa" while the provider still lists the dispute as open.
  const undefended = current.state === 'defending' && change.state === 'open';
  const state = reopening || undefended ? current.state : change.state;
  const same =
    state === current.state &&
    change.rawStatus === current.raw_status &&
    change.amountCents === Number(current.amount_cents) &&
    change.defenceDueAt === (current.defence_due_at === null ? null : Number(current.defence_due_at)) &&
    (change.payerMatches ?? current.payer_matches) === current.payer_matches &&
    (change.returnedCents === undefined ||
      change.returnedCents === (current.returned_cents === null ? null : Number(current.returned_cents)));
  if (same || reopening) return undefined;
  return db
    .updateTable('disputes')
    .set({
      state,
      raw_status: change.rawStatus,
      amount_cents: change.amountCents,
      defence_due_at: change.defenceDueAt,
      payer_matches: change.payerMatches ?? current.payer_matches,
      returned_cents: change.returnedCents ?? current.returned_cents,
      closed_at: OPEN_DISPUTE_STATES.includes(state) ? null : (current.closed_at ?? now),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('state', '=', current.state)
    .returningAll()
    .executeTakeFirst();
}

/** The MED's devolução read on the charge of a dispute entered by hand. */
export async function setDisputeReturned(db: Executor, id: string, cents: number, now: number): Promise<void> {
  await db.updateTable('disputes').set({ returned_cents: cents, updated_at: now }).where('id', '=', id).execute();
}

/** Closes an open dispute; false when it was already closed (a second press, another instance). */
export async function closeDispute(db: Executor, id: string, state: DisputeState, now: number): Promise<DisputeRow | undefined> {
  return db
    .updateTable('disputes')
    .set({ state, closed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', [...OPEN_DISPUTE_STATES])
    .returningAll()
    .executeTakeFirst();
}

/** Claims the one defence: the first caller gets the row, every later one nothing. */
export async function claimDefence(db: Executor, id: string, channel: DefenceChannel, now: number): Promise<DisputeRow | undefined> {
  return db
    .updateTable('disputes')
    .set({ defence_sent_at: now, defence_channel: channel, state: 'defending', updated_at: now })
    .where('id', '=', id)
    .where('defence_sent_at', 'is', null)
    .where('state', 'in', [...OPEN_DISPUTE_STATES])
    .returningAll()
    .executeTakeFirst();
}

/** A defence the provider refused before taking it (a network error): the seller may press again. */
export async function releaseDefence(db: Executor, id: string, previous: DisputeRow, now: number): Promise<void> {
  await db
    .updateTable('disputes')
    .set({ defence_sent_at: null, defence_channel: previous.defence_channel, state: previous.state, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function findDispute(db: Executor, id: string): Promise<DisputeRow | undefined> {
  return db.selectFrom('disputes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function disputesOfOrders(db: Executor, orderIds: readonly string[]): Promise<DisputeRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('order_id', 'in', [...new Set(orderIds)])
    .orderBy('opened_at')
    .orderBy('id')
    .execute();
}

export async function listDisputes(db: Executor, limit = 500): Promise<DisputeRow[]> {
  const rows = await db.selectFrom('disputes').selectAll().orderBy('opened_at', 'desc').orderBy('id').limit(limit).execute();
  const due = (row: DisputeRow) => (row.defence_due_at === null ? Number.MAX_SAFE_INTEGER : Number(row.defence_due_at));
  return rows.sort((a, b) => Number(isOpenDispute(b)) - Number(isOpenDispute(a)) || (isOpenDispute(a) ? due(a) - due(b) : 0));
}

/** The disputes lost (closed `lost`) in [from, to), oldest first. */
export async function listLostDisputes(db: Executor, from: number, to: number): Promise<DisputeRow[]> {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('state', '=', 'lost')
    .where('closed_at', '>=', from)
    .where('closed_at', '<', to)
    .orderBy('closed_at')
    .orderBy('id')
    .execute();
}

/** The orders whose dispute from this provider is still open (the reconciler reads them again: payment/reconciliation.ts). */
export async function ordersInOpenProviderDispute(db: Executor, provider: DisputeRow['provider'], limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom('disputes')
    .select('order_id')
    .distinct()
    .where('provider', '=', provider)
    .where('source', '=', 'provider')
    .where('state', 'in', [...OPEN_DISPUTE_STATES])
    .orderBy('order_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.order_id);
}

export async function listOpenDisputes(db: Executor): Promise<DisputeRow[]> {
  return (await listDisputes(db)).filter(isOpenDispute);
}

export async function listDisputesDueWithin(db: Executor, now: number, withinMs: number): Promise<DisputeRow[]> {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('state', 'in', [...OPEN_DISPUTE_STATES])
    .where('defence_sent_at', 'is', null)
    .where('defence_due_at', '>', now)
    .where('defence_due_at', '<=', now + withinMs)
    .execute();
}

// --- Blocks: keyed hashes only (docs/disputes.md#not-again) ---

/** One row per lost dispute's order and kind: the block holds while enough rows share a hash. */
export async function insertBlocks(db: Executor, orderId: string, hashes: ReadonlyArray<{ kind: BlockKind; hash: string }>, now: number) {
  for (const { kind, hash } of hashes) {
    await db
      .insertInto('dispute_blocks')
      .values({ id: newId('blk'), kind, hash, order_id: orderId, created_at: now, removed_at: null })
      .onConflict((conflict) => conflict.columns(['order_id', 'kind']).doNothing())
      .execute();
  }
}

export async function isAnyBlocked(
  db: Executor,
  hashes: ReadonlyArray<{ kind: BlockKind; hash: string }>,
  threshold: number,
): Promise<boolean> {
  if (hashes.length === 0) return false;
  const rows = await db
    .selectFrom('dispute_blocks')
    .select(['kind', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('removed_at', 'is', null)
    .where((eb) => eb.or(hashes.map(({ kind, hash }) => eb.and([eb('kind', '=', kind), eb('hash', '=', hash)]))))
    .groupBy('kind')
    .execute();
  // Counted per kind: a kind may be looked up by more than one hash (an e-mail folded and as written before the
  // fold), and an order holds one row per kind, so the sum is the number of lost disputes' orders.
  return rows.some((row) => Number(row.n) >= threshold);
}

/** The blocks in force: one per kind and hash, named by its latest order. */
export async function listActiveBlocks(db: Executor, threshold: number): Promise<DisputeBlockRow[]> {
  const rows = await db.selectFrom('dispute_blocks').selectAll().where('removed_at', 'is', null).orderBy('created_at', 'desc').execute();
  const groups = new Map<string, DisputeBlockRow[]>();
  for (const row of rows) groups.set(`${row.kind}:${row.hash}`, [...(groups.get(`${row.kind}:${row.hash}`) ?? []), row]);
  return [...groups.values()].filter((group) => group.length >= threshold).map((group) => group[0]!);
}

/** Undoes a block: every row of its kind and hash, so the buyer's detail counts from zero again. */
export async function removeBlock(db: Executor, id: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('dispute_blocks').selectAll().where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst();
  if (!row) return false;
  const result = await db
    .updateTable('dispute_blocks')
    .set({ removed_at: now })
    .where('kind', '=', row.kind)
    .where('hash', '=', row.hash)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** With the buyer's other data (privacy/): the hashes of an erased order go. */
export async function deleteBlocksOfOrders(db: Executor, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await db
    .deleteFrom('dispute_blocks')
    .where('order_id', 'in', [...orderIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

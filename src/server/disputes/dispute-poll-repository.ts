import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';

/** A range read in part: the next poll reads the same range on from `at`, the provider's own position in it. */
export interface ListResume {
  from: number;
  to: number;
  at: number;
}

export interface PollClaim {
  polledTo: number | null;
  resume: ListResume | null;
}

/** The provider's next poll for this instance until `claimedUntil`, once due (or `anyTime`); null if another holds it or not due. */
export async function claimDisputePoll(
  db: Kysely<Database>,
  provider: ProviderId,
  now: number,
  claimedUntil: number,
  anyTime: boolean,
): Promise<PollClaim | null> {
  await db
    .insertInto('dispute_polls')
    .values({ provider, polled_to: null, next_poll_at: now, claimed_until: null })
    .onConflict((conflict) => conflict.column('provider').doNothing())
    .execute();
  let update = db
    .updateTable('dispute_polls')
    .set({ claimed_until: claimedUntil })
    .where('provider', '=', provider)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]));
  if (!anyTime) update = update.where('next_poll_at', '<=', now);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const row = await db
    .selectFrom('dispute_polls')
    .select(['polled_to', 'resume_from', 'resume_to', 'resume_at'])
    .where('provider', '=', provider)
    .executeTakeFirstOrThrow();
  const resume =
    row.resume_from === null || row.resume_to === null || row.resume_at === null
      ? null
      : { from: Number(row.resume_from), to: Number(row.resume_to), at: Number(row.resume_at) };
  return { polledTo: row.polled_to === null ? null : Number(row.polled_to), resume };
}

/** Part of the range read: kept with where it stopped, for the next poll; the window read in full stays as it was. */
export async function resumeDisputePollLater(
  db: Kysely<Database>,
  provider: ProviderId,
  claimedUntil: number,
  resume: ListResume,
  nextPollAt: number,
): Promise<void> {
  await db
    .updateTable('dispute_polls')
    .set({ resume_from: resume.from, resume_to: resume.to, resume_at: resume.at, next_poll_at: nextPollAt, claimed_until: null })
    .where('provider', '=', provider)
    .where('claimed_until', '=', claimedUntil)
    .execute();
}

export async function completeDisputePoll(
  db: Kysely<Database>,
  provider: ProviderId,
  claimedUntil: number,
  polledTo: number,
  nextPollAt: number,
): Promise<void> {
  await db
    .updateTable('dispute_polls')
    .set({ polled_to: polledTo, next_poll_at: nextPollAt, claimed_until: null, resume_from: null, resume_to: null, resume_at: null })
    .where('provider', '=', provider)
    .where('claimed_until', '=', claimedUntil)
    .execute();
}

export async function releaseDisputePoll(
  db: Kysely<Database>,
  provider: ProviderId,
  claimedUntil: number,
  nextPollAt: number,
): Promise<void> {
  await db
    .updateTable('dispute_polls')
    .set({ next_poll_at: nextPollAt, claimed_until: null })
    .where('provider', '=', provider)
    .where('claimed_until', '=', claimedUntil)
    .execute();
}

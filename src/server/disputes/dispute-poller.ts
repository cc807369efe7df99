import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Payments } from '../gateway/payments.ts';
import type { DisputeListRange, ProviderDispute, ProviderId } from '../gateway/pix-provider.ts';
import type { Logger } from '../lib/logger.ts';
import { disputePollAlert as pollCopy } from '../../content/disputes.ts';
import { GatewayError } from '../gateway/types.ts';
import { describeReadFailure, type ReadFailure } from '../gateway/read-failure.ts';
import { readFailed, readsPausedUntil, readSucceeded } from '../background-reads/background-reads.ts';
import { claimDisputePoll, completeDisputePoll, releaseDisputePoll, resumeDisputePollLater } from './dispute-poll-repository.ts';

/** Efí has no infraction webhook and Woovi's may be lost, so lists are polled (docs/disputes.md); FOLLOW_MS is reread: the windows may not see changes. */

/**
 * Read again at every poll unless the provider says how far back (Woovi's list, by creation date, over the MED's 80 days):
 * an infraction is analysed within days, and its money returned within 11 days of that.
 */
export const FOLLOW_MS = 30 * 24 * 60 * 60_000;
/** Each window reaches back over the end of the last, so a dispute stamped at its edge is not lost. */
export const OVERLAP_MS = 5 * 60_000;
/** A poll holds its claim this long; an instance that dies mid-poll frees it once this passes. */
export const CLAIM_MS = 5 * 60_000;

export type ApplyProviderDispute = (providerId: ProviderId, dispute: ProviderDispute) => Promise<unknown>;

export interface DisputePollDeps {
  db: Kysely<Database>;
  payments: Pick<Payments, 'providers' | 'retired'>;
  logger: Logger;
  now?: () => number;
  pollSeconds: number;
  applyDispute: ApplyProviderDispute;
  /** The seller's WhatsApp is set (DISPUTE_ALERT_WHATSAPP): the alert goes there too. */
  channels?: { whatsapp: boolean };
}

export interface ProviderPoll {
  provider: ProviderId;
  outcome: 'polled' | 'busy' | 'not_due' | 'failed';
  disputes: number;
  /** Read in part: the rest of the list at the next polls. */
  more?: boolean;
  error?: string;
}

/** A failed list is a background read like the others (background-reads/): Saúde, the hour alert, a provider's pause. */
async function pollFailed(
  deps: DisputePollDeps,
  provider: ProviderId,
  now: number,
  said: string,
  throttle: ReadFailure['throttle'] = null,
) {
  await readFailed(deps, provider, 'disputes', now, { said, throttle });
}

/** Providers that take charges and retired ones alike: a MED on an old charge still reaches its provider's list. */
export function pollableProviders(deps: Pick<DisputePollDeps, 'payments'>) {
  const seen = new Set<ProviderId>();
  return [...deps.payments.providers, ...deps.payments.retired].filter((provider) => {
    if (!provider.disputes?.list || seen.has(provider.id)) return false;
    seen.add(provider.id);
    return true;
  });
}

async function pollProvider(
  deps: DisputePollDeps,
  provider: ReturnType<typeof pollableProviders>[number],
  now: number,
  anyTime: boolean,
): Promise<ProviderPoll> {
  const claimedUntil = now + CLAIM_MS;
  const nextPollAt = now + deps.pollSeconds * 1000;
  // The provider asked to wait (429, Retry-After): the scheduled poll leaves it alone; the seller's "poll now" does not.
  if (!anyTime && (await readsPausedUntil(deps.db, provider.id, now)) !== null)
    return { provider: provider.id, outcome: 'not_due', disputes: 0 };
  const claim = await claimDisputePoll(deps.db, provider.id, now, claimedUntil, anyTime);
  if (!claim) return { provider: provider.id, outcome: anyTime ? 'busy' : 'not_due', disputes: 0 };
  const follow = provider.disputes!.followMs ?? FOLLOW_MS;
  // A range read in part goes on where it stopped, its end unchanged; otherwise a new one, up to now.
  const range: DisputeListRange = claim.resume
    ? { from: claim.resume.from, to: claim.resume.to, resumeAt: claim.resume.at }
    : { from: Math.min(now - follow, claim.polledTo === null ? now - follow : claim.polledTo - OVERLAP_MS), to: now };
  let disputes: ProviderDispute[];
  let resumeAt: number | null;
  try {
    ({ disputes, resumeAt } = await provider.disputes!.list!(range));
  } catch (error) {
    // The window is not marked read: the next poll reads it again.
    await releaseDisputePoll(deps.db, provider.id, claimedUntil, nextPollAt);
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.warn('Dispute poll failed', { provider: provider.id, error: message });
    // The adapters' messages are Portuguese and name the fix (a missing scope, a refused credential); the status adds its own.
    const described = describeReadFailure(error, provider.id, 'disputes', message);
    const said = error instanceof GatewayError ? (described?.said ?? message) : pollCopy.unreadable;
    await pollFailed(deps, provider.id, now, said, described?.throttle);
    return { provider: provider.id, outcome: 'failed', disputes: 0, error: said };
  }
  // Each one on its own: one that cannot be recorded does not hold back the others; the window is then read again.
  let unrecorded = 0;
  for (const dispute of disputes) {
    try {
      await deps.applyDispute(provider.id, dispute);
    } catch (error) {
      unrecorded++;
      deps.logger.error('Provider dispute not recorded', {
        provider: provider.id,
        dispute: dispute.disputeId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (unrecorded > 0) {
    await releaseDisputePoll(deps.db, provider.id, claimedUntil, nextPollAt);
    const said = pollCopy.unrecorded(unrecorded);
    await pollFailed(deps, provider.id, now, said);
    return { provider: provider.id, outcome: 'failed', disputes: disputes.length, error: said };
  }
  if (resumeAt !== null) {
    // The poll's requests were spent before the list's end: the next tick (at most a minute away) reads on from there.
    await resumeDisputePollLater(deps.db, provider.id, claimedUntil, { from: range.from, to: range.to, at: resumeAt }, now);
    await readSucceeded(deps.db, provider.id, 'disputes', now);
    return { provider: provider.id, outcome: 'polled', disputes: disputes.length, more: true };
  }
  await completeDisputePoll(deps.db, provider.id, claimedUntil, range.to, nextPollAt);
  await readSucceeded(deps.db, provider.id, 'disputes', now);
  return { provider: provider.id, outcome: 'polled', disputes: disputes.length };
}

export async function pollDisputes(deps: DisputePollDeps): Promise<ProviderPoll[]> {
  const now = deps.now?.() ?? Date.now();
  return Promise.all(pollableProviders(deps).map((provider) => pollProvider(deps, provider, now, false)));
}

/** Saúde's "poll now": every provider at once, unless another instance is reading it this moment. */
export async function pollDisputesNow(deps: DisputePollDeps): Promise<ProviderPoll[]> {
  const now = deps.now?.() ?? Date.now();
  return Promise.all(pollableProviders(deps).map((provider) => pollProvider(deps, provider, now, true)));
}

export interface DisputePoller {
  start(): void;
  stop(): Promise<void>;
}

/** Ticks every DISPUTES_POLL_SECONDS (at most a minute apart, so a due turn is not missed by long); the claim decides. */
export function createDisputePoller(deps: DisputePollDeps): DisputePoller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= pollDisputes(deps)
      .catch((error: unknown) =>
        deps.logger.error('Dispute poll failed', { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      if (timer || pollableProviders(deps).length === 0) return;
      timer = setInterval(tick, Math.min(deps.pollSeconds, 60) * 1000);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

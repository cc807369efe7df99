import { disputePollAlert as copy } from '../../content/disputes.ts';
import { providerName } from '../../content/providers.ts';
import type { HealthCheck } from '../../shared/admin.ts';
import type { DisputePollReply } from '../../shared/disputes.ts';
import { backgroundReadChecks } from '../background-reads/background-read-health.ts';
import { pollableProviders, type DisputePollDeps, type ProviderPoll } from './dispute-poller.ts';

const nameOf = (id: string) => providerName(id, { sandbox: false });

/** Saúde's line for the dispute lists: each provider read, or failing since when and why; none where no provider lists them. */
export function disputePollCheck(deps: Pick<DisputePollDeps, 'db' | 'payments'>, now: number): Promise<HealthCheck[]> {
  return backgroundReadChecks(deps.db, now, { disputes: pollableProviders(deps).map((provider) => provider.id) });
}

/** What "Verificar contestações agora" answers: each provider's outcome, never a bare "ok". */
export function describePolls(polls: ProviderPoll[]): DisputePollReply {
  const providers = polls.map((poll) => {
    const name = nameOf(poll.provider);
    if (poll.outcome === 'failed') return { provider: poll.provider, ok: false, message: copy.failed(name, poll.error ?? copy.unreadable) };
    if (poll.outcome === 'busy') return { provider: poll.provider, ok: true, message: copy.busy(name) };
    return { provider: poll.provider, ok: true, message: copy.polledOk(name, poll.disputes, poll.more === true) };
  });
  return { ok: providers.every((entry) => entry.ok), providers };
}

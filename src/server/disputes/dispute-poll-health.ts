import { disputePollAlert as copy } from '../../content/disputes.ts';
import { providerName } from '../../content/providers.ts';
import type { HealthCheck } from '../../shared/admin.ts';
import type { DisputePollReply } from '../../shared/disputes.ts';
import { formatDateTime } from '../../shared/time.ts';
import { listPollHealth } from './dispute-poll-repository.ts';
import { pollableProviders, type DisputePollDeps, type ProviderPoll } from './dispute-poller.ts';

const nameOf = (id: string) => providerName(id, { sandbox: false });

/** Saúde's line for the dispute lists: each provider read, or failing since when and why; none where no provider lists them. */
export async function disputePollCheck(deps: Pick<DisputePollDeps, 'db' | 'payments'>): Promise<HealthCheck[]> {
  const providers = pollableProviders(deps);
  if (providers.length === 0) return [];
  const health = await listPollHealth(deps.db);
  const lines = providers.map((provider) => {
    const read = health.find((entry) => entry.provider === provider.id);
    if (read?.failingSince != null) {
      const last = read.lastSuccessAt === null ? null : formatDateTime(read.lastSuccessAt);
      return { ok: false, text: copy.healthFailing(nameOf(provider.id), read.lastError ?? '', formatDateTime(read.failingSince), last) };
    }
    if (read?.lastSuccessAt == null) return { ok: true, text: copy.healthNever(nameOf(provider.id)) };
    return { ok: true, text: copy.healthOk(nameOf(provider.id), formatDateTime(read.lastSuccessAt)) };
  });
  const ok = lines.every((line) => line.ok);
  return [{ key: 'disputes', ok, detail: lines.map((line) => line.text).join(' '), ...(ok ? {} : { fix: copy.fix }) }];
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

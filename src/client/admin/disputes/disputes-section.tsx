import { admin as copy } from '../../../content/admin.ts';
import { disputesConsole as text } from '../../../content/disputes.ts';
import { Alert } from '../../ui/alert.tsx';
import { adminApi } from '../admin-api.ts';
import { DisputeBlocks } from './dispute-blocks.tsx';
import { DisputeCard } from './dispute-card.tsx';
import { DisputeForm } from './dispute-form.tsx';
import { isOpenDispute } from './dispute-view.ts';
import { useAdminData, useNow } from '../use-admin-data.ts';

/** A poll of the provider's disputes can open one at any time (docs/disputes.md); the time left moves by the minute. */
const REFRESH_MS = 30_000;

/** The dispute an alert's link names, brought into view once when the list first shows it. */
const scrollToLinked = (element: HTMLLIElement | null) => element?.scrollIntoView({ block: 'start' });

/** Contestações: the disputes (open ones first), "Registrar contestação", and the blocks after a lost one. */
export function DisputesSection({ disputeId, onSignedOut }: { disputeId?: string | null; onSignedOut: () => void }) {
  const { state, reload } = useAdminData(adminApi.disputes, onSignedOut, { refreshMs: REFRESH_MS });
  const now = useNow(REFRESH_MS);

  if (state.kind === 'loading') return <p className="text-slate-400">{copy.loading}</p>;
  if (state.kind === 'failed') return <Alert variant="destructive">{state.message || copy.api.invalid}</Alert>;

  // Each action says it is done where it was pressed (a phone's screen shows one part of the area at a time).
  const changed = () => reload();
  // Open ones first, the nearest deadline first; then the closed ones, the latest first.
  const disputes = [...state.data.disputes].sort((a, b) => {
    const openA = isOpenDispute(a.state);
    if (openA !== isOpenDispute(b.state)) return openA ? -1 : 1;
    if (openA) return (a.defenceDueAt ?? Infinity) - (b.defenceDueAt ?? Infinity);
    return (b.closedAt ?? b.openedAt) - (a.closedAt ?? a.openedAt);
  });

  return (
    <div className="space-y-4">
      <section className="space-y-3">
        <h2 className="text-base font-extrabold text-white">{text.title}</h2>
        <p className="text-sm text-slate-300">{text.intro}</p>
        {disputes.length === 0 ? (
          <p className="rounded-2xl border border-line bg-ink-850 p-4 text-sm text-slate-400">{text.empty}</p>
        ) : (
          <ul aria-label={text.listLabel} className="space-y-3">
            {disputes.map((dispute) => (
              <li
                key={dispute.id}
                ref={dispute.id === disputeId ? scrollToLinked : undefined}
                aria-current={dispute.id === disputeId ? 'true' : undefined}
                className={dispute.id === disputeId ? 'scroll-mt-32 rounded-2xl ring-2 ring-gold-400' : undefined}
              >
                <DisputeCard dispute={dispute} now={now} onChanged={changed} onSignedOut={onSignedOut} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <DisputeForm onCreated={changed} onSignedOut={onSignedOut} />
      <DisputeBlocks blocks={state.data.blocks} onChanged={changed} />
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { disputeSourceLabels, disputeStateLabels, disputesConsole as text } from '../../../content/disputes.ts';
import { providerName } from '../../../content/providers.ts';
import type { AdminDispute, DisputeState } from '../../../shared/disputes.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { DisputeDefence } from './dispute-defence.tsx';
import { disputeActions, isOpenDispute, medReturnedCents, timeLeft } from './dispute-view.ts';
import { formatBRL, formatDateTime } from '../format.ts';
import { badge } from '../orders/order-badges.tsx';

type Outcome = 'won' | 'lost' | 'cancelled';
const OUTCOMES: Outcome[] = ['won', 'lost', 'cancelled'];
const outcomeLabels = { won: text.resolveWon, lost: text.resolveLost, cancelled: text.resolveCancelled } as const;

const stateTone: Record<DisputeState, 'warning' | 'bump' | 'success' | 'danger' | 'neutral'> = {
  open: 'warning',
  defending: 'bump',
  won: 'success',
  lost: 'danger',
  cancelled: 'neutral',
};

/** One dispute: its facts, the deadline and the time left, its defence, and closing it when it was entered by hand. */
export function DisputeCard({
  dispute,
  now,
  onChanged,
  onSignedOut,
}: {
  dispute: AdminDispute;
  now: number;
  /** Re-reads the list after an action. */
  onChanged: () => Promise<void>;
  onSignedOut: () => void;
}) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [resolved, setResolved] = useState<string | null>(null);
  const id = useId();
  const left = timeLeft(dispute.defenceDueAt, now);
  const returned = medReturnedCents(dispute);
  const actions = disputeActions(dispute, now);
  const open = isOpenDispute(dispute.state);

  return (
    <article aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-extrabold break-all text-white">
          {text.orderRef(dispute.orderRef)}
        </h3>
        <span className="flex flex-wrap gap-1.5">
          <span className={badge({ tone: stateTone[dispute.state] })}>{disputeStateLabels[dispute.state]}</span>
          <span className={badge({ tone: 'neutral' })}>{disputeSourceLabels[dispute.source]}</span>
        </span>
      </div>
      <div aria-live="polite">
        {resolved ? (
          <Alert variant="success" className="mt-3">
            {resolved}
          </Alert>
        ) : null}
      </div>
      {returned !== null ? (
        <p className="mt-3 rounded-xl border border-danger/50 bg-danger/10 px-3.5 py-3 text-sm font-semibold text-red-200">
          {returned === 'awaited'
            ? text.medAwaited
            : dispute.returnedPart
              ? text.medReturnedPart(formatBRL(returned))
              : text.medReturned(formatBRL(returned))}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <Fact term={text.amount}>
          <span className="font-bold text-white tabular-nums">{formatBRL(dispute.amountCents)}</span>
        </Fact>
        {/* The provider's id, named as the seller knows it (the console has no sandbox flag: the name alone). */}
        <Fact term={text.provider}>{providerName(dispute.provider, { sandbox: false })}</Fact>
        <Fact term={text.buyer}>{dispute.buyerName || '—'}</Fact>
        <Fact term={text.openedAt}>{formatDateTime(dispute.openedAt)}</Fact>
        {open ? (
          <Fact term={text.due}>
            {dispute.defenceDueAt === null ? (
              text.noDeadline
            ) : (
              <>
                {formatDateTime(dispute.defenceDueAt)}
                {left ? <span className={`block ${left.urgent ? 'font-bold text-gold-300' : 'text-slate-300'}`}>{left.text}</span> : null}
              </>
            )}
          </Fact>
        ) : dispute.closedAt !== null ? (
          <Fact term={text.closedAt}>{formatDateTime(dispute.closedAt)}</Fact>
        ) : null}
        {dispute.items.length > 0 ? <Fact term={text.items}>{dispute.items.join(' + ')}</Fact> : null}
      </dl>
      <DisputeDefence dispute={dispute} now={now} onSent={onChanged} onSignedOut={onSignedOut} />
      {actions.resolve ? (
        <div className="mt-4">
          <h4 className="text-sm font-extrabold text-white">{text.resolve}</h4>
          <p className="mt-0.5 text-xs text-slate-400">{text.resolveHint}</p>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {OUTCOMES.map((item) => (
              <Button key={item} variant={item === 'lost' ? 'danger' : 'secondary'} onClick={() => setOutcome(item)}>
                {outcomeLabels[item]}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      {outcome ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => setOutcome(next ? outcome : null)}
          title={text.resolveConfirm[outcome].title}
          body={text.resolveConfirm[outcome].body}
          danger={outcome === 'lost'}
          onConfirm={async () => {
            await adminApi.resolveDispute(dispute.id, outcome);
            setResolved(text.resolved(outcomeLabels[outcome]));
            await onChanged();
          }}
        />
      ) : null}
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-400">{term}</dt>
      <dd className="break-words text-slate-100">{children}</dd>
    </div>
  );
}

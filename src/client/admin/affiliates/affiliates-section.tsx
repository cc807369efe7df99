import { useCallback, useState } from 'react';
import { affiliatesConsole } from '../../../content/affiliates.ts';
import type { AdminAffiliate, AdminAffiliateList } from '../../../shared/affiliates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { formatDate, formatDateTime } from '../../../shared/time.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { formatRate } from '../format.ts';
import { useAdminData } from '../use-admin-data.ts';
import { AffiliateForm } from './affiliate-form.tsx';
import { DecisionDialog } from './decision-dialog.tsx';
import { affiliatesApi } from './affiliates-api.ts';
import { PayoutsPanel } from './payouts-panel.tsx';
import { RatesForm } from './rates-form.tsx';

const copy = affiliatesConsole;
const card = 'rounded-2xl border border-line bg-ink-850 p-4';

/** "Afiliados": who sells for a commission, each one's sales and money, the rates (docs/affiliates.md). */
export function AffiliatesSection({ onSignedOut }: { onSignedOut: () => void }) {
  const load = useCallback(() => affiliatesApi.list(), []);
  const { state, reload } = useAdminData(load, onSignedOut);
  return (
    <section aria-labelledby="affiliates-title" className="space-y-4">
      <div>
        <h2 id="affiliates-title" className="text-xl font-black text-white">
          {copy.tab}
        </h2>
        <p className="mt-1 text-sm text-slate-400">{copy.intro}</p>
      </div>
      {state.kind === 'loading' ? <p className="text-slate-400">{copy.loading}</p> : null}
      {state.kind === 'failed' ? <Alert variant="destructive">{state.message}</Alert> : null}
      {state.kind === 'ready' ? (
        <>
          {state.data.affiliates.length > 0 ? <Totals totals={state.data.totals} /> : null}
          <ul aria-label={copy.tab} className="space-y-3">
            {state.data.affiliates.length === 0 ? <li className="text-sm text-slate-400">{copy.empty}</li> : null}
            {state.data.affiliates.map((affiliate) => (
              <AffiliateCard key={affiliate.id} affiliate={affiliate} onChanged={() => void reload()} />
            ))}
          </ul>
          <PayoutsPanel onSignedOut={onSignedOut} onChanged={() => void reload()} />
          <div className={card}>
            <h3 className="mb-2 text-base font-extrabold text-white">{copy.rates.title}</h3>
            <RatesForm
              title={copy.rates.defaults}
              rates={state.data.defaults}
              optional={false}
              onSave={(rates) => affiliatesApi.setDefaults(rates as typeof state.data.defaults).then(reload)}
            />
          </div>
          {/* With the list, not before it: a form shown while loading would move down under the seller's typing. */}
          <AffiliateForm onRegistered={() => void reload()} />
        </>
      ) : null}
    </section>
  );
}

function Totals({ totals }: { totals: AdminAffiliateList['totals'] }) {
  const rows: Array<[string, number]> = [
    [copy.totals.revenue, totals.revenueCents],
    [copy.totals.commissions, totals.commissionsCents],
    [copy.totals.net, totals.netCents],
  ];
  return (
    <section className={card} aria-labelledby="affiliates-totals">
      <h3 id="affiliates-totals" className="mb-2 text-base font-extrabold text-white">
        {copy.totals.title}
      </h3>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        {rows.map(([label, cents]) => (
          <div key={label}>
            <dt className="text-xs text-slate-400">{label}</dt>
            <dd className="font-bold text-white tabular-nums">{formatBRL(cents)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function AffiliateCard({ affiliate, onChanged }: { affiliate: AdminAffiliate; onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [deciding, setDeciding] = useState(false);
  const move = async (state: 'active' | 'paused') => {
    try {
      await affiliatesApi.move(affiliate.id, state);
      onChanged();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : copy.api.notAllowed);
    }
  };
  const figures: Array<[string, string]> = [
    [copy.columns.sales, String(affiliate.sales)],
    [copy.columns.charges, String(affiliate.charges)],
    [copy.columns.conversion, formatRate(affiliate.conversion)],
    [copy.columns.revenue, formatBRL(affiliate.revenueCents)],
    [copy.columns.refundRate, formatRate(affiliate.refundRate)],
    [copy.columns.pending, formatBRL(affiliate.pendingCents)],
    [copy.columns.available, formatBRL(affiliate.availableCents)],
    [copy.columns.paid, formatBRL(affiliate.paidCents)],
    ...(affiliate.debtCents > 0 ? [[copy.columns.debt, formatBRL(affiliate.debtCents)] as [string, string]] : []),
  ];
  return (
    <li className={`${card} space-y-3 text-sm`}>
      <h3 className="text-base font-bold text-white">
        {affiliate.name}
        <span className="ml-2 rounded-md bg-ink-800 px-2 py-0.5 text-xs font-normal text-slate-200">{copy.states[affiliate.state]}</span>
      </h3>
      <p>
        <span className="block break-all text-slate-400">{affiliate.email}</span>
        <span className="block text-slate-400">
          {copy.code}: <span className="font-mono text-slate-200">{affiliate.code}</span>
        </span>
        <span className="block text-slate-400">{affiliate.promotes}</span>
        <span className="block text-slate-400">
          {affiliate.terms ? copy.terms(affiliate.terms.version, formatDate(affiliate.terms.acceptedAt)) : copy.termsNotYet}
        </span>
        {affiliate.stateReason ? (
          <span className="block text-slate-400">
            {copy.reason}: {affiliate.stateReason}
          </span>
        ) : null}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-400">{label}</dt>
            <dd className="font-bold text-white tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {affiliate.payoutsHeldUntil ? <p className="text-amber-200">{copy.held(formatDateTime(affiliate.payoutsHeldUntil))}</p> : null}
      {affiliate.flagged > 0 ? <p className="text-amber-200">{copy.flagged(affiliate.flagged)}</p> : null}
      {affiliate.burstUnpaid !== null ? <Alert variant="destructive">{copy.burst(affiliate.burstUnpaid)}</Alert> : null}
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {affiliate.state === 'pending' ? <Button onClick={() => void move('active')}>{copy.actions.approve}</Button> : null}
        {affiliate.state === 'pending' ? (
          <Button variant="danger" onClick={() => setDeciding(true)}>
            {copy.actions.refuse}
          </Button>
        ) : null}
        {affiliate.state === 'active' ? (
          <Button variant="secondary" onClick={() => void move('paused')}>
            {copy.actions.pause}
          </Button>
        ) : null}
        {affiliate.state === 'paused' ? <Button onClick={() => void move('active')}>{copy.actions.resume}</Button> : null}
        {affiliate.state === 'active' || affiliate.state === 'paused' ? (
          <Button variant="danger" onClick={() => setDeciding(true)}>
            {copy.actions.remove}
          </Button>
        ) : null}
      </div>
      {affiliate.state !== 'removed' ? (
        <DecisionDialog
          key={affiliate.state === 'pending' ? 'refuse' : 'remove'}
          decision={affiliate.state === 'pending' ? 'refuse' : 'remove'}
          affiliate={affiliate}
          open={deciding}
          onOpenChange={setDeciding}
          // The server's refusal shows inside the dialog (ConfirmDialog); the list is read again after a decision.
          onDecide={async (reason) => {
            await affiliatesApi.move(affiliate.id, 'removed', reason);
            onChanged();
          }}
        />
      ) : null}
      {affiliate.state !== 'removed' ? (
        <RatesForm
          title={copy.rates.own}
          rates={affiliate.rates}
          optional
          onSave={(rates) => affiliatesApi.setRates(affiliate.id, rates)}
        />
      ) : null}
    </li>
  );
}

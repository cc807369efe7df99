import { useCallback, useId, useState, type FormEvent } from 'react';
import { affiliatePayoutsCopy } from '../../../content/affiliates.ts';
import type { AdminPayouts, PayoutSettings } from '../../../shared/affiliate-payouts.ts';
import { formatBRL } from '../../../shared/money.ts';
import { formatDate, formatDateTime } from '../../../shared/time.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { MoneyInput } from '../money-input.tsx';
import { useAdminData } from '../use-admin-data.ts';
import { affiliatesApi } from './affiliates-api.ts';

const copy = affiliatePayoutsCopy.console;
const states = affiliatePayoutsCopy.csv.state;
const card = 'rounded-2xl border border-line bg-ink-850 p-4';

/**
 * Payouts in "Afiliados" (docs/affiliates.md#payouts): the batch with its total, one tap (two above the limit), the history.
 * `onChanged` tells the section when money moved, so the affiliates' cards above show it too.
 */
export function PayoutsPanel({ onSignedOut, onChanged }: { onSignedOut: () => void; onChanged?: () => void }) {
  const load = useCallback(() => affiliatesApi.payouts(), []);
  const { state, reload } = useAdminData(load, onSignedOut);
  if (state.kind === 'loading') return null;
  if (state.kind === 'failed') return <Alert variant="destructive">{state.message}</Alert>;
  return (
    <Payouts
      data={state.data}
      onChanged={() => {
        void reload();
        onChanged?.();
      }}
    />
  );
}

function Payouts({ data, onChanged }: { data: AdminPayouts; onChanged: () => void }) {
  const [armed, setArmed] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      setMessage(done ? { text: done, failed: false } : null);
      onChanged();
    } catch (failure) {
      setMessage({ text: failure instanceof ApiError ? failure.message : affiliatePayoutsCopy.api.changed, failed: true });
    }
  };
  const approve = () => {
    if (data.needsSecondConfirmation && !armed) {
      setArmed(true);
      return;
    }
    setArmed(false);
    void act(() => affiliatesApi.approvePayouts(data.totalCents, data.needsSecondConfirmation), copy.approved);
  };
  const [year, month, day] = data.nextPayoutDate.split('-');
  return (
    <section aria-labelledby="payouts-title" className={`${card} space-y-4 text-sm`}>
      <div>
        <h3 id="payouts-title" className="text-base font-extrabold text-white">
          {copy.title}
        </h3>
        <p className="text-slate-300">{copy.next(`${day}/${month}/${year}`)}</p>
        <p className="text-slate-400">{data.byApi ? copy.byApi : copy.byHand}</p>
      </div>

      <div>
        <h4 className="font-bold text-white">{copy.payable}</h4>
        {data.payable.length === 0 ? <p className="text-slate-400">{copy.none}</p> : null}
        <ul aria-label={copy.payable} className="mt-2 max-w-2xl space-y-2">
          {data.payable.map((line) => (
            <li key={line.affiliateId} className="flex flex-wrap justify-between gap-2 border-b border-line pb-2">
              <span>
                <span className="block font-semibold text-white">{line.name}</span>
                <span className="block break-all text-slate-400">{line.pixKey}</span>
                {line.debtCents > 0 ? <span className="block text-amber-200">{copy.debt(formatBRL(line.debtCents))}</span> : null}
              </span>
              <span className="font-bold text-white tabular-nums">{formatBRL(line.amountCents)}</span>
            </li>
          ))}
        </ul>
        {data.payable.length > 0 ? (
          <div className="mt-3 space-y-2">
            <p className="font-bold text-white">{copy.total(formatBRL(data.totalCents))}</p>
            {armed ? <p className="text-amber-200">{copy.aboveLimit}</p> : null}
            <Button onClick={approve}>
              {armed ? copy.confirmAgain(formatBRL(data.totalCents)) : copy.approve(formatBRL(data.totalCents))}
            </Button>
          </div>
        ) : null}
        {message ? <p className={message.failed ? 'mt-2 text-red-300' : 'mt-2 text-emerald-300'}>{message.text}</p> : null}
      </div>

      {data.payouts.length > 0 ? (
        <div>
          <h4 className="font-bold text-white">{copy.history}</h4>
          <ul aria-label={copy.history} className="mt-2 max-w-2xl space-y-2">
            {data.payouts.map((payout) => (
              <li key={payout.id} className="space-y-1 border-b border-line pb-2">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-semibold text-white">{payout.name}</span>
                  <span className="font-bold text-white tabular-nums">{formatBRL(payout.amountCents)}</span>
                </p>
                <p className="text-slate-400">
                  {formatDateTime(payout.createdAt)} · {states[payout.state]}
                  {payout.paidAt !== null ? ` · ${formatDate(payout.paidAt)}` : ''}
                </p>
                {payout.endToEndId ? (
                  <p className="break-all text-slate-400">
                    {copy.e2e}: <span className="font-mono">{payout.endToEndId}</span>
                  </p>
                ) : null}
                {!payout.byApi && payout.state === 'queued' ? <p className="break-all text-slate-300">{payout.pixKey}</p> : null}
                {payout.failure ? <p className="text-amber-200">{payout.failure}</p> : null}
                {!payout.byApi && payout.state === 'queued' ? (
                  <Button variant="secondary" onClick={() => void act(() => affiliatesApi.markPaid(payout.id))}>
                    {copy.markPaid}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {data.months.length > 0 ? (
        <div>
          <h4 className="font-bold text-white">{copy.months}</h4>
          <ul aria-label={copy.months} className="mt-2 max-w-2xl space-y-1">
            {data.months.map((row) => (
              <li key={`${row.month}-${row.affiliateId}`} className="flex justify-between gap-2">
                <span className="text-slate-300">
                  {row.month.split('-').reverse().join('/')} · {row.name}
                </span>
                <span className="font-bold text-white tabular-nums">{formatBRL(row.paidCents)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <a
        href={affiliatesApi.payoutsCsvUrl}
        download="repasses-afiliados.csv"
        className="inline-flex min-h-11 items-center justify-center rounded-xl border border-line bg-ink-800 px-4 text-sm font-semibold text-slate-100 hover:bg-ink-700"
      >
        {copy.csv}
      </a>
      <ScheduleForm settings={data.settings} onSaved={onChanged} />
    </section>
  );
}

function ScheduleForm({ settings, onSaved }: { settings: PayoutSettings; onSaved: () => void }) {
  const [weekday, setWeekday] = useState(settings.weekday);
  // Centavos once what is typed reads as an amount; the text as typed until then (MoneyInput).
  const [min, setMin] = useState<number | string>(settings.minCents);
  const [limit, setLimit] = useState<number | string>(settings.confirmAboveCents);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const minBad = typeof min !== 'number' || min < 1;
  const limitBad = typeof limit !== 'number' || limit < 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typeof min !== 'number' || typeof limit !== 'number' || minBad || limitBad) {
      setMessage({ text: copy.settings.invalid, failed: true });
      return;
    }
    try {
      await affiliatesApi.savePayoutSettings({ weekday, minCents: min, confirmAboveCents: limit });
      setMessage({ text: copy.settings.saved, failed: false });
      onSaved();
    } catch (failure) {
      setMessage({ text: failure instanceof ApiError ? failure.message : copy.settings.invalid, failed: true });
    }
  };
  const id = useId();
  // What was said of the last save goes once the seller changes something: it spoke of other values.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setMessage(null);
    };
  const field = 'mt-1 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white aria-invalid:border-danger';
  // A refused amount is marked and tied to the words that say why.
  const refused = (bad: boolean) => (message?.failed && bad ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-message` } : {});
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={copy.settings.title} noValidate>
      <h4 className="font-bold text-white">{copy.settings.title}</h4>
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="block text-slate-200">
          {copy.settings.weekday}
          <select value={weekday} onChange={(event) => edited(setWeekday)(Number(event.target.value))} className={field}>
            {copy.settings.weekdays.map((name, index) => (
              <option key={name} value={index}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-slate-200">
          {copy.settings.min}
          <MoneyInput
            value={min}
            onAmount={edited(setMin)}
            placeholder={copy.settings.placeholder}
            className={field}
            {...refused(minBad)}
          />
        </label>
        <label className="block text-slate-200">
          {copy.settings.limit}
          <MoneyInput
            value={limit}
            onAmount={edited(setLimit)}
            placeholder={copy.settings.placeholder}
            className={field}
            {...refused(limitBad)}
          />
        </label>
      </div>
      {message ? (
        <p id={`${id}-message`} role={message.failed ? 'alert' : 'status'} className={message.failed ? 'text-red-300' : 'text-emerald-300'}>
          {message.text}
        </p>
      ) : null}
      <Button type="submit" variant="secondary">
        {copy.settings.save}
      </Button>
    </form>
  );
}

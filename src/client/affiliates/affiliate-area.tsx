import { LogOut, PauseCircle, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { affiliatePage as copy, affiliateTerms } from '../../content/affiliates.ts';
import { AFFILIATE_PARAM } from '../../shared/affiliate-code.ts';
import type { AffiliatePage } from '../../shared/affiliates.ts';
import { formatBRL } from '../../shared/money.ts';
import { paths } from '../../shared/routes.ts';
import { firstName } from '../../shared/text.ts';
import { formatDate, formatDateTime } from '../../shared/time.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { AffiliateTermsList } from './affiliate-terms.tsx';
import { affiliatesApi } from './affiliates-api.ts';
import { CopyLink } from './copy-link.tsx';

const card = 'rounded-2xl border border-line bg-ink-850/80 p-5';
const heading = 'text-lg font-extrabold text-white';

/** The affiliate's page (docs/affiliates.md#the-affiliates-page): links, money, sales, PIX key and terms; no buyer's data. */
export function AffiliateArea({
  page,
  onChange,
  onSignedOut,
  pixKeyConfirmed,
}: {
  page: AffiliatePage;
  onChange: (page: AffiliatePage) => void;
  onSignedOut: () => void;
  pixKeyConfirmed: boolean;
}) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const signOut = async () => {
    await affiliatesApi.signOut().catch(() => undefined);
    onSignedOut();
  };
  return (
    <div className="space-y-5">
      <div className="flex items-start justify-between gap-4">
        <h1 className="text-3xl leading-tight font-black text-balance text-white">{copy.greeting(firstName(page.name))}</h1>
        <Button variant="ghost" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" className="size-4" />
          {copy.signOut}
        </Button>
      </div>
      {page.state === 'paused' ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-amber-300/40 bg-amber-300/10 p-3 text-sm text-amber-100"
        >
          <PauseCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {copy.paused}
        </p>
      ) : null}
      {pixKeyConfirmed ? <Alert variant="success">{copy.pixConfirmed}</Alert> : null}

      <section aria-labelledby="af-links" className={card}>
        <h2 id="af-links" className={heading}>
          {copy.links.title}
        </h2>
        <ul className="mt-3 space-y-3">
          <CopyLink label={copy.links.presell} url={`${origin}${paths.presell}?${AFFILIATE_PARAM}=${page.code}`} />
          <CopyLink label={copy.links.landing} url={`${origin}/?${AFFILIATE_PARAM}=${page.code}`} />
        </ul>
        <p className="mt-3 text-sm text-pretty text-slate-400">{copy.links.utmNote}</p>
      </section>

      <section aria-labelledby="af-totals" className={card}>
        <h2 id="af-totals" className={heading}>
          {copy.totals.title}
        </h2>
        {/* A row each on a phone: a third of 390 px is narrower than "R$ 1.234,56" in bold. */}
        <dl className="mt-3 grid gap-2 sm:grid-cols-3 sm:gap-3">
          {(
            [
              [copy.totals.pending, page.pendingCents],
              [copy.totals.available, page.availableCents],
              [copy.totals.paid, page.paidCents],
            ] as const
          ).map(([label, cents]) => (
            <div key={label} className="flex items-baseline justify-between gap-3 rounded-xl bg-ink-950/60 p-3 sm:block">
              <dt className="text-sm text-slate-400 sm:text-xs">{label}</dt>
              <dd className="font-bold text-white tabular-nums sm:mt-1">{formatBRL(cents)}</dd>
            </div>
          ))}
        </dl>
        {page.debtCents > 0 ? (
          <p className="mt-3 text-sm text-amber-200">
            {copy.totals.debt}: {formatBRL(page.debtCents)}
          </p>
        ) : null}
        <p className="mt-3 text-sm text-pretty text-slate-400">{copy.totalsNote}</p>
        <p className="mt-2 text-sm text-pretty text-slate-200">
          {copy.nextPayout(payoutDay(page.nextPayout.date), formatBRL(page.nextPayout.minCents))}
        </p>
        {page.payoutsHeldUntil ? (
          <p className="mt-2 text-sm text-amber-200">{copy.pix.held(formatDateTime(page.payoutsHeldUntil))}</p>
        ) : null}
      </section>

      <section aria-labelledby="af-sales" className={card}>
        <h2 id="af-sales" className={heading}>
          {copy.sales.title}
        </h2>
        {page.sales.length === 0 ? (
          <p className="mt-3 text-sm text-slate-400">{copy.sales.empty}</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-xs text-slate-400">
              <tr>
                <th className="py-2 font-semibold">{copy.sales.date}</th>
                <th className="py-2 text-right font-semibold">{copy.sales.sale}</th>
                <th className="py-2 text-right font-semibold">{copy.sales.commission}</th>
                <th className="py-2 pl-3 font-semibold">{copy.sales.state}</th>
              </tr>
            </thead>
            <tbody>
              {page.sales.map((sale, index) => (
                <tr key={`${sale.at}-${index}`} className="border-t border-line">
                  <td className="py-2 text-slate-200">{formatDate(sale.at)}</td>
                  <td className="py-2 text-right text-slate-200 tabular-nums">{formatBRL(sale.saleCents)}</td>
                  <td className="py-2 text-right font-bold text-white tabular-nums">{formatBRL(sale.commissionCents)}</td>
                  <td
                    className={cn(
                      'py-2 pl-3',
                      sale.state === 'disponivel' || sale.state === 'paga'
                        ? 'text-brand-400'
                        : sale.state === 'cancelada'
                          ? 'text-slate-400'
                          : 'text-amber-200',
                    )}
                  >
                    {copy.sales.states[sale.state]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <PixKeyCard page={page} onChange={onChange} onSignedOut={onSignedOut} />
      <TermsCard page={page} onChange={onChange} onSignedOut={onSignedOut} />
    </div>
  );
}

type CardProps = { page: AffiliatePage; onChange: (page: AffiliatePage) => void; onSignedOut: () => void };

function failureOf(error: unknown, onSignedOut: () => void): { message: string; field?: string } {
  if (error instanceof ApiError && error.status === 401) onSignedOut();
  if (error instanceof ApiError && error.status !== 0 && error.message) return { message: error.message, field: error.fields.pixKey };
  return { message: copy.signIn.network };
}

/** The key payouts go to; a new one applies from the link e-mailed to the affiliate, and holds payouts 24 h. */
function PixKeyCard({ page, onChange, onSignedOut }: CardProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      onChange(await affiliatesApi.changePixKey(value));
      setSent(true);
      setOpen(false);
      setValue('');
    } catch (error) {
      setFailure(failureOf(error, onSignedOut));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="af-pix" className={card}>
      <h2 id="af-pix" className={heading}>
        {copy.pix.title}
      </h2>
      <p className="mt-2 text-slate-200">
        <span className="text-slate-400">{copy.pix.types[page.pixKey.type]}:</span>{' '}
        <span className="font-mono break-all">{page.pixKey.value}</span>
      </p>
      {sent ? (
        <Alert variant="success" className="mt-3">
          {copy.pix.sent}
        </Alert>
      ) : page.pixKeyPending ? (
        <p className="mt-3 text-sm text-amber-200">{copy.pix.pending}</p>
      ) : null}
      {open ? (
        <form onSubmit={submit} className="mt-4 space-y-3">
          <label htmlFor={`${id}-key`} className="block text-sm font-semibold text-slate-200">
            {copy.pix.newKey}
          </label>
          <input
            id={`${id}-key`}
            name="pixKey"
            required
            maxLength={120}
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={failure?.field ? true : undefined}
            aria-describedby={failure ? `${id}-error` : undefined}
            className={cn('field-input', failure?.field ? 'border-danger' : 'border-line focus:border-brand-500 focus:ring-brand-500/30')}
          />
          {failure ? (
            <p id={`${id}-error`} className="text-sm font-medium text-red-300">
              {failure.field ?? failure.message}
            </p>
          ) : null}
          <p className="text-xs text-slate-400">{copy.pix.hint}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {copy.pix.submit}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {copy.pix.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
          {copy.pix.change}
        </Button>
      )}
    </section>
  );
}

/** The version and date they accepted; an invited affiliate accepts here. */
function TermsCard({ page, onChange, onSignedOut }: CardProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const accept = async () => {
    setBusy(true);
    try {
      onChange(await affiliatesApi.acceptTerms(affiliateTerms.version));
    } catch (error) {
      setFailure(failureOf(error, onSignedOut).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="af-terms" className={card}>
      <h2 id="af-terms" className={cn(heading, 'flex items-center gap-2')}>
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-400" />
        {page.terms ? copy.terms.title : copy.terms.titleNotYet}
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        {page.terms ? copy.terms.accepted(page.terms.version, formatDate(page.terms.acceptedAt)) : copy.terms.notYet}
      </p>
      <details className="mt-3" open={page.terms === null}>
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-400">{affiliateTerms.title}</summary>
        <AffiliateTermsList className="mt-2" />
      </details>
      {failure ? (
        <Alert variant="destructive" className="mt-3">
          {failure}
        </Alert>
      ) : null}
      {page.terms === null ? (
        <Button className="mt-4" disabled={busy} onClick={() => void accept()}>
          {copy.terms.accept}
        </Button>
      ) : null}
    </section>
  );
}

/** "terça-feira, 01/12": a Brasília calendar day as the affiliate reads it (noon, so no offset moves it to another day). */
function payoutDay(day: string): string {
  return new Date(`${day}T12:00:00-03:00`).toLocaleDateString('pt-BR', {
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'America/Sao_Paulo',
  });
}

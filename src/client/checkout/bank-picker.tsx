import { ArrowLeft, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { openFinance as copy } from '../../content/open-finance.ts';
import type { OpenFinanceBanksReply } from '../../shared/open-finance.ts';
import { orderKeyHeaders } from '../../shared/order-view-key.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';

type Bank = OpenFinanceBanksReply['banks'][number];

/** The buyer's last bank, kept on this device only after they tick "Lembrar meu banco neste aparelho". */
const LAST_BANK_KEY = 'vitrine_last_bank';

function readLastBank(): string | null {
  try {
    return window.localStorage.getItem(LAST_BANK_KEY);
  } catch {
    return null;
  }
}

function keepLastBank(id: string | null): void {
  try {
    if (id === null) window.localStorage.removeItem(LAST_BANK_KEY);
    else window.localStorage.setItem(LAST_BANK_KEY, id);
  } catch {
    // Without storage the bank is simply asked again next time.
  }
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A participant's logo, or its initial when the logo cannot be shown (none given, or blocked by the page's policy). */
function BankMark({ bank }: { bank: Bank }) {
  const [failed, setFailed] = useState(false);
  const logo = bank.logoUrl?.startsWith('https://') ? bank.logoUrl : null;
  return (
    <span className="grid size-9 shrink-0 place-items-center overflow-hidden rounded-lg bg-white text-sm font-black text-ink-950">
      {logo && !failed ? (
        <img src={logo} alt="" width={36} height={36} loading="lazy" className="size-9 object-contain" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{bank.name.trim().charAt(0).toUpperCase()}</span>
      )}
    </span>
  );
}

type Load = { kind: 'loading' } | { kind: 'ready'; banks: Bank[] } | { kind: 'failed' };

/**
 * "Escolha o seu banco" (docs/payments.md#open-finance): Efí's participants as the server orders them (the
 * shop's most chosen first), the remembered one on top, filtered as the buyer types. Picking one starts the
 * payment for this order and sends the browser to the bank, which sends it back to the order page.
 */
export default function BankPicker({ orderId, viewKey, onClose }: { orderId: string; viewKey: string; onClose: () => void }) {
  const searchId = useId();
  const rememberId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [query, setQuery] = useState('');
  const [lastBank] = useState(readLastBank);
  // Ticked only if the buyer ticked it before (a bank is kept): never by the page.
  const [remember, setRemember] = useState(lastBank !== null);
  const [opening, setOpening] = useState<Bank | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    apiFetch('GET /api/open-finance/bancos').then(
      (reply) => live && setLoad({ kind: 'ready', banks: reply.banks }),
      () => live && setLoad({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const shown = useMemo(() => {
    if (load.kind !== 'ready') return [];
    const wanted = folded(query.trim());
    const matching = load.banks.filter((bank) => wanted === '' || folded(bank.name).includes(wanted));
    const last = matching.find((bank) => bank.id === lastBank);
    return last ? [last, ...matching.filter((bank) => bank !== last)] : matching;
  }, [load, query, lastBank]);

  const changeRemember = (checked: boolean) => {
    setRemember(checked);
    if (!checked) keepLastBank(null);
  };

  const pick = async (bank: Bank) => {
    setOpening(bank);
    setError(null);
    keepLastBank(remember ? bank.id : null);
    try {
      const { redirectUri } = await apiFetch('POST /api/orders/:id/open-finance', {
        params: { id: orderId },
        headers: orderKeyHeaders(viewKey),
        json: { participantId: bank.id },
      });
      window.location.assign(redirectUri);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : copy.loadFailed);
      setOpening(null);
    }
  };

  return (
    <section aria-labelledby={`${searchId}-title`} className="space-y-3 rounded-xl border border-line bg-ink-850 p-3">
      <h3 id={`${searchId}-title`} className="text-base font-bold text-white">
        {copy.title}
      </h3>

      <label htmlFor={searchId} className="sr-only">
        {copy.search}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={searchId}
          type="search"
          autoComplete="off"
          placeholder={copy.searchPlaceholder}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="field-input border-line pl-9 focus:border-brand-500 focus:ring-brand-500/30"
        />
      </div>

      {load.kind === 'loading' ? (
        <p role="status" className="text-sm text-slate-300">
          {copy.loading}
        </p>
      ) : null}
      {load.kind === 'failed' ? <Alert variant="destructive">{copy.loadFailed}</Alert> : null}
      {load.kind === 'ready' && shown.length === 0 ? <p className="text-sm text-slate-300">{copy.empty}</p> : null}

      {shown.length > 0 ? (
        <ul aria-label={copy.title} className="max-h-72 space-y-1.5 overflow-y-auto overscroll-contain pr-1">
          {shown.map((bank) => (
            <li key={bank.id}>
              <button
                type="button"
                disabled={opening !== null}
                onClick={() => void pick(bank)}
                className="flex min-h-12 w-full items-center gap-3 rounded-lg border border-line bg-ink-800 px-3 py-2 text-left text-sm font-semibold text-slate-100 transition-colors hover:bg-ink-700 disabled:opacity-60"
              >
                <BankMark bank={bank} />
                <span className="min-w-0 flex-1 break-words">{bank.name}</span>
                {bank.id === lastBank ? (
                  <span className="shrink-0 rounded-full bg-pix/20 px-2 py-0.5 text-xs font-bold text-pix">{copy.lastUsed}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {opening ? (
        <p role="status" className="text-sm font-semibold text-gold-300">
          {copy.opening(opening.name)}
        </p>
      ) : null}
      {error ? <Alert variant="destructive">{error}</Alert> : null}

      <div>
        <label htmlFor={rememberId} className="flex min-h-11 cursor-pointer items-center gap-3">
          <Checkbox id={rememberId} checked={remember} onCheckedChange={changeRemember} aria-describedby={`${rememberId}-hint`} />
          <span className="text-sm leading-snug font-semibold text-slate-200">{copy.remember.label}</span>
        </label>
        <p id={`${rememberId}-hint`} className="pl-9 text-xs text-slate-400">
          {copy.remember.hint}
        </p>
      </div>
      <p className="text-xs text-slate-400">{copy.notListed}</p>
      <Button variant="secondary" block onClick={onClose}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {copy.back}
      </Button>
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminBuyerErased, AdminBuyerOrder, AdminBuyerSummary } from '../../../shared/admin.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { formatBRL, formatDateTime } from '../format.ts';
import { StatusBadge } from '../orders/order-badges.tsx';

const text = copy.privacy;
const inputClass = 'mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white';

function downloadJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Dados pessoais (LGPD): find a buyer by e-mail, download their data or erase it (same code as `npm run buyer`). */
export function PrivacySection({ onSignedOut }: { onSignedOut: () => void }) {
  // A buyer's e-mail: never kept in this browser (DESIGN.md §1), unlike the console's other forms (local-draft.tsx).
  const [email, setEmail] = useState('');
  const [buyer, setBuyer] = useState<AdminBuyerSummary | null>(null);
  const [erased, setErased] = useState<AdminBuyerErased | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const id = useId();

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onSignedOut();
      else setMessage({ ok: false, text: error instanceof ApiError && error.message ? error.message : copy.api.invalid });
    } finally {
      setBusy(false);
    }
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      setBuyer(null);
      setErased(null);
      setBuyer(await adminApi.findBuyer(email));
    });
  };

  const download = (address: string) =>
    attempt(async () => {
      downloadJson(await adminApi.exportBuyer(address), text.exportFile);
      setMessage({ ok: true, text: text.exported });
    });

  // Errors are shown in the dialog (ConfirmDialog); success closes it and shows what was erased.
  const erase = async (address: string) => {
    const result = await adminApi.eraseBuyer(address, confirmation);
    setErased(result);
    setBuyer(null);
    setMessage(null);
  };

  return (
    <div className="space-y-4">
      <section className="rounded-2xl border border-line bg-ink-850 p-4">
        <h2 className="text-base font-extrabold text-white">{text.title}</h2>
        <p className="mt-1 text-sm text-slate-300">{text.intro}</p>
        <form onSubmit={search} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="sm:flex-1">
            <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-200">
              {text.field}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={inputClass}
            />
          </div>
          <Button type="submit" disabled={busy}>
            {text.search}
          </Button>
        </form>
        {message ? (
          <Alert variant={message.ok ? 'success' : 'destructive'} className="mt-3">
            {message.text}
          </Alert>
        ) : null}
      </section>

      {erased ? (
        <section className="space-y-3 rounded-2xl border border-line bg-ink-850 p-4">
          <Alert variant="success">{text.erased(erased.erasedOrders)}</Alert>
          {erased.orders.length > 0 ? <BuyerOrders label={text.erasedOrders} orders={erased.orders} /> : null}
        </section>
      ) : null}

      {buyer ? (
        <section className="space-y-3 rounded-2xl border border-line bg-ink-850 p-4">
          {buyer.orders.length === 0 ? (
            <p className="text-slate-300">{text.none(buyer.email)}</p>
          ) : (
            <>
              <h3 className="text-sm font-extrabold break-all text-white">{buyer.email}</h3>
              <BuyerOrders label={text.found(buyer.orders.length)} orders={buyer.orders} />
              <div className="grid gap-2 sm:flex">
                <Button variant="secondary" disabled={busy} onClick={() => void download(buyer.email)}>
                  {text.export}
                </Button>
                <Button
                  variant="danger"
                  onClick={() => {
                    setConfirmation('');
                    setConfirming(true);
                  }}
                >
                  {text.erase}
                </Button>
              </div>
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                title={text.confirm.title}
                body={text.confirm.body(buyer.email)}
                onConfirm={() => erase(buyer.email)}
                confirmDisabled={confirmation.trim().toLowerCase() !== buyer.email}
                danger
              >
                <div>
                  <label htmlFor={`${id}-confirm`} className="block text-sm font-semibold text-slate-200">
                    {text.confirm.field}
                  </label>
                  <input
                    id={`${id}-confirm`}
                    type="email"
                    autoComplete="off"
                    value={confirmation}
                    onChange={(event) => setConfirmation(event.target.value)}
                    className={inputClass}
                  />
                </div>
              </ConfirmDialog>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** The buyer's orders: a card per order on a phone, a row per order on a desktop. */
function BuyerOrders({ label, orders }: { label: string; orders: AdminBuyerOrder[] }) {
  return (
    <div>
      <p className="text-sm text-slate-400" role="status">
        {label}
      </p>
      <ul aria-label={label} className="mt-2 divide-y divide-line overflow-hidden rounded-xl border border-line">
        {orders.map((order) => (
          <li
            key={order.reference}
            className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 py-2.5 text-sm sm:grid-cols-[2fr_2fr_1fr_1fr_auto]"
          >
            <span className="truncate font-semibold text-white" title={order.reference}>
              {order.reference}
            </span>
            <span className="text-right font-bold text-white tabular-nums sm:order-last">{formatBRL(order.amountCents)}</span>
            <span className="truncate text-slate-300">{order.name || '—'}</span>
            <span className="text-right sm:text-left">
              <StatusBadge status={order.status} />
            </span>
            <span className="col-span-2 text-xs text-slate-500 sm:col-span-1 sm:text-sm">
              {order.createdAt === null ? '—' : formatDateTime(order.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

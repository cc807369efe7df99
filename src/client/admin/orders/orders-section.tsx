import { useCallback, useId, useState, type FormEvent } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import { ORDER_FILTER_STATUSES, type AdminOrderSummary, type OrderFilterStatus } from '../../../shared/admin.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi, type OrderFilters } from '../admin-api.ts';
import { formatBRL, formatDateTime } from '../format.ts';
import { DuplicateMarker, duplicateMark, ItemsBadge, itemsMark, RefundBadge, refundMark, StatusBadge } from './order-badges.tsx';
import { OrderDetailView } from './order-detail.tsx';
import { useAdminData } from '../use-admin-data.ts';

const EMPTY: OrderFilters = { status: 'all', from: '', to: '', q: '', page: 1 };
const inputClass = 'mt-1 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-sm text-white';

const filterLabels: Record<OrderFilterStatus, string> = {
  ...copy.orders.status,
  all: copy.orders.statusAll,
  duplicate: copy.orders.statusDuplicate,
  refund_requested: copy.orders.statusRefundRequested,
};

/** The list row's name for screen readers: the buyer, then the marks the eye sees beside the name. */
function rowLabel(order: AdminOrderSummary): string {
  const marks = [itemsMark(order), duplicateMark(order), refundMark(order)].filter((mark) => mark !== null);
  return `${copy.orders.open(order.buyerName)}${marks.length ? ` (${marks.join(', ')})` : ''}`;
}

/** Pedidos: filters, search, pages, the CSV export, and the detail of one order. */
export function OrdersSection({
  onSignedOut,
  orderId: openId,
  onOpenOrder: setOpenId,
  initialStatus = 'all',
}: {
  onSignedOut: () => void;
  /** The order whose detail is open (from the address's hash), or null for the list. */
  orderId: string | null;
  onOpenOrder: (orderId: string | null) => void;
  initialStatus?: OrderFilterStatus;
}) {
  const [filters, setFilters] = useState<OrderFilters>({ ...EMPTY, status: initialStatus });
  const [draft, setDraft] = useState<OrderFilters>({ ...EMPTY, status: initialStatus });
  const load = useCallback(() => adminApi.orders(filters), [filters]);
  const { state, reload } = useAdminData(load, onSignedOut);
  const id = useId();

  if (openId) {
    return (
      <OrderDetailView
        key={openId}
        orderId={openId}
        onBack={() => {
          setOpenId(null);
          void reload();
        }}
        onSignedOut={onSignedOut}
        onOpenOrder={setOpenId}
      />
    );
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, page: 1 });
  };
  const pages = state.kind === 'ready' ? Math.max(1, Math.ceil(state.data.total / state.data.pageSize)) : 1;

  return (
    <div className="space-y-4">
      <form
        onSubmit={apply}
        className="grid gap-3 rounded-2xl border border-line bg-ink-850 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
        role="search"
      >
        <div>
          <label htmlFor={`${id}-q`} className="text-xs font-semibold text-slate-300">
            {copy.orders.search}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q}
            placeholder={copy.orders.searchPlaceholder}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="text-xs font-semibold text-slate-300">
            {copy.orders.statusFilter}
          </label>
          <select
            id={`${id}-status`}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value as OrderFilterStatus })}
            className={inputClass}
          >
            {ORDER_FILTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {filterLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-from`} className="text-xs font-semibold text-slate-300">
            {copy.orders.from}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="text-xs font-semibold text-slate-300">
            {copy.orders.to}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            className={inputClass}
          />
        </div>
        <div className="flex items-end gap-2">
          <Button type="submit" className="flex-1">
            {copy.orders.apply}
          </Button>
          <a
            href={adminApi.ordersCsvUrl(filters)}
            download="pedidos.csv"
            className="inline-flex min-h-11 flex-1 items-center justify-center rounded-xl border border-line bg-ink-800 px-4 text-sm font-semibold whitespace-nowrap text-slate-100 hover:bg-ink-700"
          >
            {copy.orders.export}
          </a>
        </div>
      </form>

      {state.kind === 'loading' ? <p className="text-slate-400">{copy.loading}</p> : null}
      {state.kind === 'failed' ? <Alert variant="destructive">{state.message || copy.api.invalid}</Alert> : null}
      {state.kind === 'ready' ? (
        <>
          <p className="text-sm text-slate-400" role="status">
            {copy.orders.count(state.data.total)}
          </p>
          {state.data.orders.length === 0 ? (
            <p className="rounded-2xl border border-line bg-ink-850 p-6 text-center text-slate-300">{copy.orders.empty}</p>
          ) : (
            <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-ink-850">
              {state.data.orders.map((order) => (
                <li key={order.id}>
                  <button
                    type="button"
                    aria-label={rowLabel(order)}
                    onClick={() => setOpenId(order.id)}
                    className="grid w-full grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 text-left hover:bg-ink-800 sm:grid-cols-[2fr_2fr_1fr_1fr_auto]"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-white">{order.buyerName}</span>
                      {itemsMark(order) || duplicateMark(order) || refundMark(order) ? (
                        <span className="mt-1 flex flex-wrap gap-1">
                          <ItemsBadge order={order} />
                          <DuplicateMarker order={order} />
                          <RefundBadge order={order} />
                        </span>
                      ) : null}
                    </span>
                    <span className="text-right font-bold text-white tabular-nums sm:order-last">{formatBRL(order.amountCents)}</span>
                    <span className="truncate text-sm text-slate-400">{order.buyerEmail}</span>
                    <span className="text-right sm:text-left">
                      <StatusBadge status={order.status} />
                    </span>
                    <span className="col-span-2 text-xs text-slate-500 sm:col-span-1 sm:text-sm">
                      {formatDateTime(order.createdAt)}
                      <span aria-hidden="true" className="sm:hidden">
                        {' · '}
                      </span>
                      <span className="sm:block sm:text-xs">{copy.orders.via(order.providerName)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <nav className="flex items-center justify-between gap-2" aria-label={copy.orders.page(state.data.page, pages)}>
            <Button variant="secondary" disabled={filters.page <= 1} onClick={() => setFilters({ ...filters, page: filters.page - 1 })}>
              {copy.orders.previous}
            </Button>
            <span className="text-sm text-slate-400">{copy.orders.page(state.data.page, pages)}</span>
            <Button variant="secondary" disabled={filters.page >= pages} onClick={() => setFilters({ ...filters, page: filters.page + 1 })}>
              {copy.orders.next}
            </Button>
          </nav>
        </>
      ) : null}
    </div>
  );
}

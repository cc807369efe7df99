import { useCallback, useId, useState } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminOrderDetail } from '../../../shared/admin.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { formatBRL } from '../format.ts';
import { DuplicateMarker, StatusBadge } from './order-badges.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { OrderWhatsapp } from './order-whatsapp.tsx';
import { RefundPanel } from './refund-panel.tsx';
import { useAdminData } from '../use-admin-data.ts';

type Action = 'resend' | 'correct' | 'revoke';

/** One order: buyer, amount, its refund, its timeline, and the actions (each confirmed, each audited by the server). */
export function OrderDetailView({
  orderId,
  onBack,
  onSignedOut,
  onOpenOrder,
}: {
  orderId: string;
  onBack: () => void;
  onSignedOut: () => void;
  onOpenOrder: (orderId: string) => void;
}) {
  const load = useCallback(() => adminApi.order(orderId), [orderId]);
  const { state, reload } = useAdminData(load, onSignedOut);
  const [dialog, setDialog] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const id = useId();

  const run = async (action: Action) => {
    if (action === 'correct') await adminApi.correctEmail(orderId, email);
    else await adminApi.orderAction(orderId, action);
    setDone(copy.detail.done[action]);
    await reload();
  };

  return (
    <div className="space-y-4">
      <button
        type="button"
        onClick={onBack}
        className="min-h-11 text-sm font-semibold text-slate-300 underline-offset-4 hover:text-white hover:underline"
      >
        ← {copy.detail.back}
      </button>
      {state.kind === 'loading' ? <p className="text-slate-400">{copy.loading}</p> : null}
      {state.kind === 'failed' ? <Alert variant="destructive">{state.message || copy.api.orderNotFound}</Alert> : null}
      {state.kind === 'ready' ? (
        <>
          <section className="rounded-2xl border border-line bg-ink-850 p-4">
            <h2 className="text-lg font-black break-all text-white">{copy.detail.title(state.data.id)}</h2>
            <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-400">{copy.detail.buyer}</dt>
                <dd className="font-semibold text-white">{state.data.buyerName}</dd>
                <dd className="break-all text-slate-300">{state.data.buyerEmail}</dd>
                <dd className="text-slate-300">{state.data.buyerPhone}</dd>
              </div>
              <div>
                <dt className="text-slate-400">{copy.detail.amount}</dt>
                <dd className="text-lg font-black text-white">{formatBRL(state.data.amountCents)}</dd>
                <dt className="mt-2 text-slate-400">{copy.detail.provider}</dt>
                <dd className="font-semibold text-white">{state.data.providerName}</dd>
                <PartGone
                  label={copy.detail.partRefunded}
                  cents={state.data.purchase?.partRefundedCents}
                  note={copy.detail.partRefundedNote}
                />
                <PartGone label={copy.detail.medPart} cents={state.data.purchase?.medPartCents} note={copy.detail.medPartNote} />
              </div>
              <div>
                <dt className="text-slate-400">{copy.orders.statusFilter}</dt>
                <dd>
                  <StatusBadge status={state.data.status} />{' '}
                  {state.data.status === 'paid' && !state.data.hasAccess ? (
                    <span className="text-xs text-slate-400">({copy.orders.noAccess})</span>
                  ) : null}
                </dd>
                {state.data.failureReason ? (
                  <dd className="mt-1 text-xs text-slate-400">
                    {copy.detail.failure}: {state.data.failureReason}
                  </dd>
                ) : null}
                {state.data.bankLink ? (
                  <>
                    <dt className="mt-2 text-slate-400">{copy.detail.bankLink.title}</dt>
                    <dd className="text-slate-300">
                      {copy.detail.bankLink.state[state.data.bankLink.state](state.data.bankLink.bank ?? copy.detail.bankLink.someBank)}
                    </dd>
                  </>
                ) : null}
              </div>
            </dl>
            <OrderItems order={state.data} onOpenOrder={onOpenOrder} />
            {state.data.duplicateOf ? <DuplicateNotice order={state.data} onOpenOrder={onOpenOrder} /> : null}
            {done ? (
              <Alert variant="success" className="mt-4">
                {done}
              </Alert>
            ) : null}
            {state.data.status === 'paid' ? (
              <div className="mt-4 grid gap-2 sm:flex sm:flex-wrap">
                <Button variant="secondary" onClick={() => setDialog('resend')}>
                  {copy.detail.actions.resend}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setEmail(state.data.buyerEmail);
                    setDialog('correct');
                  }}
                >
                  {copy.detail.actions.correct}
                </Button>
                {state.data.hasAccess ? (
                  <Button variant="secondary" onClick={() => setDialog('revoke')}>
                    {copy.detail.actions.revoke}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </section>
          <RefundPanel order={state.data} reload={reload} onDone={setDone} />
          <OrderWhatsapp orderId={state.data.id} pending={state.data.status === 'pending'} onSignedOut={onSignedOut} />
          <OrderTimeline entries={state.data.timeline} />
          {state.data.paidAt !== null ? <EvidenceLinks orderId={state.data.id} /> : null}
          <ConfirmDialog
            open={dialog === 'resend'}
            onOpenChange={(open) => setDialog(open ? 'resend' : null)}
            title={copy.detail.confirm.resend.title}
            body={copy.detail.confirm.resend.body(state.data.buyerEmail)}
            onConfirm={() => run('resend')}
          />
          <ConfirmDialog
            open={dialog === 'correct'}
            onOpenChange={(open) => setDialog(open ? 'correct' : null)}
            title={copy.detail.confirm.correct.title}
            body={copy.detail.confirm.correct.body}
            onConfirm={() => run('correct')}
          >
            <div>
              <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-200">
                {copy.detail.confirm.correct.field}
              </label>
              <input
                id={`${id}-email`}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white"
              />
            </div>
          </ConfirmDialog>
          <ConfirmDialog
            open={dialog === 'revoke'}
            onOpenChange={(open) => setDialog(open ? 'revoke' : null)}
            title={copy.detail.confirm.revoke.title}
            body={copy.detail.confirm.revoke.body}
            onConfirm={() => run('revoke')}
            danger
          />
        </>
      ) : null}
    </div>
  );
}

/** Another order's id as a link that opens it in the console. */
function OrderLink({ orderId, onOpenOrder }: { orderId: string; onOpenOrder: (orderId: string) => void }) {
  return (
    <a
      href={`#pedidos/${encodeURIComponent(orderId)}`}
      onClick={(event) => {
        event.preventDefault();
        onOpenOrder(orderId);
      }}
      className="font-semibold break-all text-sky-200 underline underline-offset-4 hover:text-white"
    >
      {orderId}
    </a>
  );
}

/**
 * What the order sells, one line per item with its price, and how it relates to the bump bought
 * after payment: an add-on names its main order, a main order names its add-on.
 */
function OrderItems({ order, onOpenOrder }: { order: AdminOrderDetail; onOpenOrder: (orderId: string) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-4 border-t border-line pt-3 text-sm">
      <h3 id={id} className="text-slate-400">
        {copy.detail.items}
      </h3>
      <ul className="mt-1.5 space-y-1">
        {order.items.map((item) => (
          <li key={item.key} className="flex items-baseline justify-between gap-3">
            <span className="text-slate-200">{item.title}</span>
            <span className="shrink-0 font-semibold text-white tabular-nums">{formatBRL(item.priceCents)}</span>
          </li>
        ))}
        {order.items.length > 1 ? (
          <li className="flex items-baseline justify-between gap-3 border-t border-line pt-1">
            <span className="text-slate-400">{copy.detail.total}</span>
            <span className="shrink-0 font-black text-white tabular-nums">{formatBRL(order.amountCents)}</span>
          </li>
        ) : null}
      </ul>
      {order.parentOrderId ? (
        <p className="mt-2 text-slate-300">
          {copy.detail.addonOf} <OrderLink orderId={order.parentOrderId} onOpenOrder={onOpenOrder} />
        </p>
      ) : null}
      {order.addons.length > 0 ? (
        <p className="mt-2 text-slate-300">
          {copy.detail.addons}{' '}
          {order.addons.map((addon, index) => (
            <span key={addon.id}>
              {index > 0 ? ', ' : null}
              <OrderLink orderId={addon.id} onOpenOrder={onOpenOrder} /> <StatusBadge status={addon.status} />
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}

/** The duplicate payment's box: what to do, and a link to the buyer's original order. */
function DuplicateNotice({ order, onOpenOrder }: { order: AdminOrderDetail; onOpenOrder: (orderId: string) => void }) {
  const original = order.duplicateOf!;
  return (
    <div className="mt-4 space-y-2 rounded-xl border border-gold-400/40 bg-gold-400/10 px-3.5 py-3 text-sm">
      <DuplicateMarker order={order} />
      <p className="text-slate-200">{order.status === 'paid' ? copy.detail.duplicate.open : copy.detail.duplicate.refunded}</p>
      <p className="text-slate-300">
        {copy.detail.duplicate.original}{' '}
        <a
          href={`#pedidos/${encodeURIComponent(original)}`}
          onClick={(event) => {
            event.preventDefault();
            onOpenOrder(original);
          }}
          className="font-semibold break-all text-gold-300 underline underline-offset-4 hover:text-white"
        >
          {original}
        </a>
      </p>
    </div>
  );
}

/** A part of the purchase that went back tied to no item (docs/money.md#panel-refunds, #med-part): the access is kept. */
function PartGone({ label, cents, note }: { label: string; cents: number | undefined; note: string }) {
  if (!cents || cents <= 0) return null;
  return (
    <>
      <dt className="mt-2 text-slate-400">{label}</dt>
      <dd className="font-semibold text-white">
        {formatBRL(cents)} <span className="text-xs font-normal text-slate-400">({note})</span>
      </dd>
    </>
  );
}

/** The sale's evidence for a dispute, as files the browser downloads with the session cookie (like the CSV export), named by the server. */
function EvidenceLinks({ orderId }: { orderId: string }) {
  const text = copy.detail.evidence;
  const link = buttonVariants({ variant: 'secondary' });
  return (
    <section className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 className="text-base font-extrabold text-white">{text.title}</h3>
      <p className="mt-0.5 text-xs text-slate-400">{text.hint}</p>
      <div className="mt-2 grid gap-2 sm:flex sm:flex-wrap">
        <a href={adminApi.evidenceUrl(orderId, 'pdf')} download className={link}>
          {text.pdf}
        </a>
        <a href={adminApi.evidenceUrl(orderId, 'html')} download className={link}>
          {text.html}
        </a>
      </div>
    </section>
  );
}

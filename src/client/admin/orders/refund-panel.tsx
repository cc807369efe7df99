import { useEffect, useId, useState, type ReactNode } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import { refundReasonLabels } from '../../../content/refunds.ts';
import type { AdminOrderDetail } from '../../../shared/admin.ts';
import { guaranteeLastDay, REFUND_NOTE_MAX, RefundDeclineSchema } from '../../../shared/refunds.ts';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { useDisputeGuard } from '../disputes/dispute-refund-guard.tsx';
import { formatBRL, formatDate, formatDateTime } from '../format.ts';
import { LengthNote, overLimit } from '../length-limit.tsx';
import { RestoredNotice, useLocalDraft } from '../local-draft.tsx';
import { ManualRefundSteps } from './manual-refund-steps.tsx';
import { RefundBadge } from './order-badges.tsx';
import { refundView, requestedInsideGuarantee } from './refund-state.ts';

const text = copy.detail.refund;
/** How often an order is re-read while the gateway refunds it (it takes seconds to minutes). */
const REFUND_POLL_MS = 4000;

type Dialog = 'start' | 'retry' | 'decline' | 'mark';

/**
 * An order's refund: the buyer's request and the guarantee, where it stands, the gateway's side,
 * and the seller's answers ("Reembolsar", "Recusar", "Marcar como reembolsado"), each confirmed.
 */
export function RefundPanel({
  order,
  reload,
  onDone,
}: {
  order: AdminOrderDetail;
  reload: () => Promise<void>;
  /** A finished action's message for the order's page. */
  onDone: (message: string) => void;
}) {
  const view = refundView(order);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The decline's reason is kept in this browser until it is sent or the dialog is cancelled (local-draft.tsx).
  const reasonDraft = useLocalDraft(`refund-decline:${order.id}`, '');
  const reason = reasonDraft.value;
  const [gatewayChecked, setGatewayChecked] = useState(false);
  const id = useId();
  const { guard, dialog: disputeDialog } = useDisputeGuard();
  usePolling(view.polling, reload);
  if (!view.panel) return null;

  const { refund } = order;
  // The whole purchase's: the order and its add-on go back together (docs/money.md).
  const amount = formatBRL(order.manualRefund?.amountCents ?? order.amountCents);
  const startCopy = order.gatewayRefunds ? text.confirm.startGateway : text.confirm.startManual;
  const after = async (message: string) => {
    onDone(message);
    await reload();
  };
  const opener = (name: Dialog) => (open: boolean) => {
    setDialog(open ? name : null);
    if (!open && name === 'decline') reasonDraft.clear();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-ink-850 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-extrabold text-white">
          {text.title}
        </h3>
        <RefundBadge order={order} />
      </div>
      <GuaranteeLine order={order} />
      {refund === null ? <p className="mt-3 text-sm text-slate-300">{text.none}</p> : <RefundFacts order={order} />}
      {view.gateway && view.gateway !== 'manual' ? <GatewayNotice order={order} state={view.gateway} /> : null}
      {refund?.status === 'refunded' && refund.refundedAt !== null ? (
        <p className="text-brand-100 mt-3 rounded-xl border border-brand-500/40 bg-brand-500/10 px-3.5 py-3 text-sm font-medium">
          {text.refundedAt(formatDateTime(refund.refundedAt))}
        </p>
      ) : null}
      {view.retryNeedsPanelCheck ? <PanelCheckWarning /> : null}
      {view.manualSteps ? <ManualRefundSteps order={order} explain={view.gateway === 'manual' && !order.gatewayRefunds} /> : null}
      {view.start || view.retry || view.decline || view.markRefunded ? (
        <div className="mt-4 grid gap-2 sm:flex sm:flex-wrap">
          {view.start ? (
            <Button variant="danger" onClick={() => setDialog('start')}>
              {text.actions.start}
            </Button>
          ) : null}
          {view.retry ? (
            <Button variant="secondary" onClick={() => setDialog('retry')}>
              {text.actions.retry}
            </Button>
          ) : null}
          {view.decline ? (
            <Button variant="secondary" onClick={() => setDialog('decline')}>
              {text.actions.decline}
            </Button>
          ) : null}
          {view.markRefunded ? (
            <Button variant={view.manualSteps ? 'cta' : 'secondary'} onClick={() => setDialog('mark')}>
              {copy.detail.actions.refund}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={dialog === 'start'}
        onOpenChange={opener('start')}
        title={startCopy.title(amount)}
        body={startCopy.body}
        danger
        onConfirm={() =>
          guard('start', async (confirmDispute) => {
            await adminApi.startRefund(order.id, { confirmDispute });
            await after(order.gatewayRefunds ? text.done.startGateway : text.done.startManual);
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'retry'}
        onOpenChange={opener('retry')}
        title={text.confirm.retry.title(amount)}
        body={view.retryNeedsPanelCheck ? text.confirm.retry.panelCheck : text.confirm.retry.body}
        confirmDisabled={view.retryNeedsPanelCheck && !gatewayChecked}
        onConfirm={() =>
          guard('start', async (confirmDispute) => {
            await adminApi.startRefund(order.id, { gatewayChecked: view.retryNeedsPanelCheck && gatewayChecked, confirmDispute });
            setGatewayChecked(false);
            await after(text.done.startGateway);
          })
        }
      >
        {view.retryNeedsPanelCheck ? (
          <label className="flex items-start gap-2 text-sm font-semibold text-slate-200">
            <input
              type="checkbox"
              checked={gatewayChecked}
              onChange={(event) => setGatewayChecked(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-brand-500"
            />
            {text.confirm.retry.checked}
          </label>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'decline'}
        onOpenChange={opener('decline')}
        title={text.confirm.decline.title}
        body={text.confirm.decline.body}
        confirmDisabled={!RefundDeclineSchema.safeParse({ reason }).success}
        onConfirm={async () => {
          await adminApi.declineRefund(order.id, reason);
          reasonDraft.clear();
          await after(text.done.decline);
        }}
      >
        <div>
          {reasonDraft.restored && reason ? <RestoredNotice className="mb-3" /> : null}
          <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-slate-200">
            {text.confirm.decline.field}
          </label>
          <textarea
            id={`${id}-reason`}
            required
            minLength={5}
            rows={4}
            value={reason}
            aria-invalid={overLimit(reason, REFUND_NOTE_MAX) ? true : undefined}
            aria-describedby={`${id}-reason-hint ${id}-reason-length`}
            onChange={(event) => reasonDraft.set(event.target.value)}
            className="mt-1.5 block w-full rounded-xl border border-line bg-ink-900 px-3 py-2 text-white"
          />
          <p id={`${id}-reason-hint`} className="mt-1 text-xs text-slate-400">
            {text.confirm.decline.hint}
          </p>
          <LengthNote id={`${id}-reason-length`} value={reason} max={REFUND_NOTE_MAX} />
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'mark'}
        onOpenChange={opener('mark')}
        title={copy.detail.confirm.refund.title}
        body={order.duplicateOf ? copy.detail.confirm.refundDuplicate.body : copy.detail.confirm.refund.body}
        danger
        onConfirm={() =>
          guard('mark', async (confirmDispute) => {
            await adminApi.markRefunded(order.id, confirmDispute);
            await after(copy.detail.done.refund);
          })
        }
      />
      {disputeDialog}
    </section>
  );
}

/** Re-reads the order every few seconds while `active` and the tab is visible; stops when the panel goes. */
function usePolling(active: boolean, reload: () => Promise<void>) {
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, REFUND_POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, reload]);
}

/** "Garantia até 12/03", and whether the window is still open (or was when the buyer asked). */
function GuaranteeLine({ order }: { order: AdminOrderDetail }) {
  // When the order was opened is precise enough for a window counted in days.
  const [openedAt] = useState(() => Date.now());
  if (order.guaranteeEndsAt === null) return null;
  const inside = requestedInsideGuarantee(order);
  const open = order.guaranteeEndsAt > openedAt;
  return (
    <p className="mt-1 text-sm text-slate-400">
      {text.guaranteeUntil(formatDate(guaranteeLastDay(order.guaranteeEndsAt)))}
      {inside === null ? ` (${open ? text.guaranteeOpen : text.guaranteeClosed})` : ''}
      {inside !== null ? (
        <span className={inside ? 'text-brand-300' : 'text-gold-300'}>
          {' · '}
          {inside ? text.insideGuarantee : text.outsideGuarantee}
        </span>
      ) : null}
    </p>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-400">{term}</dt>
      <dd className="text-slate-100">{children}</dd>
    </div>
  );
}

/** The request (or the seller's own start) and the decision, as the server recorded them. */
function RefundFacts({ order }: { order: AdminOrderDetail }) {
  const refund = order.refund!;
  const fromBuyer = refund.origin === 'buyer';
  return (
    <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
      <Fact term={fromBuyer ? text.requestedAt : text.startedAt}>
        {formatDateTime(refund.requestedAt)}
        <span className="block text-xs text-slate-400">{text.origin[refund.origin]}</span>
      </Fact>
      {fromBuyer ? <Fact term={text.reason}>{refund.reason ? refundReasonLabels[refund.reason] : text.noReason}</Fact> : null}
      {refund.note ? (
        <div className="sm:col-span-2">
          <dt className="text-slate-400">{text.note}</dt>
          <dd className="mt-1 rounded-xl border border-line bg-ink-900 px-3 py-2 break-words whitespace-pre-line text-slate-100">
            {copy.detail.quoted(refund.note)}
          </dd>
        </div>
      ) : null}
      {refund.decidedBy && refund.decidedAt !== null ? (
        <Fact term={text.decidedBy}>{text.decidedAt(text.decided[refund.decidedBy], formatDateTime(refund.decidedAt))}</Fact>
      ) : null}
      {refund.declineReason ? (
        <div className="sm:col-span-2">
          <dt className="text-slate-400">{text.declineReason}</dt>
          <dd className="mt-1 break-words whitespace-pre-line text-slate-100">{copy.detail.quoted(refund.declineReason)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Beside "Reembolsar de novo pelo gateway" when the last call may have refunded: look in the panel first. */
function PanelCheckWarning() {
  return (
    <p role="note" className="mt-3 rounded-xl border border-gold-400/40 bg-gold-400/10 px-3.5 py-3 text-sm font-medium text-gold-300">
      {text.confirm.retry.panelCheck}
    </p>
  );
}

const noticeTone = {
  calling: 'border-brand-500/40 bg-brand-500/10 text-brand-100',
  pending: 'border-brand-500/40 bg-brand-500/10 text-brand-100',
  failed: 'border-danger/50 bg-danger/10 text-red-200',
} as const;

/** What the gateway is doing with the refund, in words; announced as it changes while the page polls. */
function GatewayNotice({ order, state }: { order: AdminOrderDetail; state: keyof typeof noticeTone }) {
  const message = state === 'failed' ? text.gateway.failed(order.refund?.gateway.error ?? null) : text.gateway[state];
  return (
    <p role="status" className={`mt-3 rounded-xl border px-3.5 py-3 text-sm font-medium ${noticeTone[state]}`}>
      {state === 'calling' || state === 'pending' ? (
        <span aria-hidden="true" className="mr-2 inline-block size-2 animate-pulse rounded-full bg-brand-400 align-middle" />
      ) : null}
      {message}
    </p>
  );
}

import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, useTransition } from 'react';
import { refundPage as copy } from '../../content/refunds.ts';
import { REFUND_SECTION_ID, type GuaranteeView } from '../../shared/refunds.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { guaranteeHeading, guaranteeItemLabel, guaranteeState, type GuaranteeState } from './guarantee-state.ts';
import type { RefundTarget } from './refund-api.ts';

const loadDialog = () => import('./refund-dialog.tsx');
const RefundDialog = lazy(loadDialog);

/**
 * "Garantia de N dias": the member page's card and the order page's block. While the window is
 * open it offers "Pedir reembolso" (a dialog loaded on demand), or, with no `target` (an order page
 * opened without the e-mailed key), says where to ask; then the request as it stands, or that the
 * window closed, or that a contestação at the buyer's bank decides instead. `#reembolso` (the
 * access e-mail's link) brings it into view and focuses its heading.
 */
export function GuaranteeSection({
  guarantee,
  onGuaranteeChange,
  target,
  supportEmail,
  className,
}: {
  guarantee: GuaranteeView;
  onGuaranteeChange: (guarantee: GuaranteeView) => void;
  /** Where "Pedir reembolso" sends from; null when this page cannot send it. */
  target: RefundTarget | null;
  supportEmail: string | null;
  className?: string;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dialogWanted, setDialogWanted] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [loading, startLoading] = useTransition();
  const state = guaranteeState(guarantee);

  useEffect(() => {
    const reveal = () => {
      if (window.location.hash !== `#${REFUND_SECTION_ID}`) return;
      heading.current?.closest('section')?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    };
    reveal();
    window.addEventListener('hashchange', reveal);
    return () => window.removeEventListener('hashchange', reveal);
  }, []);

  // After a request the opener button is gone: focus goes to the heading once the new state is on
  // screen, after the dialog's own focus return (a task Radix queues as it unmounts), and the live
  // text below the heading says what happened.
  const focusAfterRequest = useRef(false);
  useEffect(() => {
    if (!focusAfterRequest.current) return;
    focusAfterRequest.current = false;
    const timer = window.setTimeout(() => heading.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [guarantee]);

  // In a transition, the block stays as it is while the dialog's chunk arrives: no fallback flash.
  const openDialog = () =>
    startLoading(() => {
      setDialogWanted(true);
      setDialogOpen(true);
    });

  return (
    <section
      id={REFUND_SECTION_ID}
      aria-labelledby={headingId}
      className={cn('scroll-mt-32 rounded-2xl border border-line bg-ink-850/80 p-5', className)}
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-tint text-brand-400">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2
            ref={heading}
            id={headingId}
            tabIndex={-1}
            className="text-lg leading-snug font-extrabold text-balance text-white outline-none"
          >
            {guaranteeHeading(guarantee, state)}
          </h2>
          <div aria-live="polite" className="mt-1 space-y-2 text-sm text-pretty text-slate-300">
            <GuaranteeStateText state={state} canSend={target !== null} supportEmail={supportEmail} />
          </div>
          {(guarantee.items?.length ?? 0) > 1 ? (
            // Refunds are per item: each keeps its own window and its own state.
            <ul aria-label={copy.itemsLabel} className="mt-3 space-y-1 text-sm text-slate-300">
              {guarantee.items!.map((item, index) => (
                <li key={index}>
                  <span className="font-semibold text-white">{item.title}</span>
                  {'\u00a0— '}
                  {guaranteeItemLabel(item)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      {state.kind === 'open' && target ? (
        <Button
          variant="secondary"
          block
          className="mt-4 sm:w-auto"
          onClick={openDialog}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          disabled={loading}
        >
          {copy.request}
        </Button>
      ) : null}
      {dialogWanted && target ? (
        <Suspense fallback={null}>
          <RefundDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            target={target}
            onRequested={(next) => {
              setDialogOpen(false);
              focusAfterRequest.current = true;
              onGuaranteeChange(next);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function GuaranteeStateText({ state, canSend, supportEmail }: { state: GuaranteeState; canSend: boolean; supportEmail: string | null }) {
  switch (state.kind) {
    case 'open':
      return (
        <>
          <p>{copy.open}</p>
          {canSend ? null : <p className="font-semibold text-slate-100">{copy.needsEmailLink}</p>}
        </>
      );
    case 'requested':
      return <p>{copy.requested(state.requestedAt)}</p>;
    case 'approved':
      return <p>{copy.approved}</p>;
    case 'refunded':
      return <p>{copy.refunded}</p>;
    case 'declined':
      return (
        <>
          <p className="font-semibold text-white">{copy.declinedTitle}</p>
          <p>{copy.declined(state.requestedAt)}</p>
          {state.reason ? (
            <p className="rounded-xl border border-line bg-ink-950 px-3.5 py-2.5 text-slate-200">
              <span className="font-semibold text-white">{copy.declineReason}:</span> {state.reason}
            </p>
          ) : null}
          <HelpLine supportEmail={supportEmail} />
        </>
      );
    case 'closed':
      return (
        <>
          <p>{copy.closed(state.days, state.endsAt)}</p>
          <HelpLine supportEmail={supportEmail} />
        </>
      );
    case 'disputed':
      return (
        <>
          <p>{copy.disputed}</p>
          <HelpLine supportEmail={supportEmail} />
        </>
      );
  }
}

function HelpLine({ supportEmail }: { supportEmail: string | null }) {
  if (!supportEmail) return null;
  return (
    <p>
      {copy.help}{' '}
      <a href={`mailto:${supportEmail}`} className="font-semibold break-words text-brand-300 underline-offset-4 hover:underline">
        {supportEmail}
      </a>
      .
    </p>
  );
}

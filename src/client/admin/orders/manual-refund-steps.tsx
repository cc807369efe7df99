import { useEffect, useState } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminOrderDetail } from '../../../shared/admin.ts';
import { formatDocument } from '../../../shared/documents.ts';
import { writeClipboard } from '../../lib/clipboard.ts';
import { formatBRL } from '../format.ts';

const text = copy.detail.refund.manual;
const COPIED_MS = 2000;

/** What to do in the gateway's panel when the gateway does not refund by itself, numbered. */
export function ManualRefundSteps({
  order,
  explain,
}: {
  order: AdminOrderDetail;
  /** Say why it is by hand (refunds through the gateway are off); a failed gateway says so above instead. */
  explain: boolean;
}) {
  const steps = order.manualRefund;
  const charges = steps?.charges ?? [];
  const several = charges.length > 1;
  return (
    <div className="mt-4 rounded-xl border border-line bg-ink-900 px-3.5 py-3 text-sm text-slate-200">
      <h4 className="font-extrabold text-white">{text.title}</h4>
      {explain ? <p className="mt-0.5 text-xs text-slate-400">{text.why}</p> : null}
      {several ? <p className="mt-0.5 text-xs text-slate-400">{text.eachCharge}</p> : null}
      <ol className="mt-2 list-decimal space-y-2 pl-5 marker:font-bold marker:text-slate-400">
        {several ? (
          charges.map((charge) => (
            <li key={charge.orderId}>
              <ChargeStep hash={charge.transactionHash} provider={charge.providerName} />
              <span className="mt-1 block">
                {text.refundAmount} <strong className="text-white">{formatBRL(charge.amountCents)}</strong>
                {charge.items.length > 0 ? <span className="text-slate-400"> ({charge.items.join(' + ')})</span> : null}
              </span>
            </li>
          ))
        ) : (
          <>
            <li>
              <ChargeStep hash={charges[0]?.transactionHash ?? null} provider={charges[0]?.providerName ?? order.providerName} />
            </li>
            <li>
              {text.refundAmount} <strong className="text-white">{formatBRL(charges[0]?.amountCents ?? order.amountCents)}</strong>
            </li>
          </>
        )}
        <li>{text.comeBack}</li>
      </ol>
      {several ? (
        <p className="mt-3 border-t border-line pt-3">
          <span className="text-slate-400">{text.total}:</span> <strong className="text-white">{formatBRL(steps?.amountCents ?? 0)}</strong>
        </p>
      ) : null}
      {steps?.buyerDocument ? (
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 border-t border-line pt-3">
          <span className="text-slate-400">{text.document}:</span>
          <code className="font-mono text-white">{formatDocument(steps.buyerDocument)}</code>
          <CopyValue value={steps.buyerDocument} what={text.copyDocument} />
        </p>
      ) : null}
    </div>
  );
}

/** "No painel do provedor X, abra a transação {hash} [Copiar]", or how to find the payment when the provider named none. */
function ChargeStep({ hash, provider }: { hash: string | null; provider: string }) {
  if (!hash) return <>{text.noTransaction(provider)}</>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {text.openTransaction(provider)}
      <code className="rounded bg-ink-800 px-1.5 py-0.5 font-mono text-xs break-all text-white">{hash}</code>
      <CopyValue value={hash} what={text.copyTransaction} />
    </span>
  );
}

/** A small "Copiar" that says "Copiado" for two seconds; the value stays on screen to select when the copy fails. */
export function CopyValue({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copyValue = async () => {
    try {
      await writeClipboard(value);
      setCopied(true);
    } catch (error) {
      console.warn('Console copy failed', error);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copyValue()}
      aria-live="polite"
      className="min-h-9 rounded-lg border border-line bg-ink-800 px-2.5 text-xs font-semibold text-slate-100 hover:bg-ink-700"
    >
      {copied ? text.copied : text.copy}
      <span className="sr-only"> {what}</span>
    </button>
  );
}

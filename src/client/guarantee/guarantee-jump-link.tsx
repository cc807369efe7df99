import { ShieldCheck } from 'lucide-react';
import { REFUND_SECTION_ID, type GuaranteeView } from '../../shared/refunds.ts';
import { guaranteeJumpLabel, guaranteeState } from './guarantee-state.ts';

/**
 * A one-line link near the top of the member page to the guarantee card at its end: the card stays
 * out of the way of the list on a phone, and the buyer still sees the guarantee without scrolling.
 */
export function GuaranteeJumpLink({ guarantee }: { guarantee: GuaranteeView }) {
  const label = guaranteeJumpLabel(guaranteeState(guarantee));
  if (!label) return null;
  return (
    <p className="mt-3">
      <a
        href={`#${REFUND_SECTION_ID}`}
        // The address may already end with the fragment (no hashchange then): the card's heading takes focus either way.
        onClick={() => document.getElementById(REFUND_SECTION_ID)?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true })}
        className="inline-flex min-h-8 items-center gap-1.5 text-sm font-semibold text-slate-300 underline decoration-slate-500 underline-offset-4 hover:text-white"
      >
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-brand-400" />
        {label}
      </a>
    </p>
  );
}

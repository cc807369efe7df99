import { useId } from 'react';
import { bumpCopy, type BumpOffer } from '../../content/offers.ts';
import { formatBRL } from '../../shared/money.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { BUMP_BOX } from './buyer-values.ts';

/**
 * The order bump between the form and "GERAR PIX": a real checkbox, never ticked by the page
 * itself (a pre-ticked add-on is abusive, CDC art. 39; docs/offers.md#the-checkout). Only the
 * upsell popup's own button opens the checkout with it ticked, because the buyer asked for it
 * there. The card's look follows the box (`has-checked:`), so it needs no state of its own.
 */
export function BumpCard({
  bump,
  checked,
  onCheckedChange,
  disabled = false,
}: {
  bump: BumpOffer;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="rounded-2xl border-2 border-dashed border-gold-400/60 bg-gold-400/5 p-4 transition-colors has-checked:border-solid has-checked:border-brand-500 has-checked:bg-brand-faint">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-bold tracking-[0.16em] text-gold-300 uppercase">{bumpCopy.eyebrow}</p>
        {/* The price is in the checkbox's label too; this is the same figure for the eye. */}
        <p aria-hidden="true" className="shrink-0 rounded-full bg-ink-950/70 px-2.5 py-1 text-sm font-black text-white">
          {`+ ${formatBRL(bump.priceCents)}`}
        </p>
      </div>
      <label htmlFor={id} className="mt-2 flex min-h-11 cursor-pointer items-start gap-3 has-disabled:cursor-not-allowed">
        <Checkbox
          size="lg"
          id={id}
          name={BUMP_BOX}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
          aria-describedby={`${id}-pitch`}
        />
        <span className="text-base leading-snug font-bold text-white">{bumpCopy.checkbox(bump.name, bump.priceCents)}</span>
      </label>
      <p id={`${id}-pitch`} className="mt-1.5 pl-10 text-sm text-pretty text-slate-300">
        {bump.pitch} <span className="text-slate-400">{bumpCopy.samePix}</span>
      </p>
    </div>
  );
}

/** "Total R$ 29,80": what the PIX will charge, updated as the box is ticked. */
export function CheckoutTotal({ totalCents }: { totalCents: number }) {
  return (
    <p className="flex items-baseline justify-between rounded-xl bg-ink-800 px-4 py-3" aria-live="polite">
      <span className="text-sm font-semibold text-slate-300">{bumpCopy.total}</span>
      <span className="text-2xl font-black text-white" data-testid="checkout-total">
        {formatBRL(totalCents)}
      </span>
    </p>
  );
}

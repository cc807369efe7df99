import { Check } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { BuyButton } from '../buy-button.tsx';

/**
 * The end of a catalogue popup: its checked lines (under `title` when given), the buy call, which
 * closes the popup before the checkout opens, and, when given, a `note` under it and a `dismiss` button.
 */
export function PopupFooter({
  title,
  lines,
  cta,
  note,
  dismiss,
  onClose,
}: {
  title?: string;
  lines: readonly string[];
  cta: string;
  /** A line under the buy call (what the call does beyond opening the checkout). */
  note?: string;
  dismiss?: string;
  onClose: () => void;
}) {
  return (
    <>
      {title ? <h3 className="mt-5 text-sm font-bold text-white">{title}</h3> : null}
      <ul className={title ? 'mt-2 grid gap-1.5' : 'mt-5 grid gap-1.5'}>
        {lines.map((line) => (
          <li key={line} className="flex items-start gap-2 text-sm text-slate-300">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-400" />
            {line}
          </li>
        ))}
      </ul>
      <BuyButton placement="popup" className="mt-6 w-full" onBeforeCheckout={onClose}>
        {cta}
      </BuyButton>
      {note ? <p className="mt-2 text-center text-xs text-slate-400">{note}</p> : null}
      {dismiss ? (
        <Button variant="ghost" block className="mt-2" onClick={onClose}>
          {dismiss}
        </Button>
      ) : null}
    </>
  );
}

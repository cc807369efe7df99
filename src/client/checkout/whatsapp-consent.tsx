import { Check } from 'lucide-react';
import { useId } from 'react';
import { checkout as copy } from '../../content/checkout.ts';

/**
 * "Quero receber o PIX e o acesso pelo WhatsApp", right under the phone it is about: a real
 * checkbox that starts unticked and is only ever ticked by the buyer (LGPD art. 8: consent is a
 * positive act). The server stores the same words and their version with the order.
 */
export function WhatsappConsent({
  checked,
  onCheckedChange,
  disabled = false,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="mt-2">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 has-disabled:cursor-not-allowed">
        <span className="relative grid size-6 shrink-0 place-items-center">
          <input
            id={id}
            type="checkbox"
            checked={checked}
            disabled={disabled}
            onChange={(event) => onCheckedChange(event.target.checked)}
            aria-describedby={`${id}-hint`}
            className="peer size-6 cursor-pointer appearance-none rounded-md border-2 border-slate-400 bg-ink-950 transition checked:border-brand-500 checked:bg-brand-500 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:ring-offset-2 focus-visible:ring-offset-ink-900 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
          />
          <Check
            aria-hidden="true"
            strokeWidth={3}
            className="pointer-events-none absolute size-4 text-ink-950 opacity-0 peer-checked:opacity-100"
          />
        </span>
        <span className="text-sm leading-snug font-semibold text-slate-200">{copy.form.whatsappConsent.label}</span>
      </label>
      <p id={`${id}-hint`} className="pl-9 text-xs text-slate-400">
        {copy.form.whatsappConsent.hint}
      </p>
    </div>
  );
}

import { useId } from 'react';
import { checkout as copy } from '../../content/checkout.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { CONSENT_BOX } from './buyer-values.ts';

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
        <Checkbox
          id={id}
          name={CONSENT_BOX}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
          aria-describedby={`${id}-hint`}
        />
        <span className="text-sm leading-snug font-semibold text-balance text-slate-200">{copy.form.whatsappConsent.label}</span>
      </label>
      <p id={`${id}-hint`} className="pl-9 text-xs text-slate-400">
        {copy.form.whatsappConsent.hint}
      </p>
    </div>
  );
}

import { Check } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

/** The box and its tick at each size: the order bump's large one, the consent's regular one. */
const SIZES = {
  md: { frame: 'size-6', box: 'size-6 rounded-md', tick: 'size-4' },
  lg: { frame: 'mt-px size-7', box: 'size-7 rounded-lg', tick: 'size-5' },
} as const;

/**
 * A real `<input type="checkbox">` drawn in the house colours, for a label to wrap: the tick shows
 * through `peer-checked`, so the box keeps no state of its own and the browser's keyboard and
 * screen-reader behaviour stay as they are.
 */
export function Checkbox({
  size = 'md',
  onCheckedChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size' | 'onChange' | 'className'> & {
  size?: keyof typeof SIZES;
  onCheckedChange: (checked: boolean) => void;
}) {
  const look = SIZES[size];
  return (
    <span className={`relative grid shrink-0 place-items-center ${look.frame}`}>
      <input
        type="checkbox"
        onChange={(event) => onCheckedChange(event.target.checked)}
        className={`peer ${look.box} checkbox-input`}
        {...input}
      />
      <Check
        aria-hidden="true"
        strokeWidth={3}
        className={`pointer-events-none absolute ${look.tick} text-ink-950 opacity-0 peer-checked:opacity-100`}
      />
    </span>
  );
}

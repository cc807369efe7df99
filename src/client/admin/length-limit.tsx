import { consoleForms as copy } from '../../content/console-forms.ts';
import { cn } from '../ui/cn.ts';

/**
 * A console text past its limit. The fields take no native `maxlength`: a browser cuts a long paste without a word,
 * so the text stays as typed, this says so under it, and the form saves nothing until it is shortened.
 */
export const overLimit = (value: string, max: number) => value.length > max;

/**
 * Under a field with a limit, tied to it by `aria-describedby`: "85/80 caracteres", and past the limit the message in
 * red (`message={false}` where the form's own refusal already says it). Shown from `from` characters on.
 */
export function LengthNote({
  id,
  value,
  max,
  from = 0,
  message = true,
}: {
  id: string;
  value: string;
  max: number;
  from?: number;
  message?: boolean;
}) {
  if (value.length < from) return null;
  const over = overLimit(value, max);
  return (
    <p id={id} className={cn('mt-1 text-xs', over ? 'font-semibold text-red-300' : 'text-slate-400')}>
      {copy.counter(value.length, max)}
      {over && message ? ` ${copy.overLimit(max)}` : ''}
    </p>
  );
}

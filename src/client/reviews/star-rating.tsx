import { Star } from 'lucide-react';
import { useId } from 'react';
import { reviewForm as copy } from '../../content/reviews.ts';
import { cn } from '../ui/cn.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The rating as five native radios ("1 estrela"… "5 estrelas"): arrow keys move between them and
 * screen readers say "3 estrelas, 3 de 5" with no ARIA of ours. Each star is its radio's label;
 * the stars up to the chosen one are filled.
 */
export function StarRating({
  value,
  onChange,
  error,
  errorId,
}: {
  value: number;
  onChange: (value: number) => void;
  error?: string;
  errorId: string;
}) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} data-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-slate-200">{copy.ratingLegend}</legend>
      <div className="mt-1 flex gap-1">
        {STARS.map((stars) => (
          <label key={stars} className="group relative grid size-12 cursor-pointer place-items-center rounded-xl">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="peer sr-only"
            />
            <span className="sr-only">{copy.ratingLabel(stars)}</span>
            <Star
              aria-hidden="true"
              className={cn(
                'size-9 transition-colors peer-focus-visible:rounded-md peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-400',
                stars <= value ? 'fill-gold-400 text-gold-400' : 'text-slate-500 group-hover:text-gold-300',
              )}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

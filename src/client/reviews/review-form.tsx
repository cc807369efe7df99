import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { reviewForm as copy } from '../../content/reviews.ts';
import { BRAZIL_STATES, REVIEW_TEXT_MAX, type BrazilState, type BuyerReview } from '../../shared/reviews.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { sendReview, type ReviewTarget } from './review-api.ts';
import { checkReview, initialReviewValues, reviewTextLength, type ReviewFormErrors, type ReviewFormValues } from './review-form-state.ts';
import { StarRating } from './star-rating.tsx';

const field =
  'block w-full rounded-xl border border-line bg-ink-950 px-3.5 py-3 text-base text-white placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-danger/70';
const label = 'mb-1.5 block text-sm font-semibold text-slate-200';

/**
 * The review form of the review page and the member page: the rating, the text with its counter,
 * the name to show (prefilled), an optional place, and the consent to publish. Checked here with
 * the server's schema; the server's refusals are shown as it words them.
 */
export function ReviewForm({
  target,
  suggestedName,
  review,
  onSaved,
  onCancel,
}: {
  target: ReviewTarget;
  suggestedName: string;
  /** The review being edited, if any. */
  review: BuyerReview | null;
  onSaved: (review: BuyerReview) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<ReviewFormValues>(() => initialReviewValues(suggestedName, review));
  const [errors, setErrors] = useState<ReviewFormErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editing = review !== null && review.status !== 'withdrawn';
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useRef(false);

  // After a refused "Enviar", focus goes to the first field to fix, once its message is on screen.
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    form.current?.querySelector<HTMLElement>('[data-invalid] input, [aria-invalid="true"]')?.focus();
  }, [errors]);

  const set = <K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A fixed field stops saying it is wrong; the others wait for the next "Enviar".
    if (key !== 'state') setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkReview(values);
    if (!checked.ok) {
      focusFirstError.current = true;
      setErrors(checked.errors);
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      onSaved(await sendReview(target, checked.input));
    } catch (error) {
      setFailure(error instanceof ApiError && error.status !== 0 && error.message ? error.message : copy.network);
    } finally {
      setSending(false);
    }
  };

  const length = reviewTextLength(values.text);
  const describe = (key: keyof ReviewFormErrors, extra?: string) =>
    [extra, errors[key] ? `${id}-${key}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (key: keyof ReviewFormErrors) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-300">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <fieldset disabled={sending} className="space-y-5">
        <StarRating value={values.rating} onChange={(value) => set('rating', value)} error={errors.rating} errorId={`${id}-rating-error`} />
        <div>
          <label htmlFor={`${id}-text`} className={label}>
            {copy.textLabel}
          </label>
          <textarea
            id={`${id}-text`}
            rows={5}
            maxLength={REVIEW_TEXT_MAX}
            placeholder={copy.textHint}
            value={values.text}
            onChange={(event) => set('text', event.target.value)}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={describe('text', `${id}-counter`)}
            className={field}
          />
          <p id={`${id}-counter`} className="mt-1 text-right text-xs text-slate-400">
            {copy.counter(length, REVIEW_TEXT_MAX)}
          </p>
          {fieldError('text')}
        </div>
        <div>
          <label htmlFor={`${id}-name`} className={label}>
            {copy.nameLabel}
          </label>
          <input
            id={`${id}-name`}
            autoComplete="off"
            maxLength={40}
            value={values.displayName}
            onChange={(event) => set('displayName', event.target.value)}
            aria-invalid={errors.displayName ? true : undefined}
            aria-describedby={describe('displayName', `${id}-name-hint`)}
            className={field}
          />
          <p id={`${id}-name-hint`} className="mt-1 text-xs text-slate-400">
            {copy.nameHint}
          </p>
          {fieldError('displayName')}
        </div>
        <div className="grid gap-5 sm:grid-cols-[1fr_10rem] sm:gap-3">
          <div>
            <label htmlFor={`${id}-city`} className={label}>
              {copy.cityLabel}
            </label>
            <input
              id={`${id}-city`}
              autoComplete="address-level2"
              maxLength={60}
              value={values.city}
              onChange={(event) => set('city', event.target.value)}
              aria-invalid={errors.city ? true : undefined}
              aria-describedby={describe('city')}
              className={field}
            />
            {fieldError('city')}
          </div>
          <div>
            <label htmlFor={`${id}-state`} className={label}>
              {copy.stateLabel}
            </label>
            <select
              id={`${id}-state`}
              autoComplete="address-level1"
              value={values.state}
              onChange={(event) => set('state', event.target.value as BrazilState | '')}
              className={`${field} min-h-12.5 scheme-dark`}
            >
              <option value="">{copy.stateNone}</option>
              {BRAZIL_STATES.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-100">
            <input
              type="checkbox"
              required
              checked={values.consent}
              onChange={(event) => set('consent', event.target.checked)}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={describe('consent')}
              className="mt-0.5 size-5 shrink-0 accent-brand-500 scheme-dark"
            />
            {copy.consent}
          </label>
          {fieldError('consent')}
        </div>
      </fieldset>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <Button type="submit" block className="sm:w-auto" disabled={sending}>
          {sending ? copy.sending : editing ? copy.save : copy.submit}
        </Button>
        {onCancel ? (
          <Button variant="ghost" block className="sm:w-auto" onClick={onCancel} disabled={sending}>
            {copy.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

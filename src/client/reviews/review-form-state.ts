import { apiErrors } from '../../content/api-errors.ts';
import { reviewForm as copy } from '../../content/reviews.ts';
import { hiddenCharactersField } from '../../shared/zod.ts';
import {
  BRAZIL_STATES,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  ReviewInputSchema,
  type BrazilState,
  type BuyerReview,
  type ReviewInput,
} from '../../shared/reviews.ts';

/** What the form holds while the buyer types; `state` is '' for "Não informar". */
export interface ReviewFormValues {
  rating: number;
  text: string;
  displayName: string;
  city: string;
  state: BrazilState | '';
  consent: boolean;
}

export type ReviewField = 'rating' | 'text' | 'displayName' | 'city' | 'consent';
export type ReviewFormErrors = Partial<Record<ReviewField, string>>;

/** A new review starts from the suggested name; an edit starts from the review (consent asked again). */
export function initialReviewValues(suggestedName: string, review: BuyerReview | null): ReviewFormValues {
  if (!review || review.status === 'withdrawn') {
    return { rating: 0, text: '', displayName: suggestedName, city: '', state: '', consent: false };
  }
  return {
    rating: review.rating,
    text: review.text,
    displayName: review.displayName,
    city: review.city ?? '',
    state: review.state ?? '',
    consent: false,
  };
}

/** The counter counts what the server will: the trimmed text. */
export function reviewTextLength(text: string): number {
  return text.trim().length;
}

function isBrazilState(value: string): value is BrazilState {
  return (BRAZIL_STATES as readonly string[]).includes(value);
}

/**
 * The form's own check before it sends, with the schema the server validates with; each field's
 * message in the buyer's words. `ok` carries the body to POST.
 */
export function checkReview(values: ReviewFormValues): { ok: true; input: ReviewInput } | { ok: false; errors: ReviewFormErrors } {
  const errors: ReviewFormErrors = {};
  if (!Number.isInteger(values.rating) || values.rating < 1 || values.rating > 5) errors.rating = copy.errors.rating;
  const length = reviewTextLength(values.text);
  if (length < REVIEW_TEXT_MIN) errors.text = copy.errors.textShort(REVIEW_TEXT_MIN);
  else if (length > REVIEW_TEXT_MAX) errors.text = copy.errors.textLong(REVIEW_TEXT_MAX);
  const name = values.displayName.trim();
  if (name.length < 2 || name.length > 40) errors.displayName = copy.errors.name;
  if (values.city.trim().length > 60) errors.city = copy.errors.city;
  if (!values.consent) errors.consent = copy.errors.consent;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const city = values.city.trim();
  const parsed = ReviewInputSchema.safeParse({
    rating: values.rating,
    text: values.text,
    displayName: values.displayName,
    ...(city ? { city } : {}),
    ...(values.state && isBrazilState(values.state) ? { state: values.state } : {}),
    consent: true,
  });
  // The checks above mirror the schema; what else it refuses is a control or bidi-override character, in its field.
  if (!parsed.success) {
    const field = hiddenCharactersField(parsed.error);
    const named = field === 'displayName' || field === 'city' ? field : 'text';
    return { ok: false, errors: { [named]: field ? apiErrors.hiddenCharacters : copy.errors.textShort(REVIEW_TEXT_MIN) } };
  }
  return { ok: true, input: parsed.data };
}

import { useState } from 'react';
import { reviewForm, reviewStatusLabels, reviewView as copy } from '../../content/reviews.ts';
import type { BuyerReview } from '../../shared/reviews.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Stars } from '../ui/stars.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { withdrawReview, type ReviewTarget } from './review-api.ts';

/** "Recife/PE", "Recife", "PE" or nothing. */
function reviewPlace(review: Pick<BuyerReview, 'city' | 'state'>): string {
  return [review.city, review.state].filter(Boolean).join('/');
}

/**
 * The buyer's review as written, its status, "Editar" (absent without `onEdit`) and "Retirar
 * depoimento" (one confirmation).
 */
export function OwnReview({
  review,
  target,
  refunded = false,
  onEdit,
  onWithdrawn,
}: {
  review: BuyerReview;
  target: ReviewTarget;
  /** After a refund it is off the site whatever its status, and nothing can be written after it. */
  refunded?: boolean;
  onEdit?: () => void;
  onWithdrawn: (review: BuyerReview) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withdraw = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await withdrawReview(target);
      setConfirming(false);
      onWithdrawn(next);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status !== 0 && failure.message ? failure.message : reviewForm.network);
    } finally {
      setBusy(false);
    }
  };
  const place = reviewPlace(review);

  return (
    <div>
      <figure className="rounded-xl border border-line bg-ink-950 p-4">
        <Stars rating={review.rating} label={copy.stars(review.rating)} />
        <blockquote className="mt-2 text-pretty whitespace-pre-line text-slate-100">{review.text}</blockquote>
        <figcaption className="mt-2 text-sm font-semibold text-slate-300">
          {review.displayName}
          {place ? <span className="font-normal text-slate-400"> · {place}</span> : null}
        </figcaption>
      </figure>
      <p className="mt-3 text-sm text-slate-300">
        {copy.status}:{' '}
        <span className="font-semibold text-white">{refunded ? copy.refundedStatus : reviewStatusLabels[review.status]}</span>
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {onEdit ? (
          <Button variant="secondary" block className="sm:w-auto" onClick={onEdit}>
            {copy.edit}
          </Button>
        ) : null}
        <Button variant="ghost" block className="sm:w-auto" onClick={() => setConfirming(true)}>
          {copy.withdraw}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={copy.withdrawTitle}
        description={refunded ? copy.withdrawBodyRefunded : copy.withdrawBody}
        closeLabel={copy.close}
      >
        {error ? (
          <Alert variant="destructive" className="mt-4">
            {error}
          </Alert>
        ) : null}
        <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
          <Button variant="danger" block className="sm:w-auto" disabled={busy} onClick={() => void withdraw()}>
            {busy ? copy.withdrawing : copy.withdrawConfirm}
          </Button>
          <Button variant="ghost" block className="sm:w-auto" disabled={busy} onClick={() => setConfirming(false)}>
            {reviewForm.cancel}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

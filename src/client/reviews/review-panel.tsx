import { useEffect, useRef, useState } from 'react';
import { reviewView } from '../../content/reviews.ts';
import type { BuyerReview } from '../../shared/reviews.ts';
import { Alert } from '../ui/alert.tsx';
import { OwnReview } from './own-review.tsx';
import type { ReviewTarget } from './review-api.ts';
import { ReviewForm } from './review-form.tsx';

type Mode = 'form' | 'view';

/**
 * The form, or the buyer's review once written (with "Editar" and "Retirar depoimento"): the body
 * of the review page and of the member page's card. `thanks` is said once a review was sent.
 * After a refund (`refunded`) the review is off the site: it can only be withdrawn, and no form follows.
 */
export function ReviewPanel({
  target,
  suggestedName,
  initialReview,
  refunded = false,
  thanks,
  onCancelNew,
}: {
  target: ReviewTarget;
  suggestedName: string;
  initialReview: BuyerReview | null;
  refunded?: boolean;
  thanks: string;
  /** Only where the form may be closed before anything was written (the member card). */
  onCancelNew?: () => void;
}) {
  const live = (review: BuyerReview | null) => (review && review.status !== 'withdrawn' ? review : null);
  const [review, setReview] = useState<BuyerReview | null>(live(initialReview));
  const [mode, setMode] = useState<Mode>(live(initialReview) ? 'view' : 'form');
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The button that was pressed is gone: focus goes to what happened, which is also announced.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const noticeBlock = notice ? (
    <div ref={noticeRef} tabIndex={-1} className="mb-4 outline-none">
      <Alert variant="success">{notice}</Alert>
    </div>
  ) : null;

  if (refunded) {
    return (
      <div>
        {noticeBlock}
        {review ? (
          <>
            <p className="mb-4 text-sm text-pretty text-gold-300">{reviewView.refunded}</p>
            <OwnReview
              review={review}
              target={target}
              refunded
              onWithdrawn={() => {
                setReview(null);
                setNotice(reviewView.withdrawnRefunded);
              }}
            />
          </>
        ) : notice ? null : (
          <p className="text-sm text-pretty text-slate-300">{reviewView.withdrawnRefunded}</p>
        )}
      </div>
    );
  }

  return (
    <div>
      {noticeBlock}
      {mode === 'view' && review ? (
        <OwnReview
          review={review}
          target={target}
          onEdit={() => {
            setNotice(null);
            setMode('form');
          }}
          onWithdrawn={() => {
            setReview(null);
            setMode('form');
            setNotice(reviewView.withdrawn);
          }}
        />
      ) : (
        <ReviewForm
          // A fresh form after a withdrawal; the edit starts from the review.
          key={review ? 'edit' : 'new'}
          target={target}
          suggestedName={suggestedName}
          review={review}
          onSaved={(saved) => {
            setReview(saved);
            setMode('view');
            setNotice(thanks);
          }}
          onCancel={review ? () => setMode('view') : onCancelNew}
        />
      )}
    </div>
  );
}

import { ArrowDown, ArrowUp } from 'lucide-react';
import { admin } from '../../../content/admin.ts';
import type { AdminReview } from '../../../shared/reviews.ts';
import { BUSINESS_TIME_ZONE } from '../../../shared/time.ts';
import { Button } from '../../ui/button.tsx';
import { Stars } from '../../ui/stars.tsx';

const copy = admin.reviews;
const monthYear = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, month: 'short', year: 'numeric' });

/** One review as the buyer wrote it (read-only), with the actions its group allows, and whether a refund keeps it off the site. */
export function ReviewCard({
  review,
  onPublish,
  onHide,
  onMove,
  busy,
}: {
  review: AdminReview;
  onPublish?: () => void;
  onHide?: () => void;
  /** Published ones: up (-1) or down (1); absent at the list's ends. */
  onMove?: { up?: () => void; down?: () => void };
  busy: boolean;
}) {
  const place = [review.city, review.state].filter(Boolean).join('/');
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
      <figure className="min-w-0">
        <Stars rating={review.rating} label={copy.stars(review.rating)} />
        {review.hiddenByRefund ? (
          <p className="mt-1 inline-block rounded-full bg-gold-400/15 px-2 py-0.5 text-xs font-bold text-gold-300">{copy.hiddenByRefund}</p>
        ) : null}
        <blockquote className="mt-1 text-sm break-words whitespace-pre-line text-slate-100">{review.text}</blockquote>
        <figcaption className="mt-1 text-xs text-slate-400">
          <span className="font-semibold text-slate-200">{review.displayName}</span>
          {place ? ` · ${place}` : ''} · {copy.purchased(monthYear.format(review.purchasedAt))} · {review.orderId}
        </figcaption>
      </figure>
      <div className="flex shrink-0 flex-wrap gap-2">
        {onMove ? (
          <>
            <Button variant="secondary" aria-label={copy.moveUp(review.displayName)} disabled={busy || !onMove.up} onClick={onMove.up}>
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="secondary"
              aria-label={copy.moveDown(review.displayName)}
              disabled={busy || !onMove.down}
              onClick={onMove.down}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
          </>
        ) : null}
        {onPublish ? (
          <Button variant="cta" disabled={busy} onClick={onPublish}>
            {copy.publish}
          </Button>
        ) : null}
        {onHide ? (
          <Button variant="danger" disabled={busy} onClick={onHide}>
            {copy.hide}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

import { useState } from 'react';
import { admin } from '../../../content/admin.ts';
import type { AdminReview } from '../../../shared/reviews.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { adminApi } from '../admin-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { ReviewCard } from './review-card.tsx';
import { formatAverage, groupReviews, moveReview, type ReviewGroups } from './review-order.ts';
import { useAdminData } from '../use-admin-data.ts';

const copy = admin.reviews;
const GROUPS = ['pending', 'published', 'hidden'] as const satisfies readonly (keyof ReviewGroups)[];

/**
 * Depoimentos: the buyers' reviews in three groups. The seller publishes, hides (with a
 * confirmation) and orders the published ones, but never edits a buyer's words.
 */
export function ReviewsSection({ onSignedOut }: { onSignedOut: () => void }) {
  const { state, reload } = useAdminData(adminApi.reviews, onSignedOut);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  if (state.kind === 'loading') return <p className="text-slate-400">{copy.title}…</p>;
  if (state.kind === 'failed') return <Alert variant="destructive">{state.message || admin.api.invalid}</Alert>;

  const { data } = state;
  const groups = groupReviews(data.reviews);
  const publishedIds = groups.published.map((review) => review.orderId);
  const average = formatAverage(data.averageRating);

  const act = async (action: () => Promise<unknown>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) return onSignedOut();
      setError(failure instanceof ApiError && failure.message ? failure.message : fallback);
    } finally {
      setBusy(false);
      await reload();
    }
  };
  const move = (index: number, step: -1 | 1) => {
    const orderIds = moveReview(publishedIds, index, step);
    return orderIds ? () => void act(() => adminApi.orderReviews(orderIds), copy.orderFailed) : undefined;
  };

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-base font-extrabold text-white">{copy.title}</h2>
        <p className="mt-1 text-sm text-slate-400">{copy.intro}</p>
        <p className="mt-2 text-sm text-slate-200" role="status">
          {copy.summary(average, data.publishedCount)}{' '}
          <span className={data.publishedCount >= data.minimumToShow ? 'text-brand-300' : 'text-gold-300'}>
            {data.publishedCount >= data.minimumToShow ? copy.shows(data.minimumToShow) : copy.hiddenUntil(data.minimumToShow)}
          </span>
        </p>
      </div>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {GROUPS.map((group) => (
        <section key={group} aria-labelledby={`reviews-${group}`} className="rounded-2xl border border-line bg-ink-850">
          <h3 id={`reviews-${group}`} className="border-b border-line px-4 py-3 text-sm font-extrabold text-white">
            {copy.groups[group]} ({groups[group].length})
          </h3>
          {groups[group].length === 0 ? (
            <p className="px-4 py-3 text-sm text-slate-400">{copy.empty}</p>
          ) : (
            <ul className="divide-y divide-line">
              {groups[group].map((review, index) => (
                <ReviewCard
                  key={review.orderId}
                  review={review}
                  busy={busy}
                  onPublish={
                    group === 'published'
                      ? undefined
                      : // A 409 (the buyer saved other words) shows its message, and the list reloads with them.
                        () => void act(() => adminApi.publishReview(review.orderId, review.contentKey), admin.api.invalid)
                  }
                  onHide={group === 'hidden' ? undefined : () => setHiding(review)}
                  onMove={group === 'published' ? { up: move(index, -1), down: move(index, 1) } : undefined}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
      <ConfirmDialog
        open={hiding !== null}
        onOpenChange={(open) => (open ? undefined : setHiding(null))}
        title={copy.hideTitle}
        body={copy.hideBody}
        danger
        onConfirm={async () => {
          if (!hiding) return;
          await adminApi.hideReview(hiding.orderId);
          await reload();
        }}
      />
    </div>
  );
}

import { MessageSquareQuote } from 'lucide-react';
import { useId, useState } from 'react';
import { memberReview as copy } from '../../content/reviews.ts';
import type { MemberReview } from '../../shared/reviews.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { ReviewPanel } from './review-panel.tsx';

const memberTarget = { kind: 'member' } as const;

/**
 * The member page's "Seu depoimento": an invitation while the buyer may write one (the form opens
 * in place), or their review with its status, "Editar" and "Retirar depoimento". Nothing when the
 * buyer may not review and has no review.
 */
export function MemberReviewCard({ memberReview, className }: { memberReview: MemberReview; className?: string }) {
  const headingId = useId();
  const [writing, setWriting] = useState(false);
  const { review, canReview, refunded, suggestedName } = memberReview;
  const hasReview = review !== null && review.status !== 'withdrawn';
  if (!hasReview && !canReview) return null;

  return (
    <section aria-labelledby={headingId} className={cn('rounded-2xl border border-line bg-ink-850/80 p-5', className)}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-gold-400/15 text-gold-300">
          <MessageSquareQuote aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg leading-snug font-extrabold text-balance text-white">
            {copy.title}
          </h2>
          {hasReview || writing ? null : <p className="mt-1 text-sm text-pretty text-slate-300">{copy.invite}</p>}
        </div>
      </div>
      {hasReview || writing ? (
        <div className="mt-4">
          <ReviewPanel
            target={memberTarget}
            suggestedName={suggestedName}
            initialReview={review}
            refunded={refunded}
            thanks={copy.thanks}
            onCancelNew={() => setWriting(false)}
          />
        </div>
      ) : (
        <Button variant="secondary" block className="mt-4 sm:w-auto" onClick={() => setWriting(true)}>
          {copy.write}
        </Button>
      )}
    </section>
  );
}

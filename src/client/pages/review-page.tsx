import { useState } from 'react';
import { reviewPage as copy } from '../../content/reviews.ts';
import { paths, type PageMeta } from '../../shared/routes.ts';
import { ReviewPanel } from '../reviews/review-panel.tsx';
import { formatPurchaseMonth, takeReviewToken, useReviewPage } from '../reviews/use-review-page.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useNavigation } from '../router.tsx';
import { PrivatePage } from '../ui/private-page.tsx';

export const meta: PageMeta = copy.meta;

/**
 * `/avaliar/{ref}#t={token}`, the review-request e-mail's page: the form, or the buyer's review with
 * "Editar" and "Retirar depoimento" (only the latter after a refund). Without the e-mailed token it
 * only says the link is not valid.
 */
export default function ReviewPage() {
  useDocumentTitle(meta.title);
  const { pathname } = useNavigation();
  const ref = decodeURIComponent(pathname.slice(paths.review.length + 1).split('/')[0] ?? '');
  const [token] = useState(() => takeReviewToken(ref));
  const { state, retry } = useReviewPage(ref, token);

  return (
    <PrivatePage load={state.kind === 'loading' ? 'loading' : state.kind === 'error' ? 'error' : 'done'} copy={copy} onRetry={retry}>
      {state.kind === 'invalid' ? (
        <>
          <h1 className="mt-8 text-3xl leading-tight font-black text-balance text-white">{copy.invalidLink.title}</h1>
          <p className="mt-2 text-pretty text-slate-300">{state.message ?? copy.invalidLink.text}</p>
        </>
      ) : null}
      {state.kind === 'closed' ? (
        <>
          <h1 className="mt-8 text-3xl leading-tight font-black text-balance text-white">{copy.closed.title}</h1>
          <p className="mt-2 text-pretty text-slate-300">{state.message ?? copy.closed.text}</p>
        </>
      ) : null}
      {state.kind === 'ready' && token ? (
        <>
          <h1 className="mt-8 text-3xl leading-tight font-black text-balance text-white">
            {state.reply.refunded ? copy.meta.title : copy.title}
          </h1>
          {/* A refunded purchase is no longer a verified one, and its page only lets the review go. */}
          {state.reply.refunded ? null : (
            <>
              <p className="mt-2 text-pretty text-slate-300">{copy.intro}</p>
              <p className="mt-1 text-sm font-semibold text-brand-300">{copy.verified(formatPurchaseMonth(state.reply.purchasedAt))}</p>
            </>
          )}
          <div className="mt-6 rounded-2xl border border-line bg-ink-850/80 p-5">
            <ReviewPanel
              target={{ kind: 'page', publicRef: ref, token }}
              suggestedName={state.reply.suggestedName}
              initialReview={state.reply.review}
              refunded={state.reply.refunded}
              thanks={copy.thanks}
            />
          </div>
        </>
      ) : null}
    </PrivatePage>
  );
}

import { affiliatesPage as copy } from '../../content/affiliates.ts';
import { paths } from '../../shared/routes.ts';
import type { PageMeta } from '../../shared/routes.ts';
import { JoinForm } from '../affiliates/join-form.tsx';
import { AffiliatePageFrame } from '../affiliates/page-frame.tsx';
import { SiteFooter } from '../landing/site-footer.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Link } from '../router.tsx';

export const meta: PageMeta = copy.meta;

/** `/afiliados`: how the programme works and the request to join (docs/affiliates.md#joining). */
export default function AffiliatesPage() {
  useDocumentTitle(meta.title);
  return (
    <AffiliatePageFrame footer={<SiteFooter />}>
      <p className="text-sm font-bold tracking-wide text-brand-400 uppercase">{copy.eyebrow}</p>
      <h1 className="mt-2 text-3xl leading-tight font-black text-balance text-white sm:text-4xl">{copy.headline}</h1>
      <p className="mt-3 text-pretty text-slate-300">{copy.intro}</p>
      <ol className="mt-6 space-y-3">
        {copy.steps.map((step, index) => (
          <li key={step} className="flex items-start gap-3 text-slate-200">
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-tint text-sm font-bold text-brand-400">
              {index + 1}
            </span>
            <span className="pt-0.5 text-pretty">{step}</span>
          </li>
        ))}
      </ol>
      <JoinForm />
      <p className="mt-6 text-center text-sm text-slate-400">
        {copy.signInLine}{' '}
        <Link href={paths.affiliate} className="font-semibold text-brand-400 underline underline-offset-4">
          {copy.signInLink}
        </Link>
      </p>
    </AffiliatePageFrame>
  );
}

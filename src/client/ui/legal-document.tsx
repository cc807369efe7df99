import { ArrowLeft } from 'lucide-react';
import { legalPage, type LegalDocument } from '../../content/legal.ts';
import { paths } from '../../shared/routes.ts';
import { Link } from '../router.tsx';
import { LogoHeader } from './logo-header.tsx';

/** A legal text (/termos, /privacidade) as a readable article: one column, real headings. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <LogoHeader />
      <main className="px-5 py-12">
        <article className="mx-auto max-w-3xl">
          <Link
            href={paths.landing}
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-400 underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {legalPage.backLabel}
          </Link>
          <h1 className="mt-4 text-3xl font-black text-balance text-white sm:text-4xl">{document.title}</h1>
          <p className="mt-4 text-base leading-relaxed text-pretty text-slate-300">{document.intro}</p>
          {document.sections.map((section) => (
            <section key={section.heading} className="mt-10">
              <h2 className="text-xl font-bold text-white">{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-pretty text-slate-300">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </article>
      </main>
    </>
  );
}

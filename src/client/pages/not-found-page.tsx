import { notFound } from '../../content/not-found.ts';
import { notFoundMeta } from '../../content/not-found.ts';
import { paths, type PageMeta } from '../../shared/routes.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Link } from '../router.tsx';
import { Logo } from '../ui/logo.tsx';

export const meta: PageMeta = notFoundMeta;

export default function NotFoundPage() {
  useDocumentTitle(meta.title);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <Logo />
      <p className="mt-10 text-7xl font-black text-brand-400">{notFound.code}</p>
      <h1 className="mt-4 text-2xl font-bold text-white">{notFound.headline}</h1>
      <p className="mt-2 max-w-sm text-slate-400">{notFound.text}</p>
      <Link
        href={paths.landing}
        className="mt-8 inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-5 font-semibold text-white hover:bg-brand-600"
      >
        {notFound.homeLink}
      </Link>
    </main>
  );
}

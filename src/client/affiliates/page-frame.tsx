import type { ReactNode } from 'react';
import { LogoHeader } from '../ui/logo-header.tsx';

/** The affiliates' pages in the site's look: the logo's header, one readable column, and the footer the page gives. */
export function AffiliatePageFrame({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <>
      <LogoHeader />
      <main className="relative px-5 pt-8 pb-14">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_60%_at_50%_0%,rgb(34_197_94/0.14),transparent)]"
        />
        <div className="relative mx-auto w-full max-w-3xl">{children}</div>
      </main>
      {footer}
    </>
  );
}

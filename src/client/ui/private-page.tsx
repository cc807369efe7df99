import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Logo } from './logo.tsx';

/**
 * The frame of a buyer's personal page read from the API (the order page, the review page): the
 * logo over a narrow column, masked from session replay (Clarity) since it shows the buyer's data,
 * and the loading and load-error states while its data arrives.
 */
export function PrivatePage({
  load,
  copy,
  onRetry,
  children,
}: {
  load: 'loading' | 'error' | 'done';
  copy: { loading: string; loadError: string; retry: string };
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <main className="relative min-h-dvh px-5 pt-6 pb-12" data-clarity-mask="true">
      <div className="relative mx-auto w-full max-w-lg">
        <Logo />
        {load === 'loading' ? (
          <p className="mt-8 animate-pulse text-slate-400" role="status">
            {copy.loading}
          </p>
        ) : null}
        {load === 'error' ? (
          <Alert variant="destructive" className="mt-8">
            <p>{copy.loadError}</p>
            <button type="button" onClick={onRetry} className="mt-1 font-bold underline underline-offset-4">
              {copy.retry}
            </button>
          </Alert>
        ) : null}
        {children}
      </div>
    </main>
  );
}

import { checkout as copy } from '../../content/checkout.ts';

/** Shown while the payment modal's code loads (docs/product.md#the-journey: "loaded lazily with a skeleton"). */
export function ModalSkeleton() {
  return (
    <div className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm">
      <div
        role="dialog"
        aria-modal="true"
        aria-busy="true"
        aria-label={copy.title}
        className="fixed inset-x-0 bottom-0 rounded-t-3xl border border-line bg-ink-900 p-5 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-7"
      >
        <div className="animate-pulse space-y-4" data-testid="modal-skeleton">
          <div className="h-6 w-3/4 rounded bg-ink-700" />
          <div className="h-10 w-1/3 rounded bg-ink-700" />
          <div className="h-20 rounded-xl bg-ink-800" />
          <div className="h-12 rounded-xl bg-ink-800" />
          <div className="h-12 rounded-xl bg-ink-800" />
          <div className="h-14 rounded-xl bg-ink-700" />
        </div>
      </div>
    </div>
  );
}

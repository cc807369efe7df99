/** Shown while a popup's code loads: the sheet's shape, so the popup does not jump in. */
export function PopupSkeleton() {
  return (
    <div className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm">
      <div
        aria-busy="true"
        className="fixed inset-x-0 bottom-0 rounded-t-3xl border border-line bg-ink-900 p-5 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-7"
      >
        <div aria-hidden="true" className="animate-pulse space-y-4">
          <div className="flex items-center gap-4">
            <div className="size-16 rounded-2xl bg-ink-700" />
            <div className="h-6 flex-1 rounded bg-ink-700" />
          </div>
          <div className="h-20 rounded-xl bg-ink-800" />
          <div className="h-24 rounded-xl bg-ink-800" />
          <div className="h-14 rounded-xl bg-ink-700" />
        </div>
      </div>
    </div>
  );
}

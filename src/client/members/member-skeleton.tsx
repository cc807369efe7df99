import { members as copy } from '../../content/members.ts';

const bar = 'animate-pulse rounded-lg bg-ink-800';

/** What the prerendered document shows until the list arrives; shaped like the page it becomes. */
export function MemberSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mt-8">
      <span className="sr-only">{copy.loading}</span>
      <div aria-hidden="true">
        <div className={`${bar} h-8 w-48`} />
        <div className={`${bar} mt-3 h-4 w-full max-w-md`} />
        <div className={`${bar} mt-2 h-4 w-40`} />
        <div className={`${bar} mt-6 h-12 w-full rounded-xl`} />
        {[0, 1, 2].map((row) => (
          <div key={row} className="mt-4 rounded-2xl border border-line bg-ink-850/80 p-4">
            <div className={`${bar} h-5 w-40`} />
            <div className={`${bar} mt-2 h-4 w-64 max-w-full`} />
            <div className="mt-4 flex gap-2">
              <div className={`${bar} h-10 w-28 rounded-xl`} />
              <div className={`${bar} h-10 w-28 rounded-xl`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { members as copy } from '../../content/members.ts';

/** The search box; it stays at the top of the screen (below the demo notice) while the buyer scrolls a long list. */
export function SupplierSearch({
  query,
  onQueryChange,
  summary,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  summary: string;
}) {
  const id = useId();
  return (
    <div className="sticky top-(--demo-notice-height) z-10 -mx-5 mt-6 border-b border-line/60 bg-ink-950/90 px-5 py-3 backdrop-blur-md">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-200">
        {copy.search.label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={copy.search.placeholder}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          className="block min-h-12 w-full rounded-xl border border-line bg-ink-900 pr-11 pl-11 text-base text-white placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
        {query ? (
          <button
            type="button"
            onClick={() => onQueryChange('')}
            aria-label={copy.search.clear}
            className="absolute top-1/2 right-1 grid size-10 -translate-y-1/2 place-items-center rounded-lg text-slate-400 hover:text-white"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-2 text-xs text-slate-400">
        {summary}
      </p>
    </div>
  );
}

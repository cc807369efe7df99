import { SearchX } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { members as copy } from '../../content/members.ts';
import { Button } from '../ui/button.tsx';
import type { MemberSupplier } from './access-api.ts';
import { filterSuppliers, groupByCategory, indexSuppliers } from './filter-suppliers.ts';
import { SupplierCard } from './supplier-card.tsx';
import { SupplierSearch } from './supplier-search.tsx';

/** The searchable list, grouped by category with a count per group. */
export function SupplierDirectory({ suppliers }: { suppliers: MemberSupplier[] }) {
  const idPrefix = useId();
  const [query, setQuery] = useState('');
  // Typing stays responsive on a slow phone with a long list: filtering may lag a keystroke behind.
  const deferredQuery = useDeferredValue(query);
  const index = useMemo(() => indexSuppliers(suppliers), [suppliers]);
  const shown = useMemo(() => filterSuppliers(index, deferredQuery), [index, deferredQuery]);
  const groups = useMemo(() => groupByCategory(shown), [shown]);

  if (suppliers.length === 0) {
    return <p className="mt-8 rounded-2xl border border-line bg-ink-850/80 p-5 text-slate-300">{copy.listEmpty}</p>;
  }

  return (
    <>
      <SupplierSearch query={query} onQueryChange={setQuery} summary={copy.search.results(shown.length, suppliers.length)} />
      {groups.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-line bg-ink-850/80 p-6 text-center">
          <SearchX aria-hidden="true" className="size-8 text-slate-500" />
          <p className="mt-3 font-semibold text-white">{copy.search.empty(deferredQuery.trim())}</p>
          <p className="mt-1 text-sm text-slate-400">{copy.search.emptyHint}</p>
          <Button variant="secondary" className="mt-4" onClick={() => setQuery('')}>
            {copy.search.clear}
          </Button>
        </div>
      ) : (
        groups.map((group, position) => (
          <section key={group.category} aria-labelledby={`${idPrefix}-${position}`} className="mt-8">
            <div className="flex items-baseline justify-between gap-3">
              <h2 id={`${idPrefix}-${position}`} className="text-xl font-extrabold text-white">
                {group.category}
              </h2>
              <span className="shrink-0 text-sm font-semibold text-brand-400">{copy.categoryCount(group.suppliers.length)}</span>
            </div>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {group.suppliers.map((supplier) => (
                <SupplierCard key={supplier.id} supplier={supplier} />
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}

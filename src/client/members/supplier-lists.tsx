import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { members as copy } from '../../content/members.ts';
import { listNames, mainOffer } from '../../content/offers.ts';
import type { MemberArea, MemberList } from '../../shared/access.ts';
import { cn } from '../ui/cn.ts';
import { ExampleNote } from './example-note.tsx';
import { SupplierDirectory } from './supplier-directory.tsx';

function OneList({ list }: { list: MemberList }) {
  return (
    <>
      {list.example ? <ExampleNote /> : null}
      <SupplierDirectory suppliers={list.suppliers} />
    </>
  );
}

/**
 * The order's lists. One list (no bump) shows exactly as it always did; with the bump's list a
 * two-tab switch sits above them, each list keeping its own search (both stay mounted, so a
 * search survives a switch). Tabs as WAI-ARIA's pattern: arrows, Home and End move between them.
 */
export function SupplierLists({ area }: { area: MemberArea }) {
  const lists: MemberList[] = [
    { key: mainOffer.delivers, updatedAt: area.updatedAt, example: area.example, suppliers: area.suppliers },
    ...area.extraLists,
  ];
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId();

  if (lists.length === 1) return <OneList list={lists[0]!} />;

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: lists.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + lists.length) % lists.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={copy.lists.label}
        className="mt-8 grid grid-cols-2 gap-1 rounded-2xl border border-line bg-ink-900/90 p-1 shadow-lg shadow-black/20"
      >
        {lists.map((list, index) => (
          <button
            key={list.key}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${list.key}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${list.key}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
            className={cn(
              'min-h-14 rounded-xl px-3 py-2 text-left transition duration-150',
              index === selected ? 'bg-brand-700 text-white shadow shadow-black/30' : 'text-slate-300 hover:bg-ink-800 hover:text-white',
            )}
          >
            <span className="block text-sm leading-tight font-extrabold text-balance">{listNames[list.key]}</span>
            <span className={cn('mt-0.5 block text-xs font-semibold', index === selected ? 'text-brand-100' : 'text-slate-400')}>
              {copy.lists.count(list.suppliers.length)}
            </span>
          </button>
        ))}
      </div>
      {lists.map((list, index) => (
        <div
          key={list.key}
          role="tabpanel"
          id={`${id}-panel-${list.key}`}
          aria-labelledby={`${id}-tab-${list.key}`}
          hidden={index !== selected}
        >
          <OneList list={list} />
        </div>
      ))}
    </>
  );
}

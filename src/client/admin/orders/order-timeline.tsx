import { admin as copy } from '../../../content/admin.ts';
import type { TimelineEntry } from '../../../shared/admin.ts';
import { formatDateTime } from '../format.ts';
import { describeTimelineEntry } from './timeline-entry.ts';

/** An order's history, oldest first: created, charged, postbacks, paid, e-mails, console actions, refund steps. */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <section className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 className="text-base font-extrabold text-white">{copy.detail.timeline}</h3>
      <ol className="mt-3 space-y-3 border-l border-line pl-4" aria-label={copy.detail.timeline}>
        {entries.map((entry, index) => {
          const { title, notes } = describeTimelineEntry(entry);
          return (
            <li key={index} className="relative">
              <span
                aria-hidden="true"
                className={`absolute top-1.5 -left-[1.3rem] size-2 rounded-full ${entry.kind === 'refund' ? 'bg-gold-400' : 'bg-brand-400'}`}
              />
              <p className="text-sm font-semibold text-white">{title}</p>
              <p className="text-xs text-slate-400">{formatDateTime(entry.at)}</p>
              {notes.map((note, line) => (
                <p key={line} className="mt-0.5 text-xs break-words text-slate-300">
                  {note}
                </p>
              ))}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

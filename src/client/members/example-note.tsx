import { FlaskConical } from 'lucide-react';
import { members as copy } from '../../content/members.ts';

/** Above a list that is still the demo's example set: its rows are not real contacts. */
export function ExampleNote() {
  return (
    <div
      role="note"
      className="mt-6 flex items-start gap-3 rounded-2xl border border-gold-300/40 bg-gold-300/10 p-4 text-sm text-amber-100"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
      <p className="text-pretty">
        <span className="mr-1.5 inline-block rounded-full bg-gold-300 px-2 py-0.5 text-xs font-black tracking-wide text-ink-950 uppercase">
          {copy.example.badge}
        </span>
        {copy.example.text}
      </p>
    </div>
  );
}

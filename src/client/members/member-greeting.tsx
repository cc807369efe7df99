import { CalendarCheck } from 'lucide-react';
import { members as copy } from '../../content/members.ts';
import { BUSINESS_TIME_ZONE } from '../../shared/time.ts';

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** "Olá, Maria!", what this page is, and when the seller last updated the (main) list. */
export function MemberGreeting({ firstName, updatedAt, lists = 1 }: { firstName: string; updatedAt: number | null; lists?: number }) {
  return (
    <div className="mt-8">
      <h1 className="text-3xl leading-tight font-black text-balance text-white">{copy.greeting(firstName)}</h1>
      <p className="mt-2 text-pretty text-slate-300">{lists > 1 ? copy.introLists : copy.intro}</p>
      <p className="mt-3 inline-flex items-center gap-1.5 rounded-full border border-brand-500/40 bg-brand-faint px-3 py-1 text-sm font-semibold text-brand-300">
        <CalendarCheck aria-hidden="true" className="size-4" />
        {updatedAt === null ? copy.notUpdatedYet : copy.updatedAt(dateFormat.format(new Date(updatedAt)))}
      </p>
    </div>
  );
}

import { LifeBuoy } from 'lucide-react';
import { members as copy } from '../../content/members.ts';

/** Who to write to when something is wrong with the access. */
export function SupportLine({ email }: { email: string | null }) {
  return (
    <p className="mt-10 flex items-start gap-2 border-t border-line/60 pt-5 text-sm text-slate-400">
      <LifeBuoy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-400" />
      {email ? (
        <span>
          {copy.support.lead}{' '}
          <a href={`mailto:${email}`} className="font-semibold text-brand-300 underline-offset-4 hover:underline">
            {email}
          </a>
          .
        </span>
      ) : (
        <span>{copy.support.withoutEmail}</span>
      )}
    </p>
  );
}

import { KeyRound, Mail, Undo2, Unlink } from 'lucide-react';
import { members as copy } from '../../content/members.ts';
import { buttonVariants } from '../ui/button.tsx';
import { ResendForm } from './resend-form.tsx';
import type { SignedOutReason } from './signed-out-reason.ts';

const panels = {
  'no-session': { icon: KeyRound, ...copy.signedOut },
  'invalid-link': { icon: Unlink, ...copy.invalidLink },
  ended: { icon: Undo2, ...copy.ended },
} as const;

/**
 * No access here: a dead link gets said plainly, and the buyer can ask for the link again; a
 * refunded purchase says the access ended, with the support contact (a new link would not open it).
 */
export function SignedOutPanel({ reason, supportEmail }: { reason: SignedOutReason; supportEmail: string | null }) {
  const { icon: Icon, title, text } = panels[reason];
  return (
    <div className="mt-8">
      <span className="grid size-12 place-items-center rounded-xl bg-brand-tint text-brand-400">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-3xl leading-tight font-black text-balance text-white">{title}</h1>
      <p className="mt-2 text-pretty text-slate-300">{text}</p>
      {reason === 'ended' ? <EndedHelp supportEmail={supportEmail} /> : <ResendForm />}
    </div>
  );
}

function EndedHelp({ supportEmail }: { supportEmail: string | null }) {
  return (
    <div className="mt-6 rounded-2xl border border-line bg-ink-850/80 p-5">
      <p className="text-sm text-pretty text-slate-300">{copy.ended.help}</p>
      {supportEmail ? (
        <a href={`mailto:${supportEmail}`} className={buttonVariants({ variant: 'secondary', block: true, className: 'mt-4 sm:w-auto' })}>
          <Mail aria-hidden="true" className="size-4" />
          {copy.ended.contact}
        </a>
      ) : (
        <p className="mt-3 text-sm font-semibold text-slate-200">{copy.support.withoutEmail}</p>
      )}
    </div>
  );
}

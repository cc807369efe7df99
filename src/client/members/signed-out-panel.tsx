import { KeyRound, Unlink } from 'lucide-react';
import { members as copy } from '../../content/members.ts';
import { ResendForm } from './resend-form.tsx';

/** No access here: a dead link gets said plainly; either way the buyer can ask for the link again. */
export function SignedOutPanel({ reason }: { reason: 'no-session' | 'invalid-link' }) {
  const message = reason === 'invalid-link' ? copy.invalidLink : copy.signedOut;
  const Icon = reason === 'invalid-link' ? Unlink : KeyRound;
  return (
    <div className="mt-8">
      <span className="grid size-12 place-items-center rounded-xl bg-brand-500/15 text-brand-400">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-3xl leading-tight font-black text-balance text-white">{message.title}</h1>
      <p className="mt-2 text-pretty text-slate-300">{message.text}</p>
      <ResendForm />
    </div>
  );
}

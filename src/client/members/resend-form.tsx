import { useId, useState, type FormEvent } from 'react';
import { members as copy } from '../../content/members.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { requestAccessResend } from './access-api.ts';

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string; field?: string };

/**
 * "Reenviar meu acesso": the buyer types the purchase e-mail and the server queues the link
 * again. The confirmation is the same whether or not the address bought; only the server's
 * validation and rate-limit messages differ.
 */
export function ResendForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const sending = outcome.kind === 'sending';
  const fieldError = outcome.kind === 'failed' ? outcome.field : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome({ kind: 'sending' });
    try {
      await requestAccessResend(email);
      setOutcome({ kind: 'sent' });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0 && error.message) {
        setOutcome({ kind: 'failed', message: error.message, field: error.fields.email });
      } else {
        setOutcome({ kind: 'failed', message: copy.resend.network });
      }
    }
  };

  return (
    <form onSubmit={submit} className="mt-6 rounded-2xl border border-line bg-ink-850/80 p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-extrabold text-white">
        {copy.resend.title}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{copy.resend.text}</p>
      <label htmlFor={`${id}-email`} className="mt-4 mb-1.5 block text-sm font-semibold text-slate-200">
        {copy.resend.email}
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        placeholder={copy.resend.emailPlaceholder}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={sending}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${id}-error` : undefined}
        className={cn(
          'block min-h-12 w-full rounded-xl border bg-ink-950 px-3.5 text-base text-white placeholder:text-slate-500 focus:ring-2 focus:outline-none disabled:opacity-60',
          fieldError ? 'border-danger focus:ring-danger/40' : 'border-line focus:border-brand-500 focus:ring-brand-500/30',
        )}
      />
      {fieldError ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-300">
          {fieldError}
        </p>
      ) : null}
      {outcome.kind === 'sent' ? (
        <Alert variant="success" className="mt-4">
          {copy.resend.confirmation}
        </Alert>
      ) : null}
      {outcome.kind === 'failed' && !fieldError ? (
        <Alert variant="destructive" className="mt-4">
          {outcome.message}
        </Alert>
      ) : null}
      <Button type="submit" block className="mt-4" disabled={sending}>
        {sending ? copy.resend.sending : copy.resend.submit}
      </Button>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { affiliatePage } from '../../content/affiliates.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { affiliatesApi } from './affiliates-api.ts';

const copy = affiliatePage.signIn;

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string; field?: string };

/** "Receber link de acesso": the answer is the same whether or not the address is an affiliate's. */
export function AffiliateSignInForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const sending = outcome.kind === 'sending';
  const fieldError = outcome.kind === 'failed' ? outcome.field : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome({ kind: 'sending' });
    try {
      await affiliatesApi.signIn(email);
      setOutcome({ kind: 'sent' });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0 && error.message) {
        setOutcome({ kind: 'failed', message: error.message, field: error.fields.email });
      } else {
        setOutcome({ kind: 'failed', message: copy.network });
      }
    }
  };

  return (
    <form onSubmit={submit} className="mt-6 rounded-2xl border border-line bg-ink-850/80 p-5">
      <label htmlFor={`${id}-email`} className="mb-1.5 block text-sm font-semibold text-slate-200">
        {copy.email}
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={sending}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${id}-error` : undefined}
        className={cn(
          'field-input',
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
          {copy.sent}
        </Alert>
      ) : null}
      {outcome.kind === 'failed' && !fieldError ? (
        <Alert variant="destructive" className="mt-4">
          {outcome.message}
        </Alert>
      ) : null}
      <Button type="submit" block className="mt-4" disabled={sending}>
        {sending ? copy.sending : copy.submit}
      </Button>
    </form>
  );
}

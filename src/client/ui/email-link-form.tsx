import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../lib/api.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { FormField } from './form-field.tsx';

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string; field?: string };

interface EmailLinkWords {
  email: string;
  placeholder?: string;
  submit: string;
  sending: string;
  /** The same whether or not the address is known: the form tells no one who bought or who is an affiliate. */
  sent: string;
  /** No answer from the server (offline, a dropped connection). */
  network: string;
}

/**
 * "Send me a link" by e-mail (the member area's "Reenviar meu acesso", the affiliate's "Receber link de acesso"): one
 * address, `send` posts it; the server's validation and rate-limit words show as they come, the e-mail's under its box.
 */
export function EmailLinkForm({
  words,
  send,
  heading,
}: {
  words: EmailLinkWords;
  send: (email: string) => Promise<unknown>;
  /** A title and a line above the box; the form is labelled by the title. */
  heading?: { title: string; text: ReactNode };
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const sending = outcome.kind === 'sending';
  const fieldError = outcome.kind === 'failed' ? outcome.field : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome({ kind: 'sending' });
    try {
      await send(email);
      setOutcome({ kind: 'sent' });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0 && error.message) {
        setOutcome({ kind: 'failed', message: error.message, field: error.fields.email });
      } else {
        setOutcome({ kind: 'failed', message: words.network });
      }
    }
  };

  return (
    <form
      onSubmit={submit}
      className="mt-6 rounded-2xl border border-line bg-ink-850/80 p-5"
      aria-labelledby={heading ? `${id}-title` : undefined}
    >
      {heading ? (
        <div className="mb-4">
          <h2 id={`${id}-title`} className="text-lg font-extrabold text-white">
            {heading.title}
          </h2>
          <p className="mt-1 text-sm text-slate-400">{heading.text}</p>
        </div>
      ) : null}
      <FormField
        label={words.email}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        placeholder={words.placeholder}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={sending}
        error={fieldError}
      />
      {outcome.kind === 'sent' ? (
        <Alert variant="success" className="mt-4">
          {words.sent}
        </Alert>
      ) : null}
      {outcome.kind === 'failed' && !fieldError ? (
        <Alert variant="destructive" className="mt-4">
          {outcome.message}
        </Alert>
      ) : null}
      <Button type="submit" block className="mt-4" disabled={sending}>
        {sending ? words.sending : words.submit}
      </Button>
    </form>
  );
}

import { CheckCircle2 } from 'lucide-react';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { affiliateRequestMessages, affiliatesPage as copy, affiliateTerms } from '../../content/affiliates.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { EmailSuggestion, FormField, fieldInputClass, useEmailSuggestion } from '../ui/form-field.tsx';
import { AffiliateTermsList } from './affiliate-terms.tsx';
import { affiliatesApi, type JoinValues } from './affiliates-api.ts';

const EMPTY: JoinValues = { name: '', email: '', document: '', pixKey: '', promotes: '' };

const inputs: ReadonlyArray<{ name: Exclude<keyof JoinValues, 'promotes'> } & InputHTMLAttributes<HTMLInputElement>> = [
  { name: 'name', autoComplete: 'name', maxLength: 120 },
  { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  { name: 'document', inputMode: 'numeric', autoComplete: 'off', maxLength: 20 },
  { name: 'pixKey', autoComplete: 'off', maxLength: 120 },
];

type Outcome =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string; fields: Record<string, string> };

/**
 * The request to join (docs/affiliates.md#joining): each field's error comes from the server's own schema, in
 * Portuguese; the e-mail gets the checkout's typo check ("Você quis dizer …?").
 */
export function JoinForm() {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [accepted, setAccepted] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const emailCheck = useEmailSuggestion(values.email);
  const fields = outcome.kind === 'failed' ? outcome.fields : {};
  const sending = outcome.kind === 'sending';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setOutcome({
        kind: 'failed',
        message: affiliateRequestMessages.termsRequired,
        fields: { acceptTerms: affiliateRequestMessages.termsRequired },
      });
      return;
    }
    setOutcome({ kind: 'sending' });
    try {
      await affiliatesApi.request(values, affiliateTerms.version);
      setOutcome({ kind: 'sent' });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0 && error.message) {
        setOutcome({ kind: 'failed', message: error.message, fields: error.fields });
      } else {
        setOutcome({ kind: 'failed', message: copy.network, fields: {} });
      }
    }
  };

  if (outcome.kind === 'sent') {
    return (
      <div role="status" className="mt-8 rounded-2xl border border-brand-500/40 bg-ink-850/80 p-5">
        <CheckCircle2 aria-hidden="true" className="size-8 text-brand-400" />
        <h2 className="mt-3 text-xl font-extrabold text-white">{copy.sent.title}</h2>
        <p className="mt-2 text-pretty text-slate-300">{copy.sent.text}</p>
      </div>
    );
  }

  const set = (name: keyof JoinValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  const described = (name: string) => (fields[name] ? `${id}-${name}-error` : undefined);
  const errorLine = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-300">
        {fields[name]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="mt-8 rounded-2xl border border-line bg-ink-850/80 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-extrabold text-white">
        {copy.formTitle}
      </h2>
      <fieldset disabled={sending} className="mt-4 space-y-4">
        {inputs.map(({ name, ...input }) => (
          <FormField
            key={name}
            name={name}
            label={copy.fields[name]}
            required
            placeholder={copy.placeholders[name]}
            value={values[name]}
            onChange={set(name)}
            onBlur={name === 'email' ? emailCheck.check : undefined}
            error={fields[name]}
            below={
              name === 'email' && emailCheck.suggestion ? (
                <EmailSuggestion
                  suggestion={emailCheck.suggestion}
                  onAccept={() => {
                    const accepted = emailCheck.accept();
                    if (accepted !== null) setValues((current) => ({ ...current, email: accepted }));
                  }}
                />
              ) : null
            }
            {...input}
          />
        ))}
        <div>
          <label htmlFor={`${id}-promotes`} className="mb-1.5 block text-sm font-semibold text-slate-200">
            {copy.fields.promotes}
          </label>
          <textarea
            id={`${id}-promotes`}
            name="promotes"
            required
            rows={3}
            maxLength={500}
            placeholder={copy.placeholders.promotes}
            value={values.promotes}
            onChange={set('promotes')}
            aria-invalid={fields.promotes ? true : undefined}
            aria-describedby={described('promotes')}
            className={cn(fieldInputClass(fields.promotes), 'py-3')}
          />
          {errorLine('promotes')}
        </div>
        <div className="rounded-xl border border-line bg-ink-950/60 p-4">
          <h3 className="text-base font-bold text-white">{affiliateTerms.title}</h3>
          <AffiliateTermsList className="mt-3" />
          <label className="mt-4 flex min-h-11 items-start gap-3 text-sm font-semibold text-slate-100">
            <input
              type="checkbox"
              name="acceptTerms"
              checked={accepted}
              onChange={(event) => setAccepted(event.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-brand-500"
            />
            {copy.acceptTerms}
          </label>
          {errorLine('acceptTerms')}
        </div>
      </fieldset>
      {outcome.kind === 'failed' && Object.keys(outcome.fields).length === 0 ? (
        <Alert variant="destructive" className="mt-4">
          {outcome.message}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" block className="mt-5" disabled={sending}>
        {sending ? copy.sending : copy.submit}
      </Button>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { affiliatesConsole } from '../../../content/affiliates.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { affiliatesApi, type AffiliateFormValues } from './affiliates-api.ts';

const copy = affiliatesConsole.invite;
const FIELDS = ['name', 'email', 'document', 'pixKey', 'promotes'] as const;
const EMPTY: AffiliateFormValues = { name: '', email: '', document: '', pixKey: '', promotes: '' };

/** The seller registers an affiliate, active at once; each field's error comes from the server's same schema. */
export function AffiliateForm({ onRegistered }: { onRegistered: () => void }) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      await affiliatesApi.register(values);
      setValues(EMPTY);
      setMessage({ ok: true, text: copy.done });
      onRegistered();
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      setErrors(fields);
      setMessage({ ok: false, text: failure instanceof ApiError ? failure.message : affiliatesConsole.api.notAllowed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-3 rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id={`${id}-title`} className="text-base font-extrabold text-white">
        {copy.title}
      </h3>
      {FIELDS.map((field) => (
        <div key={field}>
          <label htmlFor={`${id}-${field}`} className="block text-sm font-semibold text-slate-200">
            {copy[field]}
          </label>
          <input
            id={`${id}-${field}`}
            type={field === 'email' ? 'email' : 'text'}
            required
            autoComplete="off"
            value={values[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
            onChange={(event) => setValues((previous) => ({ ...previous, [field]: event.target.value }))}
            className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white"
          />
          {errors[field] ? (
            <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-200">
              {errors[field]}
            </p>
          ) : null}
        </div>
      ))}
      {message ? <Alert variant={message.ok ? 'success' : 'destructive'}>{message.text}</Alert> : null}
      <Button type="submit" disabled={busy}>
        {copy.submit}
      </Button>
    </form>
  );
}

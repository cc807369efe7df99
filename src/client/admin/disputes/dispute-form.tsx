import { useId, useState, type FormEvent } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import { disputesConsole as text } from '../../../content/disputes.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { disputeFormBody, type DisputeFormFields } from './dispute-view.ts';
import { RestoredNotice, useLocalDraft } from '../local-draft.tsx';

const inputClass = 'mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white aria-invalid:border-danger';
const EMPTY: DisputeFormFields = { query: '', amount: '', dueOn: '', providerDisputeId: '' };
type Errors = Partial<Record<keyof DisputeFormFields, string>>;
/** The server's field names (the body's) to the form's. */
const SERVER_FIELDS: Record<string, keyof DisputeFormFields> = {
  query: 'query',
  amountCents: 'amount',
  defenceDueOn: 'dueOn',
  providerDisputeId: 'providerDisputeId',
};

/**
 * What this browser keeps of the form until it is sent (local-draft.tsx): all but a buyer's e-mail typed as the
 * search, which is personal data and never stored in the browser (DESIGN.md §1); a reference or an E2E id is kept.
 */
const keptFields = (fields: DisputeFormFields): DisputeFormFields => (fields.query.includes('@') ? { ...fields, query: '' } : fields);

/** "Registrar contestação": any provider's dispute, entered by hand, the order found by e-mail, reference or E2E id. */
export function DisputeForm({ onCreated, onSignedOut }: { onCreated: () => Promise<void>; onSignedOut: () => void }) {
  const draft = useLocalDraft('dispute-new', EMPTY, keptFields);
  const fields = draft.value;
  const setFields = draft.set;
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setCreated(null);
    const result = disputeFormBody(fields);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    setBusy(true);
    try {
      const dispute = await adminApi.createDispute(result.body);
      draft.clear();
      setCreated(text.created(dispute.orderRef));
      await onCreated();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onSignedOut();
      const server = error instanceof ApiError ? error : null;
      setErrors(Object.fromEntries(Object.entries(server?.fields ?? {}).map(([key, message]) => [SERVER_FIELDS[key] ?? 'query', message])));
      setFailure(server?.message || copy.api.invalid);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof DisputeFormFields, label: string, input: { type?: string; inputMode?: 'decimal'; hint?: string }) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-slate-200">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={input.type ?? 'text'}
        inputMode={input.inputMode}
        autoComplete="off"
        required={name === 'query'}
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] || input.hint ? `${id}-${name}-note` : undefined}
        onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
        className={inputClass}
      />
      {errors[name] || input.hint ? (
        <p id={`${id}-${name}-note`} className={`mt-1 text-xs ${errors[name] ? 'text-red-300' : 'text-slate-400'}`}>
          {errors[name] ?? input.hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id={`${id}-title`} className="text-base font-extrabold text-white">
        {text.register}
      </h3>
      <p className="mt-1 text-sm text-slate-300">{text.registerHint}</p>
      {draft.restored ? <RestoredNotice className="mt-3" /> : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">{field('query', text.queryLabel, {})}</div>
        {field('amount', text.amountLabel, { inputMode: 'decimal', hint: text.amountHint })}
        {field('dueOn', text.dueLabel, { type: 'date' })}
        {field('providerDisputeId', text.providerIdLabel, {})}
        {failure ? (
          <Alert variant="destructive" className="sm:col-span-2">
            {failure}
          </Alert>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" variant="cta" disabled={busy}>
            {text.submit}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {created ? (
          <Alert variant="success" className="mt-3">
            {created}
          </Alert>
        ) : null}
      </div>
    </section>
  );
}

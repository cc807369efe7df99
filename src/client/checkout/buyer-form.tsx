import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { checkout as copy, checkoutFormMessages as messages } from '../../content/checkout.ts';
import { isValidPhone } from '../../shared/checkout.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { suggestEmail } from './email-typo.ts';
import { editPhone } from './phone-mask.ts';

export interface BuyerValues {
  name: string;
  email: string;
  phone: string;
  document: string;
}

export const emptyBuyer: BuyerValues = { name: '', email: '', phone: '', document: '' };

function Field({
  label,
  error,
  hint,
  below,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string; below?: ReactNode }) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-200">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'block min-h-12 w-full rounded-xl border bg-ink-950 px-3.5 text-base text-white placeholder:text-slate-500 focus:ring-2 focus:outline-none disabled:opacity-60',
          error ? 'border-danger focus:ring-danger/40' : 'border-line focus:border-brand-500 focus:ring-brand-500/30',
        )}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-300">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      {below}
    </div>
  );
}

/** "Você quis dizer joana@gmail.com?": the address is a button that puts it in the field. */
function EmailSuggestion({ suggestion, onAccept }: { suggestion: string; onAccept: () => void }) {
  return (
    <p className="mt-1 text-sm text-gold-300" role="status">
      {copy.form.emailSuggestion.before}
      <button
        type="button"
        className="font-bold underline underline-offset-4"
        // Keeps the focus where it is: a blur now could show another field's error and move the
        // centred dialog under the finger between press and release.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onAccept}
      >
        {suggestion}
      </button>
      {copy.form.emailSuggestion.after}
    </p>
  );
}

/** The buyer form (docs/product.md#the-buyer-form): name, e-mail, phone (10–11 digits) and, when the gateway needs it, a CPF. */
export function BuyerForm({
  values,
  onChange,
  askDocument,
  processing,
  serverErrors,
  onSubmit,
}: {
  values: BuyerValues;
  onChange: (values: BuyerValues) => void;
  askDocument: boolean;
  processing: boolean;
  serverErrors: Record<string, string>;
  onSubmit: () => void;
}) {
  const [phoneTouched, setPhoneTouched] = useState(false);
  const phoneValid = isValidPhone(values.phone);
  const phoneDigits = values.phone.replace(/\D/g, '').length;
  const phoneError = (!phoneValid && (phoneTouched || phoneDigits > 11) ? messages.phoneInvalid : undefined) ?? serverErrors.phone;
  const set = (key: keyof BuyerValues) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value });
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const checkedEmail = useRef('');

  // The phone formats itself as "(11) 98765-4321" while typed; the caret stays by the digit touched.
  // It is placed once React has written the new value (which puts the caret at the end), in the
  // same commit. Placed a frame later, a quick next key went to the end of the number (and on a full
  // number was dropped).
  const phoneCaret = useRef<{ input: HTMLInputElement; caret: number } | null>(null);
  const setPhone = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const edit = editPhone(values.phone, input.value, input.selectionStart ?? input.value.length);
    phoneCaret.current = { input, caret: edit.caret };
    onChange({ ...values, phone: edit.value });
  };
  // After every commit (no dependencies): a key that leaves the value as it was (a letter, a
  // twelfth digit) still has React write the value back.
  useLayoutEffect(() => {
    const pending = phoneCaret.current;
    phoneCaret.current = null;
    if (pending && document.activeElement === pending.input) pending.input.setSelectionRange(pending.caret, pending.caret);
  });

  const checkEmail = () => {
    const typed = values.email;
    checkedEmail.current = typed;
    suggestEmail(typed)
      .then((found) => {
        // A later edit wins over a slow first load of the checker.
        if (checkedEmail.current === typed) setSuggestion(found);
      })
      .catch(() => undefined);
  };
  // A changed address needs a new check.
  useEffect(() => {
    if (values.email !== checkedEmail.current) setSuggestion(null);
  }, [values.email]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The phone rule blocks the submit even if the disabled button is bypassed (Enter key).
    if (!phoneValid) {
      setPhoneTouched(true);
      return;
    }
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate={false} className="space-y-3.5">
      <fieldset disabled={processing} className="space-y-3.5">
        <legend className="mb-1 text-sm text-slate-400">{copy.form.legend}</legend>
        <Field
          label={copy.form.name}
          name="name"
          autoComplete="name"
          required
          placeholder={copy.form.namePlaceholder}
          value={values.name}
          onChange={set('name')}
          error={serverErrors.name}
        />
        <Field
          label={copy.form.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={copy.form.emailPlaceholder}
          value={values.email}
          onChange={set('email')}
          onBlur={checkEmail}
          error={serverErrors.email}
          hint={copy.form.emailHint}
          below={
            suggestion ? (
              <EmailSuggestion
                suggestion={suggestion}
                onAccept={() => {
                  checkedEmail.current = suggestion;
                  onChange({ ...values, email: suggestion });
                  setSuggestion(null);
                }}
              />
            ) : null
          }
        />
        <Field
          label={copy.form.phone}
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          required
          placeholder={copy.form.phonePlaceholder}
          value={values.phone}
          onChange={setPhone}
          onBlur={() => setPhoneTouched(true)}
          error={phoneError}
        />
        {askDocument ? (
          <Field
            label={copy.form.document}
            name="document"
            inputMode="numeric"
            required
            placeholder={copy.form.documentPlaceholder}
            value={values.document}
            onChange={set('document')}
            error={serverErrors.document}
            hint={copy.form.documentHint}
          />
        ) : null}
      </fieldset>
      <Button type="submit" size="lg" block disabled={processing || !phoneValid}>
        {processing ? copy.form.processing : copy.form.submit}
      </Button>
      <p className="text-center text-xs text-slate-500">{copy.form.privacy}</p>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { checkout } from '../../content/checkout.ts';
import { suggestEmail } from '../lib/email-typo.ts';
import { cn } from './cn.ts';

/*
 * The fields of a visitor's form (the checkout's buyer form, /afiliados's request, the e-mailed-link forms), with the
 * e-mail's typo check: one module, so the checkout's modal fetches them as one file with the checker.
 */

/** A visitor's text box (the checkout's, /afiliados's): the brand's ring, red while its field is refused. */
export const fieldInputClass = (error: string | undefined) =>
  cn('field-input', error ? 'border-danger focus:ring-danger/40' : 'border-line focus:border-brand-500 focus:ring-brand-500/30');

/**
 * One field of a visitor's form: its label, the box, and under it the refusal (tied to the box for screen readers) or
 * else the hint, then what the form puts below (the e-mail's suggestion, the WhatsApp consent).
 */
export function FormField({
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
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={fieldInputClass(error)} {...input} />
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

/** "Você quis dizer joana@gmail.com?": the address is a button that puts it in the field (useEmailSuggestion). */
export function EmailSuggestion({ suggestion, onAccept }: { suggestion: string; onAccept: () => void }) {
  return (
    <p className="mt-1 text-sm text-gold-300" role="status">
      {checkout.form.emailSuggestion.before}
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
      {checkout.form.emailSuggestion.after}
    </p>
  );
}

/**
 * The e-mail's typo check of a visitor's form (the checkout's, /afiliados's): `check` when the field is left looks the
 * address up; `suggestion` is the corrected address while the field still holds the one checked; `accept` takes it
 * (the caller puts it in the field) and hides it.
 */
export function useEmailSuggestion(email: string): { suggestion: string | null; check: () => void; accept: () => string | null } {
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const checkedEmail = useRef('');
  // A changed address needs a new check.
  useEffect(() => {
    if (email !== checkedEmail.current) setSuggestion(null);
  }, [email]);
  const check = () => {
    const typed = email;
    checkedEmail.current = typed;
    suggestEmail(typed)
      .then((found) => {
        // A later edit wins over a slow first load of the checker.
        if (checkedEmail.current === typed) setSuggestion(found);
      })
      .catch(() => undefined);
  };
  const accept = () => {
    if (suggestion !== null) checkedEmail.current = suggestion;
    setSuggestion(null);
    return suggestion;
  };
  return { suggestion, check, accept };
}

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
import { checkout as copy } from '../../content/checkout.ts';
import { digitsOnly } from '../../shared/digits.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { BUMP_BOX, CONSENT_BOX, type BuyerField, type BuyerValues } from './buyer-values.ts';
import { suggestEmail } from '../lib/email-typo.ts';
import { onDemand } from './on-demand.ts';
import { editPhone, maskPhone } from './phone-mask.ts';
import { WhatsappConsent } from './whatsapp-consent.tsx';

export { emptyBuyer, type BuyerValues } from './buyer-values.ts';

/** The form's fields, in order; the document only when the gateway needs the buyer's own. */
const buyerFields: ReadonlyArray<
  { name: BuyerField; label: string; placeholder: string; hint?: string } & Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'autoComplete' | 'inputMode' | 'pattern'
  >
> = [
  { name: 'name', label: copy.form.name, placeholder: copy.form.namePlaceholder, autoComplete: 'name' },
  {
    name: 'email',
    label: copy.form.email,
    placeholder: copy.form.emailPlaceholder,
    hint: copy.form.emailHint,
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
  {
    name: 'phone',
    label: copy.form.phone,
    placeholder: copy.form.phonePlaceholder,
    // A text field: HTML allows the national number's autofill there, not on type="tel"; the
    // input mode still opens the phone keypad.
    autoComplete: 'tel-national',
    inputMode: 'tel',
    // Before the page's code runs nothing masks it: ten characters at least, digits as the buyer
    // types them, or the mask's "(11) 98765-4321".
    pattern: '[\\d\\s\\(\\)\\-]{10,}',
  },
  {
    name: 'document',
    label: copy.form.document,
    placeholder: copy.form.documentPlaceholder,
    hint: copy.form.documentHint,
    inputMode: 'numeric',
  },
];

/**
 * The form's rules are the API's zod schema (buyer-checks.ts), in a chunk of its own: fetched once
 * the form has painted, so the fields are typeable before zod has arrived. Until then no field
 * shows an error, and a submit waits for the rules.
 */
const buyerChecks = onDemand(() => import('./buyer-checks.ts'));

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
          'field-input',
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

/**
 * What the buyer typed and ticked in the prerendered form before its code arrived (the landing
 * page's checkout, payment-modal.tsx): the fields by their names.
 */
export function readTypedBuyer(form: HTMLFormElement): { values: Partial<BuyerValues>; whatsappConsent: boolean; bump: boolean } {
  const values: Partial<BuyerValues> = {};
  for (const field of buyerFields) {
    const input = form.elements.namedItem(field.name);
    if (input instanceof HTMLInputElement && input.value !== '') values[field.name] = input.value;
  }
  // Typed before the mask's code ran: formatted now, as it would have been while typed.
  if (values.phone !== undefined) values.phone = maskPhone(values.phone);
  const ticked = (name: string) => {
    const box = form.elements.namedItem(name);
    return box instanceof HTMLInputElement && box.checked;
  };
  return { values, whatsappConsent: ticked(CONSENT_BOX), bump: ticked(BUMP_BOX) };
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
  beforeSubmit,
  whatsappConsent,
  onWhatsappConsentChange,
}: {
  values: BuyerValues;
  onChange: (values: BuyerValues) => void;
  askDocument: boolean;
  processing: boolean;
  serverErrors: Record<string, string>;
  onSubmit: () => void;
  /** "Quero receber o PIX e o acesso pelo WhatsApp", under the phone: unticked until the buyer ticks it. */
  whatsappConsent: boolean;
  onWhatsappConsentChange: (checked: boolean) => void;
  /** Between the fields and the submit button: the order bump and the total (payment-modal.tsx). */
  beforeSubmit?: ReactNode;
}) {
  // A field's rule speaks once the field was left, or once a submit was tried; the phone's also
  // while it has too many digits.
  const [touched, setTouched] = useState<Partial<Record<BuyerField, boolean>>>({});
  // A field filled and left in the prerendered form, before this code arrived, was left as surely as one left now:
  // its rule speaks at once (a quick buyer on a slow phone otherwise met a greyed "GERAR PIX" with no reason given).
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const left: Partial<Record<BuyerField, boolean>> = {};
    for (const field of buyerFields) {
      const input = form.elements.namedItem(field.name);
      if (input instanceof HTMLInputElement && input.value !== '' && input !== document.activeElement) left[field.name] = true;
    }
    if (Object.keys(left).length > 0) setTouched((current) => ({ ...left, ...current }));
  }, []);
  const checkBuyer = buyerChecks.useLoaded(true, { afterPaint: true })?.checkBuyer;
  const errors = checkBuyer?.(values, askDocument) ?? {};
  const errorOf = (field: BuyerField) =>
    (touched[field] || (field === 'phone' && digitsOnly(values.phone).length > 11) ? errors[field] : undefined) ?? serverErrors[field];
  const set = (key: BuyerField) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value });
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

  // The rules block the submit even if the disabled button is bypassed (Enter key).
  const submitIfValid = (module: { checkBuyer: NonNullable<typeof checkBuyer> }) => {
    if (Object.keys(module.checkBuyer(values, askDocument)).length > 0) {
      setTouched({ name: true, email: true, phone: true, document: true });
      return;
    }
    onSubmit();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // In the tap's own task once the rules are here, so the order's request leaves in it (docs/benchmarks.md#tap-to-pix).
    const loaded = buyerChecks.ready();
    if (loaded) submitIfValid(loaded);
    else void buyerChecks.load().then(submitIfValid);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate={false} className="space-y-3.5">
      <fieldset disabled={processing} className="space-y-3.5">
        <legend className="mb-1 text-sm text-slate-400">{copy.form.legend}</legend>
        {buyerFields
          .filter((field) => field.name !== 'document' || askDocument)
          .map((field) => (
            <Field
              key={field.name}
              {...field}
              name={field.name}
              required
              value={values[field.name]}
              onChange={field.name === 'phone' ? setPhone : set(field.name)}
              onBlur={() => {
                setTouched((current) => ({ ...current, [field.name]: true }));
                if (field.name === 'email') checkEmail();
              }}
              error={errorOf(field.name)}
              below={
                field.name === 'email' && suggestion ? (
                  <EmailSuggestion
                    suggestion={suggestion}
                    onAccept={() => {
                      checkedEmail.current = suggestion;
                      onChange({ ...values, email: suggestion });
                      setSuggestion(null);
                    }}
                  />
                ) : field.name === 'phone' ? (
                  <WhatsappConsent checked={whatsappConsent} onCheckedChange={onWhatsappConsentChange} disabled={processing} />
                ) : null
              }
            />
          ))}
      </fieldset>
      {beforeSubmit}
      <Button type="submit" size="lg" block disabled={processing || errors.phone !== undefined}>
        {processing ? copy.form.processing : copy.form.submit}
      </Button>
      <p className="text-center text-xs text-slate-400">{copy.form.privacy}</p>
    </form>
  );
}

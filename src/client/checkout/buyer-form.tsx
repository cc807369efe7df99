import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { checkout as copy } from '../../content/checkout.ts';
import { digitsOnly } from '../../shared/digits.ts';
import { Button } from '../ui/button.tsx';
import { EmailSuggestion, FormField, useEmailSuggestion } from '../ui/form-field.tsx';
import { BUMP_BOX, CONSENT_BOX, type BuyerField, type BuyerValues } from './buyer-values.ts';
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
  const emailCheck = useEmailSuggestion(values.email);

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
            <FormField
              key={field.name}
              {...field}
              name={field.name}
              required
              value={values[field.name]}
              onChange={field.name === 'phone' ? setPhone : set(field.name)}
              onBlur={() => {
                setTouched((current) => ({ ...current, [field.name]: true }));
                if (field.name === 'email') emailCheck.check();
              }}
              error={errorOf(field.name)}
              below={
                field.name === 'email' && emailCheck.suggestion ? (
                  <EmailSuggestion
                    suggestion={emailCheck.suggestion}
                    onAccept={() => {
                      const accepted = emailCheck.accept();
                      if (accepted !== null) onChange({ ...values, email: accepted });
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

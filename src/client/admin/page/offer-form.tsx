import { useId, useState } from 'react';
import { lookEditor } from '../../../content/look.ts';
import { offerLabels, pageEditor as copy } from '../../../content/offer.ts';
import { cleanTyped } from '../../../shared/text.ts';
import { offerSections, type Offer, type OfferField, type OfferSectionKey, type ScalarField } from '../../../shared/offer.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { ColorInputs, ColorSuggestion } from './color-field.tsx';
import { ImageField } from './image-field.tsx';
import { LengthNote } from '../length-limit.tsx';
import { MoneyInput } from '../money-input.tsx';
import { SectionLayoutField } from './section-layout.tsx';
import type { OfferLayout } from '../../../shared/offer-layout.ts';
import { listOf, moveItem, newItemId, withField, type ListItem } from './offer-edit.ts';

/** A list item's field may have a label of its own (`steps.title`) beside the section's (`title`). */
const itemLabel = (fields: Record<string, string>, list: string, key: string) => fields[`${list}.${key}`] ?? fields[key] ?? key;

/** The share of a text's limit from which its count shows under it. */
const COUNT_FROM = 0.8;

const inputClass =
  'mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 py-2 text-white aria-invalid:border-danger disabled:opacity-60';

interface FieldProps {
  id: string;
  label: string;
  field: ScalarField;
  value: string | number;
  error: string | undefined;
  disabled: boolean;
  note?: string;
  /** A choice's values in pt-BR (`offerLabels[section].choices`). */
  choices?: Record<string, string>;
  onChange: (value: string | number) => void;
}

/** One field: a line, a paragraph, a link, an amount in reais or a choice; its refusal under it, tied to it for screen readers. */
function OfferField({ id, label, field, value, error, disabled, note, choices, onChange }: FieldProps) {
  // What a paste brought that would publish unseen is taken out as it comes, and said under the field.
  const [cleaned, setCleaned] = useState(false);
  const typed = (raw: string) => {
    const clean = cleanTyped(raw, field.kind === 'lines');
    setCleaned(clean !== raw);
    onChange(clean);
  };
  if (field.kind === 'image')
    return (
      <ImageField
        id={id}
        label={label}
        value={typeof value === 'string' ? value : ''}
        error={error}
        disabled={disabled}
        onChange={onChange}
      />
    );
  // A price's box says how to write it, unless a note says why it cannot be changed.
  const hint =
    note ??
    (field.kind === 'price' || field.kind === 'amount'
      ? copy.priceHint
      : field.kind === 'video'
        ? lookEditor.videoHint
        : field.kind === 'color'
          ? lookEditor.colorHint
          : undefined);
  // A text's count shows as it nears its limit; past it the schema's refusal says so, and the text stays as typed.
  const limit = field.kind === 'line' || field.kind === 'lines' ? field.max : undefined;
  const counted = limit !== undefined && String(value).length >= limit * COUNT_FROM;
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-note` : '', cleaned ? `${id}-cleaned` : '', counted ? `${id}-length` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const common = { id, disabled, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: inputClass };
  let control;
  if (field.kind === 'lines') {
    control = <textarea {...common} rows={3} value={String(value)} onChange={(event) => typed(event.target.value)} />;
  } else if (field.kind === 'color') {
    control = <ColorInputs text={common} value={String(value)} onChange={onChange} />;
  } else if (field.kind === 'choice') {
    control = (
      <select {...common} value={String(value)} onChange={(event) => onChange(event.target.value)}>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {choices?.[option] ?? option}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'price' || field.kind === 'amount') {
    // Typed as the seller writes it ("R$ 29,90", "1.990,00"); the schema's words refuse what is no price, never the browser's.
    // Unreadable text stays in the draft as typed, for the schema to refuse in words: a NaN would reach a formatter and throw.
    control = <MoneyInput {...common} placeholder={copy.pricePlaceholder} value={value} onAmount={onChange} />;
  } else {
    const type = field.kind === 'link' || field.kind === 'video' ? 'url' : 'text';
    control = <input {...common} type={type} value={String(value)} onChange={(event) => typed(event.target.value)} />;
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-200">
        {label}
      </label>
      {control}
      {hint ? (
        <p id={`${id}-note`} className={cn('mt-1 text-xs', note ? 'text-gold-300' : 'text-slate-400')}>
          {hint}
        </p>
      ) : null}
      {limit !== undefined ? (
        <LengthNote id={`${id}-length`} value={String(value)} max={limit} from={limit * COUNT_FROM} message={false} />
      ) : null}
      {cleaned ? (
        <p id={`${id}-cleaned`} role="status" className="mt-1 text-xs text-gold-300">
          {copy.cleanedNote}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {field.kind === 'color' && error ? <ColorSuggestion value={String(value)} disabled={disabled} onChange={onChange} /> : null}
    </div>
  );
}

/**
 * The form of one section, drawn from its description (shared/offer.ts): the server validates the
 * same fields with the same schema. Lists (the FAQ) add, remove and reorder their items.
 */
export function OfferSectionForm({
  section,
  offer,
  errors,
  locked,
  fromEnvironment,
  onChange,
}: {
  section: OfferSectionKey;
  offer: Offer;
  errors: Record<string, string>;
  /** Fields a publish may not change, by path (`product.priceCents`: the PIX provider's catalogue decides it). */
  locked: readonly string[];
  fromEnvironment: readonly string[];
  onChange: (offer: Offer) => void;
}) {
  const id = useId();
  const labels = offerLabels[section];
  const values = offer[section] as Record<string, unknown>;
  return (
    <fieldset data-offer-section={section} tabIndex={-1} className="space-y-4 rounded-2xl border border-line bg-ink-850 p-4">
      <legend className="px-1 text-base font-extrabold text-white">{labels.title}</legend>
      {labels.hint ? <p className="text-sm text-slate-400">{labels.hint}</p> : null}
      {Object.entries(offerSections[section] as Readonly<Record<string, OfferField>>).map(([name, field]) => {
        const path = `${section}.${name}`;
        if (field.kind === 'layout')
          return (
            <SectionLayoutField
              key={name}
              value={values[name] as OfferLayout}
              onChange={(layout) => onChange(withField(offer, section, name, layout))}
            />
          );
        if (field.kind !== 'list') {
          return (
            <OfferField
              key={name}
              id={`${id}-${name}`}
              label={labels.fields[name] ?? name}
              field={field}
              value={values[name] as string | number}
              error={errors[path]}
              disabled={locked.includes(path)}
              {...(section === 'seller' && fromEnvironment.includes(name) ? { note: copy.fromEnvironment } : {})}
              {...(locked.includes(path) ? { note: copy.priceFromProvider } : {})}
              onChange={(value) => onChange(withField(offer, section, name, value))}
            />
          );
        }
        const items = listOf(offer, section, name);
        const setItems = (next: ListItem[]) => onChange(withField(offer, section, name, next));
        // A choice starts at its first value: an empty one is no answer the select can show.
        const blank = () =>
          ({
            id: newItemId(),
            ...Object.fromEntries(
              Object.entries(field.item).map(([key, itemField]) => [key, itemField.kind === 'choice' ? itemField.options[0] : '']),
            ),
          }) as ListItem;
        const listLabel = labels.fields[name] ?? name;
        return (
          <div key={name} className="space-y-3">
            <p className="text-sm font-bold text-slate-200">{listLabel}</p>
            {errors[path] ? <p className="text-sm text-red-300">{errors[path]}</p> : null}
            <ol className="space-y-3">
              {items.map((item, index) => (
                <li key={item.id} className="space-y-3 rounded-xl border border-line/70 bg-ink-900/60 p-3">
                  <p className="text-xs font-bold tracking-wider text-slate-400 uppercase">{copy.item(listLabel, index, items.length)}</p>
                  {Object.entries(field.item).map(([itemKey, itemField]) => (
                    <OfferField
                      key={itemKey}
                      id={`${id}-${name}-${index}-${itemKey}`}
                      label={itemLabel(labels.fields, name, itemKey)}
                      field={itemField}
                      value={item[itemKey] ?? ''}
                      error={errors[`${path}.${index}.${itemKey}`]}
                      disabled={false}
                      {...(labels.choices ? { choices: labels.choices } : {})}
                      onChange={(value) => setItems(items.map((each, at) => (at === index ? { ...each, [itemKey]: value } : each)))}
                    />
                  ))}
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" disabled={index === 0} onClick={() => setItems(moveItem(items, index, -1) ?? items)}>
                      {copy.moveUp}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={index === items.length - 1}
                      onClick={() => setItems(moveItem(items, index, 1) ?? items)}
                    >
                      {copy.moveDown}
                    </Button>
                    <Button
                      variant="danger"
                      disabled={items.length <= field.min}
                      onClick={() => setItems(items.filter((_item, at) => at !== index))}
                    >
                      {copy.removeItem}
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
            {items.length < field.max ? (
              <Button variant="secondary" onClick={() => setItems([...items, blank()])}>
                {copy.addItem}: {itemLabel(labels.fields, name, Object.keys(field.item)[0]!).toLowerCase()}
              </Button>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

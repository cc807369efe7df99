import { useId, useState, type FormEvent } from 'react';
import { affiliatesConsole } from '../../../content/affiliates.ts';
import { COMMISSION_ITEMS, type CommissionItem } from '../../../shared/affiliates.ts';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { percentToRate, rateToPercent } from './affiliates-api.ts';

const copy = affiliatesConsole.rates;
type Rates = Record<CommissionItem, number | null>;

/** The three rates of an item each: the shop's defaults (none empty), or an affiliate's own (empty follows the default). */
export function RatesForm({
  title,
  rates,
  optional,
  onSave,
}: {
  title: string;
  rates: Rates;
  optional: boolean;
  onSave: (rates: Rates) => Promise<unknown>;
}) {
  const id = useId();
  const [texts, setTexts] = useState(() => Object.fromEntries(COMMISSION_ITEMS.map((item) => [item, rateToPercent(rates[item])])));
  const [message, setMessage] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = Object.fromEntries(COMMISSION_ITEMS.map((item) => [item, percentToRate(texts[item] ?? '')])) as Record<
      CommissionItem,
      number | null | undefined
    >;
    if (Object.values(parsed).some((rate) => rate === undefined || (!optional && rate === null))) {
      setMessage(affiliatesConsole.api.invalidRates);
      return;
    }
    try {
      await onSave(parsed as Rates);
      setMessage(copy.saved);
    } catch (failure) {
      setMessage(failure instanceof ApiError ? failure.message : affiliatesConsole.api.invalidRates);
    }
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-2">
      <h4 id={`${id}-title`} className="text-sm font-bold text-white">
        {title}
      </h4>
      <div className="grid gap-2 sm:grid-cols-3">
        {COMMISSION_ITEMS.map((item) => (
          <label key={item} className="block text-sm text-slate-200">
            {copy[item]}
            <input
              inputMode="decimal"
              value={texts[item] ?? ''}
              required={!optional}
              onChange={(event) => setTexts((previous) => ({ ...previous, [item]: event.target.value }))}
              className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white"
            />
          </label>
        ))}
      </div>
      {message ? <p className="text-sm text-slate-300">{message}</p> : null}
      <Button type="submit" variant="secondary">
        {copy.save}
      </Button>
    </form>
  );
}

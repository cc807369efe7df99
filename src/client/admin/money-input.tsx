import type { ComponentProps } from 'react';
import { parseReais, reaisText } from '../../shared/money.ts';

type MoneyInputProps = Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'onChange' | 'inputMode' | 'type'> & {
  /** Centavos, or the text typed when it is no amount (yet). */
  value: number | string;
  onAmount: (value: number | string) => void;
};

/**
 * An amount in reais, typed as a seller writes a price ("R$ 29,90", "1.990,00", "19"; docs/editing.md#prices): what
 * reaches the form is centavos, or the text as typed when it is no amount, for the form to refuse in words (never the
 * browser's, never a NaN a formatter would throw on). Uncontrolled, so the box keeps the seller's own writing ("50,"
 * on the way to "50,00") and its caret, while the form holds the number. The page's prices and the payouts' amounts.
 */
export function MoneyInput({ value, onAmount, ...input }: MoneyInputProps) {
  return (
    <input
      {...input}
      inputMode="decimal"
      defaultValue={typeof value === 'number' ? reaisText(value) : value}
      onChange={(event) => onAmount(parseReais(event.target.value) ?? event.target.value)}
    />
  );
}

import type { CountLabel } from '../shared/text.ts';

/**
 * The units of the offer countdown, in the spec's "00 horas 15:00" style; days appear only when
 * the deadline is a day or more away ("2 dias 03 horas 15:00").
 */
export const countdownUnits: { readonly day: CountLabel; readonly hour: CountLabel } = {
  day: { one: 'dia', other: 'dias' },
  hour: { one: 'hora', other: 'horas' },
};

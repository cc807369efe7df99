import { formatBRL } from '../../shared/money.ts';
import { BUSINESS_TIME_ZONE } from '../../shared/time.ts';

export { formatBRL };

/** An amount a draft holds: centavos in reais, or the text the seller typed that is no amount yet, as typed. */
export const formatDraftAmount = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? formatBRL(value) : typeof value === 'string' && value.trim() !== '' ? value : '—';

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, day: '2-digit', month: '2-digit' });

export const formatDateTime = (at: number) => dateTime.format(at);
/** An instant's time of day in the business time zone: "14:32". */
export const formatTime = (at: number) => timeOnly.format(at);
/** "2025-03-10" → "10/03". */
export const formatDay = (day: string) => dateOnly.format(new Date(`${day}T12:00:00Z`));
/** An instant's day in the business time zone: "10/03". */
export const formatDate = (at: number) => dateOnly.format(at);
const wholeNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
/** A whole count in pt-BR: "12.500". */
export const formatWhole = (value: number) => wholeNumber.format(value);
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1).replace('.', ',')}%`);

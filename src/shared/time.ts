/** The seller's calendar: days and months are counted in Brazil's official time. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function businessDay(at: Date | number = Date.now()): string {
  return dayFormat.format(typeof at === 'number' ? new Date(at) : at);
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function zoneOffsetMs(at: number): number {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

function businessMidnight(year: number, month: number, day: number): number {
  const guess = Date.UTC(year, month, day);
  return guess - zoneOffsetMs(guess - zoneOffsetMs(guess));
}

export function businessMonth(at: number = Date.now()): { start: number; nextStart: number } {
  const [year, month] = businessDay(at).split('-').map(Number) as [number, number];
  return { start: businessMidnight(year, month - 1, 1), nextStart: businessMidnight(year, month, 1) };
}

export function businessDayStart(day: string, days = 0): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return businessMidnight(year, month - 1, date + days);
}

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

export function formatDateTime(at: number): string {
  return dateTimeFormat.format(at);
}

/** A PIX's expiry: "23/11/2026 às 18:47", São Paulo time (the copy says "horário de Brasília"). */
export function formatExpiry(at: number): string {
  return formatDateTime(at).replace(', ', ' às ');
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short' });

export function formatDate(at: number): string {
  return dateFormat.format(at);
}

const timestampFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Built from the parts, so no engine's separator leaks into a record. */
export function formatTimestamp(at: number): string {
  const parts = Object.fromEntries(timestampFormat.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

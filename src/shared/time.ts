/** The seller's calendar: days and months are counted in Brazil's official time. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) in São Paulo at the given instant. */
export function businessDay(at: Date | number = Date.now()): string {
  return dayFormat.format(typeof at === 'number' ? new Date(at) : at);
}

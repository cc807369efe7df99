/**
 * What the page says while this month's spots are sold out (docs/product.md#2-live-signals-tell-the-truth).
 * A module of its own: every buy button loads it up front, while the rest of the scarcity
 * section's copy (scarcity.ts) comes with that section, below the fold.
 */
export const soldOut = {
  title: 'Vagas esgotadas este mês',
  /** `date` is already formatted for pt-BR, e.g. "1º de abril". */
  nextBatch: (date: string) => `Próximo lote abre em ${date}`,
  /** What every buy button says while the month is sold out. */
  buttonLabel: 'VAGAS ESGOTADAS',
} as const;

// Made on first use, not when the page's script starts: building a formatter with a time zone
// loads the browser's time-zone data, ≈ 50 ms on the main thread of a slow phone, and the landing
// page only needs it once the month is sold out.
let nextBatchFormat: Intl.DateTimeFormat | undefined;

/** When the next batch opens, as the copy says it: "1º de abril" (São Paulo calendar). */
export function formatNextBatchDate(at: number): string {
  nextBatchFormat ??= new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', timeZone: 'America/Sao_Paulo' });
  return nextBatchFormat.format(new Date(at)).replace(/^1 de/, '1º de');
}

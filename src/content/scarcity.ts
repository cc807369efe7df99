/**
 * Section 10 of the landing page: the scarcity block. The numbers are real (docs/product.md#2-live-signals-tell-the-truth): the
 * server counts the remaining spots of the month and the visitors with the page open; this module
 * only holds the words around them.
 */

import { formatCount } from '../shared/text.ts';

/** Sold-out words, its own object: every buy button loads them up front, the section's copy comes with the section. */
export const soldOut = {
  title: 'Vagas esgotadas este mês',
  /** `date` is already formatted for pt-BR, e.g. "1º de abril". */
  nextBatch: (date: string) => `Próximo lote abre em ${date}`,
  /** What every buy button says while the month is sold out. */
  buttonLabel: 'VAGAS ESGOTADAS',
} as const;

export const scarcity = {
  eyebrow: 'Vagas limitadas',
  title: 'Garanta a sua vaga deste mês',
  /** The seller's monthly capacity (spec: 100 accesses per month; MONTHLY_CAPACITY). */
  capacityClaim: (capacity: number) => `Liberamos apenas ${formatCount(capacity, { one: 'acesso', other: 'acessos' })} por mês.`,
  remainingLabel: { one: 'vaga restante', other: 'vagas restantes' },
  /** Shown only when someone else has the page open too (docs/product.md#2-live-signals-tell-the-truth). */
  viewersLabel: { one: 'pessoa vendo agora', other: 'pessoas vendo agora' },
  cta: 'GARANTIR MINHA VAGA AGORA',
  soldOut,
} as const;

const nextBatchFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', timeZone: 'America/Sao_Paulo' });

/** When the next batch opens, as the copy says it: "1º de abril" (São Paulo calendar). */
export function formatNextBatchDate(at: number): string {
  return nextBatchFormat.format(new Date(at)).replace(/^1 de/, '1º de');
}

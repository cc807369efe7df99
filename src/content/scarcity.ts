/**
 * Section 10 of the landing page: the scarcity block. The numbers are real (docs/product.md#2-live-signals-tell-the-truth): the
 * server counts the remaining spots of the month and the visitors with the page open; this module
 * only holds the words around them.
 */

import { formatCount } from '../shared/text.ts';
import { soldOut } from './sold-out.ts';

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

/** Money is integer centavos everywhere; this is the one place it becomes text. */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 4990 → "R$ 49,90" (with the non-breaking space pt-BR uses, so the symbol never wraps alone). */
export function formatBRL(cents: number): string {
  if (!Number.isInteger(cents)) throw new TypeError(`amount must be integer centavos, got ${cents}`);
  return brl.format(cents / 100);
}

export function formatCentsNumber(cents: number): string {
  return formatBRL(cents).replace(/^R\$\s/u, '');
}

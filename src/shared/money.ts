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

/** pt-BR's thousands dot and decimal comma ("1.990,00"), or a decimal point ("29.90"): the integer part, then 1–2 centavos' digits. */
const REAIS_FORMS = [/^(\d{1,3}(?:\.\d{3})+|\d{1,9})(?:,(\d{1,2}))?$/, /^(\d{1,9})\.(\d{1,2})$/];

/**
 * An amount as a seller types it, in centavos: "R$ 29,90", "29,90", "29.90", "1.990,00", "19" (signed: "-5" is
 * -500, for the caller to refuse in words); null when it is no amount. The console's price boxes and the
 * server's offer schema read it alike (docs/editing.md#prices).
 */
export function parseReais(text: string): number | null {
  const match = /^(-?)(?:R\$)?(-?)(.*)$/i.exec(text.replace(/[\s\u00a0]/gu, ''));
  if (!match) return null;
  const [, before = '', after = '', body = ''] = match;
  if (before && after) return null;
  for (const form of REAIS_FORMS) {
    const amount = form.exec(body);
    if (!amount) continue;
    const cents = Number(amount[1]!.replace(/[.,]/g, '')) * 100 + Number((amount[2] ?? '0').padEnd(2, '0'));
    return before || after ? -cents : cents;
  }
  return null;
}

/** 1990 → "19,90", 199000 → "1990,00": what the price box shows, which parseReais reads back. */
export function reaisText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)},${String(whole % 100).padStart(2, '0')}`;
}

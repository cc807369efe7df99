/** Through the decimal text, never `reais * 100`: 0.29 * 100 is 28.999999999999996, a wrong refund. */

/** The largest amount we ever send: far above any PIX a shop takes, far below where a double stops being exact. */
const MAX_CENTS = 100_000_000_000;

/** `1990` → `19.9`: the number whose shortest decimal text (what JSON.stringify writes) is exactly 19.90. */
export function centsToReais(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_CENTS) throw new TypeError(`not integer centavos: ${cents}`);
  const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  // Number() of a decimal text is the closest double, printed back as the shortest text: no arithmetic.
  return Number(text);
}

const REAIS_TEXT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** Null for a third decimal: a fraction of a centavo. */
export function reaisToCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // The shortest round-trip text: exactly the decimal the JSON carried when it had ≤ 17 digits.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = REAIS_TEXT.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) && cents <= MAX_CENTS ? cents : null;
}

// The first-party cookie that keeps an A/B test's variant after analytics consent (docs/experiments.md#assignment).
// No zod: the landing page's entry imports it.

export const VARIANT_COOKIE = 'vitrine_ab';
/** 90 days, in seconds. */
export const VARIANT_COOKIE_MAX_AGE = 90 * 86_400;
/** One running test per page and two pages: two tests' variants at most. */
const MAX_KEPT = 2;
const MAX_VALUE_LENGTH = 100;
const MARK = /^([A-Za-z0-9_-]{1,40})\.([0-3])$/;

export interface KeptVariant {
  experimentId: string;
  variant: number;
}

/** A page's `data-experiment` mark, `<test>.<variant>`, or null. */
export function parseMark(mark: string): KeptVariant | null {
  const match = MARK.exec(mark);
  return match ? { experimentId: match[1]!, variant: Number(match[2]) } : null;
}

/** The variants the cookie keeps, read from a Cookie header or `document.cookie`; a malformed value keeps none. */
export function keptVariants(cookies: string | undefined): KeptVariant[] {
  const prefix = `${VARIANT_COOKIE}=`;
  const value = (cookies ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!value || value.length > MAX_VALUE_LENGTH) return [];
  const kept = value.split('~').map(parseMark);
  return kept.length <= MAX_KEPT && kept.every((entry) => entry !== null) ? kept : [];
}

/** The cookie's value with `served` first and the other tests' variants after it. */
export function keptVariantsValue(kept: readonly KeptVariant[], served: KeptVariant): string {
  return [served, ...kept.filter((entry) => entry.experimentId !== served.experimentId)]
    .slice(0, MAX_KEPT)
    .map((entry) => `${entry.experimentId}.${entry.variant}`)
    .join('~');
}

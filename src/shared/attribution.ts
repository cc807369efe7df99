/** No zod here: the capture runs in every page's first-load script (docs/tracking.md#attribution). */
export const ATTRIBUTION_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'src',
  'sck',
  'fbclid',
  'gclid',
] as const;

export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
export type Attribution = Partial<Record<AttributionKey, string>>;

/** Longer values are cut: no ad platform makes them longer, and the order must never fail on them. */
export const MAX_ATTRIBUTION_LENGTH = 200;

// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Never an error: attribution must not stop a sale. */
export function cleanAttribution(input: unknown): Attribution {
  const result: Attribution = {};
  if (typeof input !== 'object' || input === null) return result;
  const record = input as Record<string, unknown>;
  for (const key of ATTRIBUTION_KEYS) {
    const value = record[key];
    if (typeof value !== 'string') continue;
    const clean = value.replace(CONTROL_CHARACTERS, '').trim().slice(0, MAX_ATTRIBUTION_LENGTH);
    if (clean) result[key] = clean;
  }
  return result;
}

export function attributionFromSearch(search: string): Attribution {
  const params = new URLSearchParams(search);
  const found: Record<string, string> = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = params.get(key);
    if (value !== null) found[key] = value;
  }
  return cleanAttribution(found);
}

/** How the report and the console name a source or campaign that was not given. */
export const NO_ATTRIBUTION = '(none)';

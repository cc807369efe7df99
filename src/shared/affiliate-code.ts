// No zod: the landing page's first-load script reads the link's code.

/** `/presell?af=CODE` (docs/affiliates.md#links). */
export const AFFILIATE_PARAM = 'af';
/** Written only after "Aceitar", for the seller's window. */
export const AFFILIATE_COOKIE = 'vitrine_af';
const CODE = /^[a-z0-9]{4,16}$/;

/** Never an error: a mangled code must not stop a sale, it only attributes nothing. */
export function cleanAffiliateCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const code = input.trim().toLowerCase();
  return CODE.test(code) ? code : null;
}

export function affiliateCodeFromSearch(search: string): string | null {
  return cleanAffiliateCode(new URLSearchParams(search).get(AFFILIATE_PARAM));
}

/** The code the cookie keeps, from a Cookie header or `document.cookie`. */
export function keptAffiliateCode(cookies: string): string | null {
  const prefix = `${AFFILIATE_COOKIE}=`;
  const entry = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return entry === undefined ? null : cleanAffiliateCode(entry.slice(prefix.length));
}

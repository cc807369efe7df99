import { affiliateCodeFromSearch, cleanAffiliateCode, keptAffiliateCode } from '../../shared/affiliate-code.ts';
import { readConsent } from './consent.ts';
import { getPublicConfig } from './public-config.ts';

/**
 * The visit's affiliate code, kept like its campaign parameters (lib/attribution.ts) in sessionStorage: gone with the
 * tab, no cookie, so a buyer who refuses cookies and pays in the same visit is attributed (docs/affiliates.md#links).
 */
const VISIT_KEY = 'vitrine_affiliate';

export function captureAffiliateCode(): void {
  try {
    const code = affiliateCodeFromSearch(window.location.search);
    if (code === null) return;
    if (getPublicConfig().affiliateCookie.click === 'first' && window.sessionStorage.getItem(VISIT_KEY) !== null) return;
    window.sessionStorage.setItem(VISIT_KEY, code);
  } catch {
    // Storage disabled: the sale goes unattributed.
  }
}

export function visitAffiliateCode(): string | null {
  try {
    return cleanAffiliateCode(window.sessionStorage.getItem(VISIT_KEY));
  } catch {
    return null;
  }
}

/** What the checkout sends: the visit's code and, after "Aceitar", the cookie's, the seller's click choosing. */
export function readAffiliateCode(): string | null {
  const visit = visitAffiliateCode();
  const kept = readConsent() === 'granted' ? keptAffiliateCode(document.cookie) : null;
  return getPublicConfig().affiliateCookie.click === 'first' ? (kept ?? visit) : (visit ?? kept);
}

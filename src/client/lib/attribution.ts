import { attributionFromSearch, cleanAttribution, type Attribution } from '../../shared/attribution.ts';
import { captureAffiliateCode } from './affiliate-link.ts';

/**
 * The visit's campaign parameters (utm_*, src, sck, fbclid, gclid), kept from its first page in
 * sessionStorage: first-party, gone with the tab, and no cookie (none may be set before consent).
 * The first page that carried any of them wins; later pages of the visit change nothing. Called
 * at start by main.tsx and pages/islands-start.tsx; only the checkout reads it back.
 */
const ATTRIBUTION_KEY = 'vitrine_attribution';

export function captureAttribution(): void {
  captureAffiliateCode();
  try {
    if (window.sessionStorage.getItem(ATTRIBUTION_KEY) !== null) return;
    const found = attributionFromSearch(window.location.search);
    if (Object.keys(found).length > 0) window.sessionStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(found));
  } catch {
    // Storage disabled: the sale simply goes unattributed.
  }
}

/** What the checkout sends with the order. */
export function readAttribution(): Attribution {
  try {
    return cleanAttribution(JSON.parse(window.sessionStorage.getItem(ATTRIBUTION_KEY) ?? 'null'));
  } catch {
    return {};
  }
}

import type { Attribution } from '../../shared/attribution.ts';
import type { TrackingContext } from '../../shared/tracking-context.ts';
import { readAffiliateCode } from '../lib/affiliate-link.ts';
import { readAttribution } from '../lib/attribution.ts';
import { readConsent } from '../lib/consent.ts';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/**
 * What the order carries besides the form: the visit's campaign parameters, the cookie notice's
 * answer and, only after "Aceitar", the Pixel's and GA4's own cookies, so the server's Purchase
 * (Conversions API, Measurement Protocol) is matched to this visitor. Nothing of the kind without consent.
 */
export function orderContext(): { attribution: Attribution; affiliate: string | null; tracking: TrackingContext } {
  const consent = readConsent() ?? 'unset';
  const tracking: TrackingContext =
    consent === 'granted' ? { consent, fbp: readCookie('_fbp'), fbc: readCookie('_fbc'), ga: readCookie('_ga') } : { consent };
  return { attribution: readAttribution(), affiliate: readAffiliateCode(), tracking };
}

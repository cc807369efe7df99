import { AFFILIATE_COOKIE, keptAffiliateCode } from '../../shared/affiliate-code.ts';
import { visitAffiliateCode } from './affiliate-link.ts';
import { readConsent } from './consent.ts';
import { getPublicConfig } from './public-config.ts';

/** Loaded only after "Aceitar", or to delete the cookie after "Recusar" (lib/analytics.ts). */
export function syncAffiliateCookie(): void {
  const { days, click } = getPublicConfig().affiliateCookie;
  const attributes = `; Path=/; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`;
  const kept = keptAffiliateCode(document.cookie);
  if (readConsent() !== 'granted' || days === 0) {
    if (document.cookie.includes(`${AFFILIATE_COOKIE}=`)) document.cookie = `${AFFILIATE_COOKIE}=; Max-Age=0${attributes}`;
    return;
  }
  const visit = visitAffiliateCode();
  if (visit === null || (click === 'first' && kept !== null)) return;
  document.cookie = `${AFFILIATE_COOKIE}=${visit}; Max-Age=${days * 86_400}${attributes}`;
}

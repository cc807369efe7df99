import {
  keptVariants,
  keptVariantsValue,
  parseMark,
  VARIANT_COOKIE,
  VARIANT_COOKIE_MAX_AGE,
} from '../../shared/experiments/variant-cookie.ts';
import { readConsent } from './consent.ts';

/**
 * After analytics consent, the A/B test variant this page was served (`<html data-experiment>`) is kept in a first-party
 * cookie, which the server honours on later days; none before consent, and refusing deletes it (docs/experiments.md#assignment).
 */
export function syncVariantCookie(): void {
  const attributes = `; Path=/; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`;
  const kept = keptVariants(document.cookie);
  if (readConsent() !== 'granted') {
    if (document.cookie.split(';').some((part) => part.trim().startsWith(`${VARIANT_COOKIE}=`)))
      document.cookie = `${VARIANT_COOKIE}=; Max-Age=0${attributes}`;
    return;
  }
  const served = parseMark(document.documentElement.dataset.experiment ?? '');
  if (served) document.cookie = `${VARIANT_COOKIE}=${keptVariantsValue(kept, served)}; Max-Age=${VARIANT_COOKIE_MAX_AGE}${attributes}`;
}

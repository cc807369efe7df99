/**
 * The visitor's answer to the cookie notice, remembered in localStorage. Until it is "granted",
 * no tracker script is requested and no tracker cookie can be set (LGPD, docs/product.md#5-tracking-waits-for-consent).
 */
export type ConsentChoice = 'granted' | 'denied';

const CONSENT_KEY = 'vitrine_consent';
export const CONSENT_CHANGED_EVENT = 'vitrine:consent-changed';
/** Dispatched by the footer's "Preferências de cookies" link to show the notice again. */
export const OPEN_CONSENT_EVENT = 'vitrine:open-consent';

export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function writeConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Without storage the choice holds for this page only.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGED_EVENT, { detail: choice }));
}

export function openConsentPreferences(): void {
  window.dispatchEvent(new Event(OPEN_CONSENT_EVENT));
}

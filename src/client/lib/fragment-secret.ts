/**
 * A secret an e-mailed link carries in its fragment (`#k=…` on the order page, `#t=…` on the review
 * page): read once, kept for this tab (a reload keeps working) and taken out of the address bar at
 * once, before any tracker could read the URL. The fragment never reaches a server or a Referer.
 */
export function takeFragmentSecret(pattern: RegExp, storageKey: string): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const fromLink = pattern.exec(window.location.hash)?.[1];
  try {
    if (fromLink) {
      window.sessionStorage.setItem(storageKey, fromLink);
      // The query stays: the bank's way back says there how it went (`?banco=`, `?vinculo=`).
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
      return fromLink;
    }
    return window.sessionStorage.getItem(storageKey) ?? undefined;
  } catch {
    return fromLink;
  }
}
